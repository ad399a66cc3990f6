import { describe, expect, it } from "vitest";
import { formValues } from "~/lib/form-values";
import { issuesToFieldErrors } from "~/lib/staff-action";
import { ContactRequestActionSchema, INTENTS, validationToast } from "./staff-schema";

const ID = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";

/** The schema's answer to the fields a form posts. */
function check(fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const parsed = ContactRequestActionSchema.safeParse(formValues(form));
  return parsed.success
    ? { ok: true as const, value: parsed.data }
    : { ok: false as const, fieldErrors: issuesToFieldErrors(parsed.error) };
}

describe("the inbox's forms", () => {
  it("knows every intent its pages post", () => {
    expect(INTENTS).toEqual([
      "renvoyer",
      "statut",
      "assigner",
      "note",
      "note-modifier",
      "repondre",
      "renvoyer-courriel",
      "liberer",
      "supprimer",
      "effacer-personne",
    ]);
  });

  it("keeps a note's line breaks plain and its ends trimmed", () => {
    expect(check({ id: ID, intent: "note", body: "  Rappeler\r\nlundi \r " })).toEqual({
      ok: true,
      value: { intent: "note", id: ID, body: "Rappeler\nlundi" },
    });
  });

  it("refuses a blank or too long note on its field, with its French message", () => {
    const blank = check({ id: ID, intent: "note", body: " \n " });
    expect(blank).toEqual({ ok: false, fieldErrors: { body: "La note est vide." } });
    expect(validationToast(blank.ok ? {} : blank.fieldErrors)).toEqual({
      type: "error",
      title: "Erreur",
      description: "La note est vide.",
    });
    const missing = check({ id: ID, intent: "note" });
    expect(missing.ok ? null : missing.fieldErrors.body).toBe("La note est vide.");
    const long = check({ id: ID, intent: "note-modifier", noteId: ID, body: "x".repeat(5001) });
    expect(long.ok ? null : long.fieldErrors.body).toBe("Une note compte au plus 5000 caractères.");
  });

  it("a reply's subject is optional, one line, at most 200 characters", () => {
    expect(check({ id: ID, intent: "repondre", body: "Bonjour" })).toMatchObject({ ok: true, value: { subject: "" } });
    expect(check({ id: ID, intent: "repondre", subject: " Votre\n soumission ", body: "Oui" })).toMatchObject({
      ok: true,
      value: { subject: "Votre soumission" },
    });
    const long = check({ id: ID, intent: "repondre", subject: "x".repeat(201), body: "Oui" });
    expect(long.ok ? null : long.fieldErrors.subject).toBe("L'objet compte au plus 200 caractères.");
    const empty = check({ id: ID, intent: "repondre", subject: "", body: "\r\n" });
    expect(empty.ok ? null : empty.fieldErrors.body).toBe("La réponse est vide.");
  });

  it("a form that no longer matches the page is an unknown action", () => {
    const refused: Record<string, string>[] = [
      { id: ID, intent: "traiter" },
      { id: "7", intent: "renvoyer" },
      { id: ID, intent: "statut", stage: "terminee" },
      { id: ID, intent: "supprimer" },
      { id: ID, intent: "supprimer", confirmation: "oui" },
    ];
    for (const fields of refused) {
      const result = check(fields);
      expect(result.ok, JSON.stringify(fields)).toBe(false);
      expect(validationToast(result.ok ? {} : result.fieldErrors).description).toBe(
        "Action inconnue. Veuillez rafraîchir la page.",
      );
    }
    expect(check({ id: ID, intent: "supprimer", confirmation: "supprimer" }).ok).toBe(true);
  });
});

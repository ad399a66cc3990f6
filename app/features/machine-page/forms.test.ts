import { describe, expect, it } from "vitest";
import {
  PROBLEM_KINDS,
  REFUND_METHODS,
  checkProblem,
  checkRefund,
  checkSuggestion,
  problemLabel,
  readAmount,
  refundMethodLabel,
} from "./forms";

/** The default most one may ask back at a machine (the owner's setting). */
const REFUND_MAX_CENTS = 2_000;

const now = new Date("2026-12-03T15:00:00Z"); // 10 h in Québec
const slots = new Set(["0:0", "0:1"]);
const PHONE = "418 555-0142";

describe("readAmount", () => {
  it("reads amounts as people write them, in cents", () => {
    expect(readAmount("2,50")).toBe(250);
    expect(readAmount("2.5")).toBe(250);
    expect(readAmount("3 $")).toBe(300);
    expect(readAmount("3$")).toBe(300);
    expect(readAmount("0,05")).toBe(5);
    for (const bad of ["", "deux", "2,505", "-3", "1e3", "12345"]) expect(readAmount(bad), bad).toBeNull();
  });
});

describe("checkProblem", () => {
  it("accepts a kind alone (now, no product, no contact)", () => {
    const checked = checkProblem(
      { probleme: "machine-vide", produit: "", quand: "", details: "", contact: "" },
      { slots, now },
    );
    expect(checked).toEqual({
      ok: true,
      data: { problem: "machine-vide", slot: null, occurredAt: now, details: "", email: null, phone: null },
    });
  });

  it("reads the time in Québec's clock and the contact as an email or a phone", () => {
    const checked = checkProblem(
      { probleme: "argent-garde", produit: "0:1", quand: "2026-12-03T09:15", details: "", contact: "418 555-0199" },
      { slots, now },
    );
    expect(checked.ok && checked.data.occurredAt.toISOString()).toBe("2026-12-03T14:15:00.000Z");
    expect(checked.ok && checked.data.phone).toBe("418 555-0199");
    const mail = checkProblem({ probleme: "autre", contact: "marie@exemple.ca" }, { slots, now });
    expect(mail.ok && mail.data.email).toBe("marie@exemple.ca");
  });

  it("names each bad field in French", () => {
    const checked = checkProblem(
      { probleme: "x", produit: "5:5", quand: "2026-12-04T10:00", details: "a".repeat(1001), contact: "123" },
      { slots, now },
    );
    expect(checked.ok).toBe(false);
    expect(!checked.ok && Object.keys(checked.errors.fields).sort()).toEqual([
      "contact",
      "details",
      "probleme",
      "produit",
      "quand",
    ]);
    const old = checkProblem({ probleme: "autre", quand: "2026-08-01T10:00" }, { slots, now });
    expect(!old.ok && old.errors.fields.quand).toBe("Indiquez un moment des 90 derniers jours.");
    const nonsense = checkProblem({ probleme: "autre", quand: "2026-02-31T10:00" }, { slots, now });
    expect(!nonsense.ok && nonsense.errors.fields.quand).toMatch(/^Indiquez la date/);
  });
});

describe("checkRefund", () => {
  const refund = { montant: "2,50", paiement: "carte", retour: "interac", courriel: "marie@exemple.ca" };
  it("accepts up to the maximum, with an email", () => {
    const ok = checkRefund({ ...refund, montant: "20" }, { slots, now, maxCents: REFUND_MAX_CENTS, phone: PHONE });
    expect(ok.ok && ok.data.cents).toBe(2000);
  });
  it("refuses more than the maximum, nothing, and a refund without an email", () => {
    const over = checkRefund({ ...refund, montant: "20,01" }, { slots, now, maxCents: REFUND_MAX_CENTS, phone: PHONE });
    expect(!over.ok && over.errors.fields.montant).toBe(
      "Le remboursement en ligne va jusqu'à 20,00\u00a0$. Au-delà, appelez-nous au 418 555-0142.",
    );
    const zero = checkRefund({ ...refund, montant: "0" }, { slots, now, maxCents: REFUND_MAX_CENTS, phone: PHONE });
    expect(!zero.ok && zero.errors.fields.montant).toBeTruthy();
    const noMail = checkRefund({ ...refund, courriel: "" }, { slots, now, maxCents: REFUND_MAX_CENTS, phone: PHONE });
    expect(!noMail.ok && noMail.errors.fields.courriel).toMatch(/^Indiquez votre courriel/);
  });
});

describe("checkSuggestion", () => {
  it("takes a catalogue id or a name of 2 to 80 characters", () => {
    expect(checkSuggestion({ produit_id: "", nom: "  Kombucha   gingembre " }).ok).toBe(true);
    expect(checkSuggestion({ produit_id: "", nom: "K" }).ok).toBe(false);
    expect(checkSuggestion({ produit_id: "pas-un-id", nom: "" }).ok).toBe(false);
  });
});

describe("the staff's labels", () => {
  it("say the person's first-person choices in the third person", () => {
    expect(problemLabel("argent-garde")).toBe("A gardé l'argent");
    expect(refundMethodLabel("interac")).toBe("Virement Interac au courriel donné");
    expect(refundMethodLabel("prochaine-visite")).toBe("En main propre à la prochaine visite");
    // The person still picks in the first person; the staff never read 'mon' or 'ma'.
    expect(PROBLEM_KINDS.find((k) => k.value === "argent-garde")!.label).toBe("A gardé mon argent");
    for (const { staffLabel } of [...PROBLEM_KINDS, ...REFUND_METHODS])
      expect(staffLabel).not.toMatch(/\b(mon|ma|mes)\b/);
  });
});

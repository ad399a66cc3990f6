import { describe, expect, it } from "vitest";
import { issuesToFieldErrors } from "~/lib/staff-action";
import { PROPOSAL_MSG } from "./rules";
import { clearTemplateSchema, resendSchema } from "./list-schema";
import { customiserFormSchema, sendFormSchema } from "./schema";

const P1 = "11111111-1111-4111-8111-111111111111";
const grid = { rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
const layout = (slots: unknown[]) => JSON.stringify({ sections: [grid], slots });
const client = { client_name: "Hélène", client_email: "helene@exemple.ca" };

describe("the send form", () => {
  it("needs a name and a valid address", () => {
    const bad = sendFormSchema.safeParse({ client_name: " ", client_email: "pas-une-adresse" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual([PROPOSAL_MSG.nameRequired, PROPOSAL_MSG.invalidEmail]);
    const good = sendFormSchema.safeParse({ ...client, contact_request_id: "" });
    expect(good.data).toEqual({ ...client, contact_request_id: null, message: "" });
  });

  it("folds line breaks and controls in the client's name", () => {
    const parsed = sendFormSchema.safeParse({ client_name: " Hélène\nBélanger ", client_email: "h@exemple.ca" });
    expect(parsed.success && parsed.data.client_name).toBe("Hélène Bélanger");
    expect(sendFormSchema.safeParse({ client_name: "\r\n", client_email: "h@exemple.ca" }).success).toBe(false);
  });
});

describe("the customiser's forms", () => {
  it("reads 'Envoyer' with its layout, and a revision's previous proposal when it is an id", () => {
    const slots = [{ section: 0, slot: 1, productId: P1 }];
    const parsed = customiserFormSchema.parse({
      intent: "send-proposal",
      ...client,
      layout: layout(slots),
      previous_id: P1,
    });
    expect(parsed).toMatchObject({ intent: "send-proposal", layout: { sections: [grid], slots }, previous_id: P1 });
    const junk = customiserFormSchema.parse({
      intent: "send-proposal",
      ...client,
      layout: layout(slots),
      previous_id: "x",
    });
    expect(junk).toMatchObject({ previous_id: null });
  });

  it("names each wrong field of 'Envoyer' at once, the layout's included", () => {
    const parsed = customiserFormSchema.safeParse({
      intent: "send-proposal",
      client_name: "Hélène",
      layout: layout([]),
    });
    expect(issuesToFieldErrors(parsed.error!)).toEqual({
      client_email: PROPOSAL_MSG.emailRequired,
      layout: PROPOSAL_MSG.noProduct,
    });
  });

  it("saves an empty layout as a template, not an unreadable one", () => {
    expect(customiserFormSchema.safeParse({ intent: "save-template", layout: layout([]) }).success).toBe(true);
    const bad = customiserFormSchema.safeParse({ intent: "save-template", layout: "{" });
    expect(issuesToFieldErrors(bad.error!)).toEqual({ layout: PROPOSAL_MSG.badLayout });
  });

  it("refuses an intent it does not know", () => {
    expect(customiserFormSchema.safeParse({ intent: "foo", layout: layout([]) }).success).toBe(false);
  });
});

describe("the list's and the machine editor's forms", () => {
  it("'Renvoyer' names a proposal by its id; 'Supprimer le modèle' by its intent alone", () => {
    expect(resendSchema.safeParse({ intent: "resend", id: P1 }).success).toBe(true);
    expect(resendSchema.safeParse({ intent: "resend", id: "../1" }).success).toBe(false);
    expect(clearTemplateSchema.safeParse({ intent: "clear-template" }).success).toBe(true);
    expect(clearTemplateSchema.safeParse({}).success).toBe(false);
  });
});

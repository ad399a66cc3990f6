import { describe, expect, it } from "vitest";
import { webhookBody } from "./webhook";

describe("the webhook's body", () => {
  it("is byte for byte the nine fields the previous site sent, whatever else the request holds", () => {
    const request = {
      id: "0b9c7a52-6f0e-4d3a-9a43-1c2f3e4d5a6b",
      machine: "Combo Élite 5000",
      nom_complet: "Marie Tremblay",
      courriel: "marie@exemple.ca",
      description_demande: "Une machine pour 40 employés.\nMerci !",
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-3-months",
      prefere_telephone: true,
      numero_telephone: "418 555-0199",
      timestamp: "2026-12-02T14:05:00.000Z",
      // A detail added to the request later stays out of the body.
      budget: "5 000 $",
    };
    expect(JSON.stringify(webhookBody(request))).toBe(
      '{"nom_complet":"Marie Tremblay","courriel":"marie@exemple.ca",' +
        '"description_demande":"Une machine pour 40 employés.\\nMerci !","type_emplacement":"office",' +
        '"emplacement":"quebec","date_installation":"1-3-months","prefere_telephone":true,' +
        '"numero_telephone":"418 555-0199","timestamp":"2026-12-02T14:05:00.000Z"}',
    );
  });

  it("sends a field not given as null, never leaves it out", () => {
    const body = webhookBody({
      nom_complet: "A",
      courriel: "a@exemple.ca",
      description_demande: "B",
      type_emplacement: null,
      emplacement: null,
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
      timestamp: "2026-12-02T14:05:00.000Z",
    });
    expect(Object.keys(body)).toHaveLength(9);
    expect(body.numero_telephone).toBeNull();
  });
});

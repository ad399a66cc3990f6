import { describe, expect, it } from "vitest";
import { describeDelivery, plural, type DeliveryFacts } from "./inbox";

const base: DeliveryFacts = { status: "pending", attempts: 0, lastError: null, deliveredAt: null, nextAttemptAt: null };

describe("describeDelivery", () => {
  it("says a delivered request was forwarded, and when", () => {
    expect(
      describeDelivery({ ...base, status: "delivered", attempts: 1, deliveredAt: "21 novembre 2026 à 14 h 05" }, true),
    ).toEqual({
      label: "Transmise",
      tone: "success",
      detail: "Transmise à votre outil de suivi le 21 novembre 2026 à 14 h 05.",
    });
  });

  it("says a failed request is kept and can be sent again", () => {
    const state = describeDelivery({ ...base, status: "failed", attempts: 10, lastError: "503" }, true);
    expect(state.label).toBe("Échec de l'envoi");
    expect(state.tone).toBe("danger");
    expect(state.detail).toContain("10 tentatives");
    expect(state.detail).toContain("renvoyer");
  });

  it("says a pending request without a webhook is kept here only", () => {
    expect(describeDelivery(base, false)).toMatchObject({ label: "Conservée ici", tone: "neutral" });
  });

  it("distinguishes a first send from a retry", () => {
    expect(describeDelivery(base, true)).toMatchObject({ label: "En cours d'envoi", tone: "waiting" });
    expect(describeDelivery({ ...base, attempts: 1, nextAttemptAt: "21 novembre 2026 à 14 h 06" }, true)).toEqual({
      label: "Nouvel essai prévu",
      tone: "waiting",
      detail: "1 tentative sans succès ; prochain essai le 21 novembre 2026 à 14 h 06.",
    });
  });
});

describe("formatting", () => {
  it("pluralises French nouns", () => {
    expect(plural(1, "tentative")).toBe("1 tentative");
    expect(plural(2, "tentative")).toBe("2 tentatives");
  });
});

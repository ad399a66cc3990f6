import { describe, expect, it } from "vitest";
import { splitSpecification, splitSpecifications } from "./specifications";

describe("splitSpecification", () => {
  it("splits at the first colon into label and value", () => {
    expect(splitSpecification("Hauteur: 183 cm")).toEqual({ label: "Hauteur", value: "183 cm" });
    expect(splitSpecification("  Largeur :  92 cm ")).toEqual({ label: "Largeur", value: "92 cm" });
  });

  it("keeps later colons in the value", () => {
    expect(splitSpecification("Heures: 7:00 à 22:00")).toEqual({ label: "Heures", value: "7:00 à 22:00" });
  });

  it("shows '-' when there is no value", () => {
    expect(splitSpecification("Paiement sans contact")).toEqual({ label: "Paiement sans contact", value: "-" });
    expect(splitSpecification("Garantie:")).toEqual({ label: "Garantie", value: "-" });
    expect(splitSpecification("Garantie:   ")).toEqual({ label: "Garantie", value: "-" });
  });

  it("keeps an empty label when the line starts with a colon", () => {
    expect(splitSpecification(": 120 V")).toEqual({ label: "", value: "120 V" });
  });
});

describe("splitSpecifications", () => {
  it("drops blank lines", () => {
    expect(splitSpecifications(["A: 1", "", "   ", null, "B"])).toEqual([
      { label: "A", value: "1" },
      { label: "B", value: "-" },
    ]);
  });
});

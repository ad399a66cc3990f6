import { describe, expect, it } from "vitest";
import { anonymised, ERASED_PERSON, erasureSummary, jsonEscaped, personNeedles } from "./erasure";

describe("erasure needles", () => {
  it("keeps names and addresses once, longest first, and drops texts too short to name anyone", () => {
    expect(
      personNeedles(["Élise D'Amours", "elise@exemple.ca", " élise  d'amours ", "Al", null, "", "ELISE@exemple.ca"]),
    ).toEqual(["elise@exemple.ca", "Élise D'Amours"]);
  });

  it("writes quotes and backslashes as a JSON document holds them", () => {
    expect(jsonEscaped('Jean "Johnny" \\ Roy')).toBe('Jean \\"Johnny\\" \\\\ Roy');
    expect(jsonEscaped("Élise D'Amours")).toBe("Élise D'Amours");
  });
});

describe("anonymised", () => {
  it("replaces the person in a line of the journal, case and spacing ignored", () => {
    const needles = personNeedles(["Élise D'Amours", "elise@exemple.ca"]);
    expect(anonymised("« Signature » pour Élise  d'amours (ELISE@exemple.ca)", needles)).toBe(
      `« Signature » pour ${ERASED_PERSON} (${ERASED_PERSON})`,
    );
  });

  it("leaves other lines as they were, and reads special characters literally", () => {
    expect(anonymised("Produit « Chips » modifié", ["Élise D'Amours"])).toBe("Produit « Chips » modifié");
    expect(anonymised("pour a.b (x)", ["a.b (x)"])).toBe(`pour ${ERASED_PERSON}`);
    expect(anonymised("pour aXb", ["a.b"])).toBe("pour aXb");
  });
});

describe("erasureSummary", () => {
  it("says what went, never whom", () => {
    expect(erasureSummary({ requests: 1, proposals: 2, messages: 0, journal: 3 })).toBe(
      "1 demande, 2 propositions, 0 courriel, 3 lignes du journal anonymisées",
    );
  });
});

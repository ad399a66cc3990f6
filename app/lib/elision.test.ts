import { describe, expect, it } from "vitest";
import { elide } from "./elision";

describe("elide", () => {
  it("elides de and que before a vowel, accented or not", () => {
    expect(elide("de", "Élise Gagnon")).toBe("d'Élise Gagnon");
    expect(elide("de", "Olivier")).toBe("d'Olivier");
    expect(elide("de", "yves")).toBe("d'yves");
    expect(elide("que", "Émile")).toBe("qu'Émile");
    expect(elide("de", "  Anne")).toBe("d'Anne");
  });

  it("keeps the whole word before a consonant, an h or anything else", () => {
    expect(elide("de", "Marc Tremblay")).toBe("de Marc Tremblay");
    expect(elide("de", "Hugues")).toBe("de Hugues");
    expect(elide("que", "Marie")).toBe("que Marie");
    expect(elide("de", "3M Canada")).toBe("de 3M Canada");
    expect(elide("de", "")).toBe("de ");
  });
});

import { describe, expect, it } from "vitest";
import { normalizeForSearch } from "./text";

describe("normalizeForSearch", () => {
  it("drops accents and case so 'cafe' finds 'Café'", () => {
    expect(normalizeForSearch("Café GLACÉ")).toBe("cafe glace");
    expect(normalizeForSearch("  Éclair  ")).toBe("eclair");
    expect(normalizeForSearch("Œuf")).toBe("oeuf");
  });
});

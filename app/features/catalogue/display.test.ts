import { describe, expect, it } from "vitest";
import { isUuid, metaDescription, resultCountLabel, visibleTags } from "./display";

describe("isUuid", () => {
  it("accepts UUIDs only", () => {
    expect(isUuid("3f2b8c1e-8d4a-4c6f-9b7e-2a1d0c9e8f7a")).toBe(true);
    expect(isUuid("3F2B8C1E-8D4A-4C6F-9B7E-2A1D0C9E8F7A")).toBe(true);
    expect(isUuid("123")).toBe(false);
    expect(isUuid("3f2b8c1e-8d4a-4c6f-9b7e-2a1d0c9e8f7a'--")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
});

describe("visibleTags", () => {
  it("shows up to the limit and counts the rest", () => {
    expect(visibleTags(["a", "b", "c", "d"], 2)).toEqual({ shown: ["a", "b"], more: 2 });
    expect(visibleTags(["a", "b", "c", "d"], 1)).toEqual({ shown: ["a"], more: 3 });
    expect(visibleTags(["a"], 2)).toEqual({ shown: ["a"], more: 0 });
    expect(visibleTags(["", "a", " "], 4)).toEqual({ shown: ["a"], more: 0 });
  });
});

describe("resultCountLabel", () => {
  it("reads 'N produit(s) trouvé(s)'", () => {
    expect(resultCountLabel(0)).toBe("0 produit(s) trouvé(s)");
    expect(resultCountLabel(1)).toBe("1 produit(s) trouvé(s)");
    expect(resultCountLabel(10000)).toBe("10 000 produit(s) trouvé(s)");
  });
});

describe("metaDescription", () => {
  it("keeps short text, falls back when empty and cuts long text at a word", () => {
    expect(metaDescription("  Un  café\nnoir. ", "x")).toBe("Un café noir.");
    expect(metaDescription("", "Repli")).toBe("Repli");
    const long = "mot ".repeat(60);
    const cut = metaDescription(long, "x");
    expect(cut.length).toBeLessThanOrEqual(155);
    expect(cut.endsWith("mot…")).toBe(true);
  });
});

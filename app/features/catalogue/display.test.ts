import { describe, expect, it } from "vitest";
import { metaDescription, resultCountLabel, visibleTags } from "./display";

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

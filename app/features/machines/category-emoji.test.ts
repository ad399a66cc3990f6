import { describe, expect, it } from "vitest";
import { categoryEmoji, DEFAULT_CATEGORY_EMOJI } from "./category-emoji";

describe("categoryEmoji", () => {
  it("picks an emoji from the category name, ignoring accents and case", () => {
    expect(categoryEmoji("Café & boissons chaudes")).toBe("☕");
    expect(categoryEmoji("Boissons froides")).toBe("🥤");
    expect(categoryEmoji("Repas frais")).toBe("🥗");
    expect(categoryEmoji("COLLATIONS")).toBe("🍫");
    expect(categoryEmoji("Micro-marché")).toBe("🛒");
  });
  it("falls back to a storefront", () => {
    expect(categoryEmoji("Autre")).toBe(DEFAULT_CATEGORY_EMOJI);
    expect(categoryEmoji("")).toBe(DEFAULT_CATEGORY_EMOJI);
  });
});

import { describe, expect, it } from "vitest";
import { mainImage, nonEmpty, realImages, splitSpecification } from "./view";

describe("machine media and specifications", () => {
  it("leaves placeholders and blanks out", () => {
    expect(realImages(["/a.webp", "/placeholder.svg", " ", null, "/b.webp"])).toEqual(["/a.webp", "/b.webp"]);
  });
  it("picks the main image, falling back to the first real one", () => {
    expect(mainImage(["/a.webp", "/b.webp"], 1)).toBe("/b.webp");
    expect(mainImage(["/placeholder.svg", "/b.webp"], 0)).toBe("/b.webp");
    expect(mainImage(["/a.webp"], 5)).toBe("/a.webp");
    expect(mainImage([], 0)).toBeNull();
  });
  it("splits a specification at the first colon", () => {
    expect(splitSpecification("Hauteur: 183 cm")).toEqual({ label: "Hauteur", value: "183 cm" });
    expect(splitSpecification("Poids : 250 kg : à vide")).toEqual({ label: "Poids", value: "250 kg : à vide" });
    expect(splitSpecification("Alimentation")).toEqual({ label: "Alimentation", value: "-" });
    expect(splitSpecification("Couleur:")).toEqual({ label: "Couleur", value: "-" });
  });
  it("drops empty lines", () => {
    expect(nonEmpty(["a", " ", "", null, " b "])).toEqual(["a", "b"]);
  });
});

describe("categoryEmoji", () => {
  it("matches the category's name, accents aside", async () => {
    const { categoryEmoji } = await import("./view");
    expect(categoryEmoji("Café et boissons chaudes")).toBe("☕");
    expect(categoryEmoji("Boissons froides")).toBe("🥤");
    expect(categoryEmoji("Collations")).toBe("🍫");
    expect(categoryEmoji("Repas santé")).toBe("🥗");
    expect(categoryEmoji("Combo")).toBe("🏪");
  });
});

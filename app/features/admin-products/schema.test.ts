import { describe, expect, it } from "vitest";
import {
  EMPTY_PRODUCT,
  dedupeLabels,
  isAcceptableImageUrl,
  parsePrice,
  productInputFromForm,
  productInputToForm,
  productToInput,
  validateProduct,
} from "./schema";

const valid = { ...EMPTY_PRODUCT, nom: "  Barre tendre ", description: "Avoine et miel", prix: "2,50" };

describe("product form schema", () => {
  it("accepts a complete product and normalises it", () => {
    const result = validateProduct({
      ...valid,
      categorie: ["Collation", " collation ", ""],
      tags: ["Local", "Sans noix"],
      ranking: "3",
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.values).toMatchObject({
      nom: "Barre tendre",
      prix: 2.5,
      categorie: ["Collation"],
      tags: ["Local", "Sans noix"],
      ranking: 3,
      ingredients: null,
      image: "/placeholder.svg",
    });
  });

  it.each(["nom", "description", "prix"] as const)("flags a missing %s as the required-fields error", (field) => {
    const result = validateProduct({ ...valid, [field]: "   " });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.missing).toBe(true);
    expect(result.fieldErrors[field]).toBe("Ce champ est obligatoire.");
  });

  it("refuses a bad price, a negative ranking and a script URL as image, without calling it missing", () => {
    for (const change of [
      { prix: "abc" },
      { prix: "-1" },
      { prix: "1.234" },
      { ranking: "-2" },
      { ranking: "1.5" },
      { image: "javascript:alert(1)" },
    ]) {
      const result = validateProduct({ ...valid, ...change });
      expect(result.ok, JSON.stringify(change)).toBe(false);
      if (!result.ok) expect(result.missing).toBe(false);
    }
  });

  it("parses prices the way people type them", () => {
    expect(parsePrice("2,5")).toBe(2.5);
    expect(parsePrice("3.00 $")).toBe(3);
    expect(parsePrice("10")).toBe(10);
    expect(parsePrice("1,2,3")).toBeNaN();
  });

  it("round-trips through FormData with lists as repeated keys", () => {
    const input = { ...valid, categorie: ["A", "B"], tags: ["T"], dans_notre_top_10_des_plus_gros_vendeur: true };
    expect(productInputFromForm(productInputToForm(input))).toEqual(input);
  });

  it("loads a stored product into the form", () => {
    const input = productToInput({
      nom: "Café",
      description: "d",
      prix: 2,
      categorie: ["Boisson"],
      tags: [],
      ingredients: null,
      ranking: null,
      dans_notre_top_10_des_plus_gros_vendeur: true,
      image: "/media/product-images/product-1.webp",
      nutrition_image: "",
    });
    expect(input).toMatchObject({ prix: "2.00", ranking: "", ingredients: "", nutrition_image: "/placeholder.svg" });
  });

  it("dedupes labels ignoring case and spacing", () => {
    expect(dedupeLabels(["Sans  gluten", "sans gluten", " Végane"])).toEqual(["Sans gluten", "Végane"]);
  });

  it("accepts only images the site can safely show", () => {
    expect(isAcceptableImageUrl("/placeholder.svg")).toBe(true);
    expect(isAcceptableImageUrl("/media/product-images/product-1700000000000.webp")).toBe(true);
    expect(isAcceptableImageUrl("https://exemple.supabase.co/storage/v1/object/public/product-images/a.png")).toBe(
      true,
    );
    expect(isAcceptableImageUrl("//evil.example/a.png")).toBe(false);
    expect(isAcceptableImageUrl("/media/../secret")).toBe(false);
    expect(isAcceptableImageUrl("data:image/svg+xml,<svg/>")).toBe(false);
  });
});

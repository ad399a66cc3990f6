import { describe, expect, it } from "vitest";
import { formValues, toFormData } from "~/lib/form-values";
import {
  EMPTY_PRODUCT,
  ProductActionSchema,
  dedupeLabels,
  isAcceptableImageUrl,
  parsePrice,
  productToInput,
  validationToast,
  type ProductFormValues,
} from "./schema";
import { issuesToFieldErrors } from "~/lib/staff-action";

const valid: ProductFormValues = {
  ...EMPTY_PRODUCT,
  nom: "  Barre tendre ",
  description: "Avoine et miel",
  prix: "2,50",
};

/** The product form's fields as the browser posts them, read by the action's schema. */
function check(values: Partial<ProductFormValues> & Record<string, unknown>, intent = "create") {
  const parsed = ProductActionSchema.safeParse(formValues(toFormData({ intent, ...valid, ...values })));
  return parsed.success
    ? ({ ok: true, input: parsed.data } as const)
    : ({ ok: false, fieldErrors: issuesToFieldErrors(parsed.error) } as const);
}

describe("product form schema", () => {
  it("accepts a complete product and normalises it", () => {
    const result = check({
      categorie: ["Collation", " collation ", ""],
      tags: ["Local", "Sans noix"],
      ranking: "3",
      dans_notre_top_10_des_plus_gros_vendeur: true,
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.input).toMatchObject({
      intent: "create",
      nom: "Barre tendre",
      prix: 2.5,
      categorie: ["Collation"],
      tags: ["Local", "Sans noix"],
      ranking: 3,
      ingredients: null,
      dans_notre_top_10_des_plus_gros_vendeur: true,
      image: "/placeholder.svg",
    });
  });

  it.each(["nom", "description", "prix"] as const)("flags a missing %s as the required-fields error", (field) => {
    const result = check({ [field]: "   " });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.fieldErrors[field]).toBe("Ce champ est obligatoire.");
    expect(validationToast(result.fieldErrors)).toEqual({
      type: "error",
      title: "Erreur",
      description: "Veuillez remplir tous les champs obligatoires.",
    });
  });

  it("refuses a bad price, a negative ranking and a script URL as image, without calling it missing", () => {
    for (const change of [
      { prix: "abc" },
      { prix: "-1" },
      { prix: "1.234" },
      { ranking: "-2" },
      { ranking: "1.5" },
      { image: "javascript:alert(1)" },
      { share_image: "data:image/svg+xml,<svg/>" },
    ]) {
      const result = check(change);
      expect(result.ok, JSON.stringify(change)).toBe(false);
      if (!result.ok)
        expect(validationToast(result.fieldErrors).description, JSON.stringify(change)).toBe(
          "Veuillez corriger les champs indiqués.",
        );
    }
  });

  it("reads a single posted category as a list of one, and an unticked box as false", () => {
    const parsed = ProductActionSchema.parse(
      formValues(
        new URLSearchParams({ intent: "create", nom: "Eau", description: "d", prix: "1", categorie: "Boisson" }),
      ),
    );
    expect(parsed).toMatchObject({ categorie: ["Boisson"], tags: [], dans_notre_top_10_des_plus_gros_vendeur: false });
  });

  it("parses prices the way people type them", () => {
    expect(parsePrice("2,5")).toBe(2.5);
    expect(parsePrice("3.00 $")).toBe(3);
    expect(parsePrice("10")).toBe(10);
    expect(parsePrice("1,2,3")).toBeNaN();
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
      image_alt: "Une tasse fumante",
      seo_title: null,
    });
    expect(input).toMatchObject({
      prix: "2.00",
      ranking: "",
      ingredients: "",
      nutrition_image: "/placeholder.svg",
      image_alt: "Une tasse fumante",
      seo_title: "",
      share_image: "",
    });
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

describe("alt texts, search and sharing fields", () => {
  const texts = {
    image_alt: "  Barre dorée sur une planche  ",
    nutrition_image_alt: "Tableau de la valeur nutritive",
    seo_title: "Barre tendre au miel",
    seo_description: "Une barre tendre à l'avoine et au miel du Québec.",
    share_image: "/media/product-images/product-2.webp",
    share_image_alt: "La barre coupée en deux",
  };

  it("keeps each text trimmed", () => {
    const result = check(texts);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.input).toMatchObject({ ...texts, image_alt: "Barre dorée sur une planche" });
  });

  it("reads an empty or blank text, an absent field and no share picture as null (the derived value)", () => {
    const blank = check({
      image_alt: "   ",
      nutrition_image_alt: "",
      seo_title: "",
      seo_description: " ",
      share_image: "",
      share_image_alt: "",
    });
    const absent = ProductActionSchema.safeParse({ intent: "create", nom: "Eau", description: "d", prix: "1" });
    const placeholder = check({ share_image: "/placeholder.svg" });
    for (const result of [blank, absent.success ? { ok: true, input: absent.data } : { ok: false }, placeholder]) {
      expect(result.ok).toBe(true);
      if ("input" in result)
        expect(result.input).toMatchObject({
          image_alt: null,
          nutrition_image_alt: null,
          seo_title: null,
          seo_description: null,
          share_image: null,
          share_image_alt: null,
        });
    }
  });

  it.each([
    ["image_alt", 160, "Le texte de remplacement ne doit pas dépasser 160 caractères."],
    ["nutrition_image_alt", 160, "Le texte de remplacement ne doit pas dépasser 160 caractères."],
    ["share_image_alt", 160, "Le texte de remplacement ne doit pas dépasser 160 caractères."],
    ["seo_title", 70, "Le titre ne doit pas dépasser 70 caractères."],
    ["seo_description", 160, "La description ne doit pas dépasser 160 caractères."],
  ] as const)("accepts %s at %i characters and refuses one more, in French", (field, max, message) => {
    expect(check({ [field]: "é".repeat(max) }).ok).toBe(true);
    const over = check({ [field]: "é".repeat(max + 1) });
    expect(over.ok).toBe(false);
    if (over.ok) return;
    expect(over.fieldErrors).toEqual({ [field]: message });
    expect(validationToast(over.fieldErrors).description).toBe("Veuillez corriger les champs indiqués.");
  });

  it("counts the limit after trimming the spaces around a text", () => {
    expect(check({ seo_title: `  ${"a".repeat(70)}  ` }).ok).toBe(true);
  });
});

describe("the other intents", () => {
  it("reads a delete and a tag, and the tag's own messages", () => {
    expect(ProductActionSchema.parse({ intent: "delete", id: "x" })).toEqual({ intent: "delete", id: "x" });
    expect(ProductActionSchema.parse({ intent: "create-tag", nom: "  sans   gluten " })).toEqual({
      intent: "create-tag",
      nom: "sans gluten",
    });
    const blank = ProductActionSchema.safeParse({ intent: "create-tag", nom: "   " });
    expect(blank.success).toBe(false);
    if (!blank.success)
      expect(validationToast(issuesToFieldErrors(blank.error), "create-tag").description).toBe(
        "Veuillez entrer le nom du tag.",
      );
  });

  it("refuses an unknown intent", () => {
    expect(ProductActionSchema.safeParse({ intent: "drop-table" }).success).toBe(false);
  });
});

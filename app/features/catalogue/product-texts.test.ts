import { describe, expect, it } from "vitest";
import { productMeta, productPictures, type ProductTexts } from "./product-texts";

const product: ProductTexts = {
  nom: "Barre tendre",
  description: "Avoine   et miel\ndu Québec.",
  prix: 2.5,
  image: "/media/product-images/a.webp",
  nutrition_image: "/media/product-images/n.webp",
};

describe("a product's pictures", () => {
  it("derive their texts from the name when the staff wrote none", () => {
    expect(productPictures({ ...product, image_alt: "  ", nutrition_image_alt: null })).toEqual([
      { src: "/media/product-images/a.webp", alt: "Barre tendre" },
      { src: "/media/product-images/n.webp", alt: "Valeur nutritive : Barre tendre" },
    ]);
  });

  it("carry the staff's texts, and leave placeholders out", () => {
    expect(
      productPictures({
        ...product,
        image: "/placeholder.svg",
        image_alt: "Texte d'une image absente",
        nutrition_image_alt: "Tableau nutritionnel de la barre",
      }),
    ).toEqual([{ src: "/media/product-images/n.webp", alt: "Tableau nutritionnel de la barre" }]);
  });
});

describe("a product page's meta", () => {
  it("derives title, description and share picture from the product", () => {
    expect(productMeta(product)).toEqual({
      title: "Barre tendre",
      description: "Avoine et miel du Québec.",
      image: "/media/product-images/a.webp",
      imageAlt: "Barre tendre",
    });
    expect(productMeta({ ...product, description: "" }).description).toBe(
      "Barre tendre, offert dans nos distributrices à 2,50\u00a0$.",
    );
  });

  it("takes the staff's title, description, share picture and its text", () => {
    expect(
      productMeta({
        ...product,
        image_alt: "Barre dorée",
        seo_title: "Barre tendre au miel",
        seo_description: "Pour vos pauses.",
        share_image: "/media/product-images/s.webp",
        share_image_alt: "La barre coupée en deux",
      }),
    ).toEqual({
      title: "Barre tendre au miel",
      description: "Pour vos pauses.",
      image: "/media/product-images/s.webp",
      imageAlt: "La barre coupée en deux",
    });
  });

  it("shares the product's own picture with the staff's text for it, else that picture's text", () => {
    expect(productMeta({ ...product, image_alt: "Barre dorée" })).toMatchObject({ imageAlt: "Barre dorée" });
    expect(productMeta({ ...product, share_image_alt: "Pour le partage" })).toMatchObject({
      image: "/media/product-images/a.webp",
      imageAlt: "Pour le partage",
    });
    // A share picture without a text is described by the page's title.
    expect(productMeta({ ...product, seo_title: "Titre", share_image: "/media/product-images/s.webp" })).toMatchObject({
      imageAlt: "Titre",
    });
  });

  it("leaves the picture to the brand's when the product has none", () => {
    const meta = productMeta({ ...product, image: "/placeholder.svg", nutrition_image: "", share_image_alt: "x" });
    expect(meta.image).toBeUndefined();
    expect(meta.imageAlt).toBeUndefined();
  });
});

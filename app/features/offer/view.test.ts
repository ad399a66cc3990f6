import { describe, expect, it } from "vitest";
import { mainImage, nonEmpty, offerQueryUrl, parseOfferQuery, realImages, splitSpecification } from "./view";

const ID = "0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f";
const params = (query: string) => new URLSearchParams(query);

describe("parseOfferQuery", () => {
  it("reads each dialog level", () => {
    expect(parseOfferQuery(params("vue=categories"))).toEqual({ vue: "categories" });
    expect(parseOfferQuery(params(`vue=machines&categorie=${ID}`))).toEqual({ vue: "machines", categorie: ID });
    expect(parseOfferQuery(params(`vue=machine&id=${ID}`))).toEqual({ vue: "machine", id: ID });
    expect(parseOfferQuery(params(`vue=produit&id=${ID}`))).toEqual({ vue: "produit", id: ID });
    expect(parseOfferQuery(params("vue=produits&q=café"))).toEqual({ vue: "produits", q: "café", limite: 24 });
  });

  it("clamps the product limit and refuses bad ids", () => {
    expect(parseOfferQuery(params("vue=produits&limite=5"))).toMatchObject({ limite: 24 });
    expect(parseOfferQuery(params("vue=produits&limite=48"))).toMatchObject({ limite: 48 });
    expect(parseOfferQuery(params("vue=produits&limite=99999"))).toMatchObject({ limite: 240 });
    expect(parseOfferQuery(params("vue=machine&id=1"))).toBeNull();
    expect(parseOfferQuery(params("vue=machines"))).toBeNull();
    expect(parseOfferQuery(params("vue=autre"))).toBeNull();
    expect(parseOfferQuery(params(""))).toBeNull();
  });

  it("round-trips through the URL", () => {
    const url = offerQueryUrl({ vue: "produits", q: "thé vert", limite: 48 });
    expect(url).toBe("/notre-offre?vue=produits&q=th%C3%A9+vert&limite=48");
    expect(parseOfferQuery(new URL(url, "http://x").searchParams)).toEqual({
      vue: "produits",
      q: "thé vert",
      limite: 48,
    });
  });
});

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

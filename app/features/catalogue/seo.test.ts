import { describe, expect, it } from "vitest";
import { breadcrumbJsonLd, productJsonLd } from "./seo";

describe("catalogue JSON-LD", () => {
  it("describes a product with an offer in CAD and absolute image URLs", () => {
    const ld = productJsonLd("https://exemple.ca", {
      nom: "Café glacé",
      description: "Froid.",
      prix: 3.5,
      images: ["/media/product-images/a.webp"],
      path: "/produits/1",
    }) as Record<string, unknown>;
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Café glacé",
      description: "Froid.",
      image: ["https://exemple.ca/media/product-images/a.webp"],
      offers: { "@type": "Offer", price: "3.50", priceCurrency: "CAD", url: "https://exemple.ca/produits/1" },
    });
  });

  it("lists breadcrumbs with positions", () => {
    const ld = breadcrumbJsonLd("https://exemple.ca", [
      { name: "Accueil", path: "/" },
      { name: "Produits", path: "/produits" },
    ]) as Record<string, unknown>;
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Accueil", item: "https://exemple.ca/" },
      { "@type": "ListItem", position: 2, name: "Produits", item: "https://exemple.ca/produits" },
    ]);
  });
});

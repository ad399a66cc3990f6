// JSON-LD for catalogue pages (schema.org Product and BreadcrumbList).

export type Crumb = { name: string; path: string };

function absoluteUrl(base: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${base}${path.startsWith("/") ? "" : "/"}${path}`;
}

export function breadcrumbJsonLd(base: string, crumbs: Crumb[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(base, crumb.path),
    })),
  };
}

export function productJsonLd(
  base: string,
  product: {
    nom: string;
    description: string;
    prix: number;
    images: string[];
    path: string;
    categories?: string[];
    brand?: string;
  },
): object {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.nom,
    description: product.description || product.nom,
    ...(product.images.length > 0 ? { image: product.images.map((src) => absoluteUrl(base, src)) } : {}),
    ...(product.categories && product.categories.length > 0 ? { category: product.categories.join(", ") } : {}),
    ...(product.brand ? { brand: { "@type": "Brand", name: product.brand } } : {}),
    url: absoluteUrl(base, product.path),
    offers: {
      "@type": "Offer",
      price: product.prix.toFixed(2),
      priceCurrency: "CAD",
      availability: "https://schema.org/InStock",
      url: absoluteUrl(base, product.path),
    },
  };
}

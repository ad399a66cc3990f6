// The offer page's dialogs as they live in the URL (?vue=…): read by the page, by its dialogs and by
// the page cache's key. Pure: no I/O.

/** Products per request of the dialog's list, and the most one request may ask for. */
export const PRODUCT_PAGE = 24;
export const PRODUCT_LIMIT_MAX = 240;

export type OfferQuery =
  | { vue: "categories" }
  | { vue: "machines"; categorie: string }
  | { vue: "machine"; id: string }
  | { vue: "produits"; q: string; limite: number }
  | { vue: "produit"; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a dialog asks the page loader for (?vue=...), or null for the page itself / a bad request. */
export function parseOfferQuery(params: URLSearchParams): OfferQuery | null {
  const vue = params.get("vue");
  const id = params.get("id") ?? "";
  switch (vue) {
    case "categories":
      return { vue };
    case "machines": {
      const categorie = params.get("categorie") ?? "";
      return UUID.test(categorie) ? { vue, categorie } : null;
    }
    case "machine":
    case "produit":
      return UUID.test(id) ? { vue, id } : null;
    case "produits": {
      const q = (params.get("q") ?? "").slice(0, 100);
      const asked = Number.parseInt(params.get("limite") ?? "", 10);
      const limite = Number.isFinite(asked) ? Math.min(PRODUCT_LIMIT_MAX, Math.max(PRODUCT_PAGE, asked)) : PRODUCT_PAGE;
      return { vue, q, limite };
    }
    default:
      return null;
  }
}

/** The URL a dialog loads. */
export function offerQueryUrl(query: OfferQuery): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `/notre-offre?${params}`;
}

// The offer page's dialogs as they live in the URL (?vue=…): read by the page, by its dialogs and by
// the page cache's key. Pure: no I/O.

import { isUuid } from "./id";

/** Products per request of the dialog's list, and the most one request may ask for. */
export const PRODUCT_PAGE = 24;
const PRODUCT_LIMIT_MAX = 240;

export type OfferQuery =
  | { vue: "categories" }
  | { vue: "machines"; categorie: string }
  | { vue: "machine"; id: string }
  | { vue: "produits"; q: string; limite: number }
  | { vue: "produit"; id: string };

/** What a dialog asks the page loader for (?vue=...), or null for the page itself / a bad request. */
export function parseOfferQuery(params: URLSearchParams): OfferQuery | null {
  const vue = params.get("vue");
  const id = params.get("id") ?? "";
  switch (vue) {
    case "categories":
      return { vue };
    case "machines": {
      const categorie = params.get("categorie") ?? "";
      return isUuid(categorie) ? { vue, categorie } : null;
    }
    case "machine":
    case "produit":
      return isUuid(id) ? { vue, id } : null;
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

/** The machine view's own address: /notre-offre?machine=<id>. A page of its own (shared, opened
 * directly, closed by Back), unlike the dialogs' ?vue= requests, which only feed a dialog. */
export const MACHINE_PARAM = "machine";

/** The machine the offer page shows in its view (lower case), or null: none asked, or not an id. */
export function parseOfferMachine(params: URLSearchParams): string | null {
  if (params.has("vue")) return null;
  const id = params.get(MACHINE_PARAM) ?? "";
  return isUuid(id) ? id.toLowerCase() : null;
}

export function offerMachineUrl(id: string): string {
  return `/notre-offre?${MACHINE_PARAM}=${id.toLowerCase()}`;
}

/** Which dialog the offer page shows, from its address's fragment: #nos-machines (the categories),
 * #nos-machines/<category id>, #nos-produits. The fragment gives each an address of its own (Back
 * closes it, it can be shared) without asking the server for the page again. */
export type OfferDialogPlace = { dialog: "machines"; category: string | null } | { dialog: "produits" };

const MACHINES_HASH = "nos-machines";
const PRODUCTS_HASH = "nos-produits";

export function parseOfferDialogHash(hash: string): OfferDialogPlace | null {
  const [name, category, ...rest] = hash.replace(/^#/, "").split("/");
  if (rest.length > 0) return null;
  if (name === PRODUCTS_HASH && category === undefined) return { dialog: "produits" };
  if (name !== MACHINES_HASH) return null;
  if (category === undefined) return { dialog: "machines", category: null };
  return isUuid(category) ? { dialog: "machines", category: category.toLowerCase() } : null;
}

export function offerDialogHash(place: OfferDialogPlace): string {
  if (place.dialog === "produits") return `#${PRODUCTS_HASH}`;
  return place.category ? `#${MACHINES_HASH}/${place.category.toLowerCase()}` : `#${MACHINES_HASH}`;
}

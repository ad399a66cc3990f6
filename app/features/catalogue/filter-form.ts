// How the catalogue's filter form turns into a URL, and a URL's prices back into its fields.
import { filtersToSearchParams, parseFilters, type ProductFilters } from "~/rules/catalogue-filters";

/** A price as its field shows it: French decimal comma, empty when there is none. */
export function priceFieldValue(price: number | null): string {
  return price != null ? String(price).replace(".", ",") : "";
}

/** The filters a form's fields hold, always on page 1; unknown tags are dropped. */
export function filtersFromForm(data: FormData, knownTags: readonly string[]): ProductFilters {
  // The form has no file field: every value is a string.
  const params = new URLSearchParams([...data.entries()].map(([k, v]) => [k, v as string] as [string, string]));
  return { ...parseFilters(params, knownTags), page: 1 };
}

/** True when two sets of filters give the same list, whatever their page. */
export function sameFilters(a: ProductFilters, b: ProductFilters): boolean {
  return filtersToSearchParams({ ...a, page: 1 }).toString() === filtersToSearchParams({ ...b, page: 1 }).toString();
}

/** Where the catalogue goes for `next` (page 1), or null when the current address (`search`, with its
 * '?') already shows it. */
export function filtersPath(next: ProductFilters, search: string): string | null {
  const query = filtersToSearchParams({ ...next, page: 1 }).toString();
  if (`?${query}` === search || (query === "" && search === "")) return null;
  return query ? `/produits?${query}` : "/produits";
}

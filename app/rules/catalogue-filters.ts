// Catalogue filters as they live in the URL: ?q=&min=&max=&tag=…&top10=1&page=
// Parsing never fails: anything malformed is clamped or ignored, so a hand-edited or stale link
// always shows a list.

export const PAGE_SIZE = 25;
const PAGER_WINDOW = 5;
/** Longest name search kept; longer text is cut (no product name is that long). */
export const MAX_QUERY_LENGTH = 80;
/** At most this many tags are taken from the URL. */
const MAX_TAGS = 30;
/** Prices above this are not meaningful for a vending machine; larger values are clamped. */
const MAX_PRICE = 100_000;
/** Pages beyond this are clamped (the loader also clamps to the last page that exists). */
export const MAX_PAGE = 100_000;

export type ProductFilters = {
  /** Name search as typed (trimmed, shortened); empty for none. */
  q: string;
  /** Lower price bound in dollars, inclusive; null means 0. */
  min: number | null;
  /** Upper price bound in dollars, inclusive; null means no limit. */
  max: number | null;
  /** Selected tags (any of them matches), in the order of the URL, without duplicates. */
  tags: string[];
  top10: boolean;
  /** 1-based page number. */
  page: number;
};

export const EMPTY_FILTERS: ProductFilters = { q: "", min: null, max: null, tags: [], top10: false, page: 1 };

/** A price from the URL or a form ('2.5', '2,50', ' 3 $'); null when absent, negative or not a number. */
export function parsePrice(raw: string | null | undefined): number | null {
  if (raw == null) return null;
  const text = raw.replace(/\s|\$/g, "").replace(",", ".");
  if (text === "" || !/^\d*\.?\d*$/.test(text) || text === ".") return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0) return null;
  return Math.min(Math.round(value * 100) / 100, MAX_PRICE);
}

function parsePage(raw: string | null): number {
  if (raw == null || !/^\s*\d+\s*$/.test(raw)) return 1;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) return 1;
  return Math.min(value, MAX_PAGE);
}

function parseFlag(raw: string | null): boolean {
  return raw != null && ["1", "on", "true", "oui"].includes(raw.trim().toLowerCase());
}

/**
 * Reads the filters from a query string. `knownTags`, when given, drops tags that do not exist
 * (compared case-insensitively, returned with the stored spelling).
 */
export function parseFilters(params: URLSearchParams, knownTags?: readonly string[]): ProductFilters {
  const q = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH).trim();

  const min = parsePrice(params.get("min"));
  let max = parsePrice(params.get("max"));
  // A maximum below the minimum cannot match anything: it is ignored rather than showing nothing.
  if (max !== null && min !== null && max < min) max = null;

  const byKey = knownTags ? new Map(knownTags.map((t) => [t.toLocaleLowerCase("fr-CA"), t])) : null;
  const tags: string[] = [];
  for (const raw of params.getAll("tag")) {
    const text = raw.trim().slice(0, 60);
    if (!text) continue;
    const tag = byKey ? byKey.get(text.toLocaleLowerCase("fr-CA")) : text;
    if (tag && !tags.includes(tag)) tags.push(tag);
    if (tags.length >= MAX_TAGS) break;
  }

  return {
    q,
    min: min === 0 ? null : min,
    max,
    tags,
    top10: parseFlag(params.get("top10")),
    page: parsePage(params.get("page")),
  };
}

/** The canonical query string of some filters (no empty parameters; page only when > 1). */
export function filtersToSearchParams(filters: Partial<ProductFilters>): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.min != null && filters.min > 0) params.set("min", String(filters.min));
  if (filters.max != null) params.set("max", String(filters.max));
  for (const tag of filters.tags ?? []) params.append("tag", tag);
  if (filters.top10) params.set("top10", "1");
  if (filters.page && filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** '?q=…&page=3' for a page of the current filters ('' for the first page without filters). */
export function pageHref(filters: ProductFilters, page: number): string {
  const query = filtersToSearchParams({ ...filters, page }).toString();
  return query ? `?${query}` : "?";
}

/** Number of filters the visitor has set (shown on the phone filter bar). */
export function activeFilterCount(filters: ProductFilters): number {
  return (
    (filters.q ? 1 : 0) +
    (filters.min != null ? 1 : 0) +
    (filters.max != null ? 1 : 0) +
    filters.tags.length +
    (filters.top10 ? 1 : 0)
  );
}

export function hasFilters(filters: ProductFilters): boolean {
  return activeFilterCount(filters) > 0;
}

/** Page count for a total (at least 1, so 'Page 1 sur 1' reads well on an empty list). */
export function pageCount(total: number, pageSize = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * Up to `size` page numbers around the current page, sliding with it and kept inside 1..total:
 * page 1 of 10 → 1–5, page 6 of 10 → 4–8, page 10 of 10 → 6–10.
 */
export function pagerWindow(current: number, total: number, size = PAGER_WINDOW): number[] {
  if (total < 1 || size < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), total);
  const count = Math.min(size, total);
  const start = Math.min(Math.max(1, page - Math.floor((count - 1) / 2)), total - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

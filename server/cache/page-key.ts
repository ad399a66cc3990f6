// The one URL under which a visitor's page is cached (and rendered): the parameters the page reads,
// in a fixed order, without their defaults; everything else dropped. '/produits?page=1&q=' and
// '/produits?utm_source=x' are '/produits', so junk parameters cannot fill the cache.
import { filtersToSearchParams, parseFilters } from "../../app/features/catalogue/filters";
import { offerQueryUrl, parseOfferQuery } from "../../app/features/offer/view";

/** Longer paths are not cached (no page of the site has one; a probe does). */
const MAX_PATH_LENGTH = 300;

/** The query parameters a page reads, canonical; pages not listed read none. */
const PAGE_QUERIES: Record<string, (params: URLSearchParams) => URLSearchParams> = {
  "/produits": (params) => filtersToSearchParams(parseFilters(params)),
  "/notre-offre": (params) => {
    const query = parseOfferQuery(params);
    return query ? new URL(offerQueryUrl(query), "http://x").searchParams : new URLSearchParams();
  },
};

/**
 * The cache key of a visitor's GET of `pathAndQuery`, which is also the URL rendered for it; null when
 * the cache does not answer it. Left out: a client navigation's data request ('/produits.data'),
 * whose deferred data would come whole where the spec shows placeholders while it loads, and React
 * Router's route discovery ('/__manifest'), which answers for the paths in its query.
 */
export function pageCacheKey(pathAndQuery: string): string | null {
  // '//host/path' would be read as another host's URL.
  if (!pathAndQuery.startsWith("/") || pathAndQuery.startsWith("//")) return null;
  const url = new URL(pathAndQuery, "http://x");
  const { pathname } = url;
  if (pathname.length > MAX_PATH_LENGTH || pathname.endsWith(".data") || pathname === "/__manifest") return null;
  const query = PAGE_QUERIES[pathname]?.(url.searchParams) ?? new URLSearchParams();
  query.sort();
  const search = query.toString();
  return search ? `${pathname}?${search}` : pathname;
}

// The one URL under which a visitor's page is cached (and rendered): the parameters the page reads,
// in a fixed order, without their defaults; everything else dropped. '/produits?page=1&q=' and
// '/produits?utm_source=x' and '/Produits/' are '/produits', so junk parameters cannot fill the cache.
import { CONTACT_MACHINE_FIELD, readMachineId } from "../../app/rules/contact-machine";
import { staffReturnPath } from "../../app/rules/staff-paths";
import { filtersToSearchParams, parseFilters } from "../../app/rules/catalogue-filters";
import { MACHINE_PARAM, offerQueryUrl, parseOfferMachine, parseOfferQuery } from "../../app/rules/offer-query";

/** Longer paths are not cached (no page of the site has one; a probe does). */
const MAX_PATH_LENGTH = 300;

/** A client navigation's data request: '/produits.data', and '/_.data' for the home page. */
const DATA_SUFFIX = /(?:\/_)?\.data$/;

/** Whether a cache key is a client navigation's data request. */
export function isDataRequestKey(key: string): boolean {
  return DATA_SUFFIX.test(key.split("?", 1)[0]!);
}

/** The query parameters a page reads, canonical; pages not listed read none. */
const PAGE_QUERIES: Record<string, (params: URLSearchParams) => URLSearchParams> = {
  "/produits": (params) => filtersToSearchParams(parseFilters(params)),
  "/notre-offre": (params) => {
    const query = parseOfferQuery(params);
    if (query) return new URL(offerQueryUrl(query), "http://x").searchParams;
    const machine = parseOfferMachine(params);
    return new URLSearchParams(machine ? [[MACHINE_PARAM, machine]] : []);
  },
  // The sign-in, with the staff screen it goes on to (a staff email's link).
  "/login": (params) => {
    const next = staffReturnPath(params.get("retour"));
    return new URLSearchParams(next ? [["retour", next]] : []);
  },
  // The form asking about one machine (from its page or its view).
  "/contact": (params) => {
    const machine = readMachineId(params.get(CONTACT_MACHINE_FIELD));
    return new URLSearchParams(machine ? [[CONTACT_MACHINE_FIELD, machine]] : []);
  },
};

/** A machine's public page (/m/{code}, and its data request): its code keeps its case, since a code
 * typed otherwise is answered with a redirect to its canonical address. */
const MACHINE_PAGE = /^\/m\/[^/]+$/;

/**
 * The cache key of a visitor's GET of `pathAndQuery`, which is also the URL rendered for it; null when
 * the cache does not answer it. `routeIds` are the build's route ids: a data request names the routes
 * it wants ('_routes'), and only real ones are kept.
 */
export function pageCacheKey(pathAndQuery: string, routeIds: ReadonlySet<string>): string | null {
  // '//host/path' would be read as another host's URL.
  if (!pathAndQuery.startsWith("/") || pathAndQuery.startsWith("//")) return null;
  const url = new URL(pathAndQuery, "http://x");
  // React Router's route discovery answers for the paths in its query: not a page, never one key.
  if (url.pathname.length > MAX_PATH_LENGTH || url.pathname === "/__manifest") return null;
  // Routes match whatever the case and a trailing slash: '/PRODUITS/' is the page of '/produits'.
  const pathname = url.pathname.toLowerCase().replace(/(.)\/+$/, "$1");
  const dataSuffix = DATA_SUFFIX.exec(pathname)?.[0];
  const pagePath = dataSuffix ? pathname.slice(0, -dataSuffix.length) || "/" : pathname;

  // A code typed on the 'Code introuvable' page (/m?code=…): a redirect for that request alone.
  if (pagePath === "/m") return null;
  const machinePage = MACHINE_PAGE.test(pagePath);
  // A machine page's query opens a form, a search or a confirmation: answered for its request alone.
  if (machinePage && [...url.searchParams.keys()].some((name) => name !== "_routes")) return null;
  const keyPath = machinePage ? `/m${url.pathname.replace(/(.)\/+$/, "$1").slice(2)}` : pathname;
  const query = PAGE_QUERIES[pagePath]?.(url.searchParams) ?? new URLSearchParams();
  if (dataSuffix) {
    const routes = (url.searchParams.get("_routes") ?? "").split(",").filter((id) => routeIds.has(id));
    if (routes.length > 0) query.set("_routes", [...new Set(routes)].sort().join(","));
  }
  query.sort();
  const search = query.toString();
  return search ? `${keyPath}?${search}` : keyPath;
}

// The statistics' collection script, loaded by useStatistics once the app has started (never for a
// signed-in person, nor when the browser sends Do Not Track or Global Privacy Control). The page view
// of the page loaded was sent by the document itself (page-view.tsx); this script sends, with
// navigator.sendBeacon, a page view per page shown by in-app navigation, a goal per tap on the phone
// number, an Instagram link or an element marked data-objectif, and the page load's Web Vitals when
// the page is hidden. It keeps nothing in the browser: no cookie, no storage. Kept small on purpose
// (its compressed size is measured): the Web Vitals are read with PerformanceObserver directly, as the
// web-vitals library does, without its code; their observers see the entries buffered since the load.

const ENDPOINT = "/api/statistiques";

type Vitals = { LCP?: number; INP?: number; CLS?: number; FCP?: number; TTFB?: number };
type Entry = PerformanceEntry & {
  value?: number;
  hadRecentInput?: boolean;
  interactionId?: number;
  responseStart?: number;
};

/** The address of the page last counted (path and query), and the path of the page first loaded. */
let last: string | undefined;
let landing: string | undefined;
const vitals: Vitals = {};

const send = (body: object) => navigator.sendBeacon(ENDPOINT, JSON.stringify(body));

/** Counts the page shown, once per address in a row. The first one carries the page that linked here;
 * the next ones (navigations inside the site) the previous page of the site. */
export function pageView(): void {
  const address = location.pathname + location.search;
  if (address === last) return;
  // The document counted the page it loaded; a page reached in the app is counted here.
  if (last !== undefined || address !== loadedAddress())
    send({ t: "p", u: address, r: last ? location.origin + last : document.referrer });
  last = address;
  if (landing === undefined) {
    landing = location.pathname;
    document.addEventListener("click", onClick, true);
    watchVitals();
  }
}

/** The path and query of the document as loaded (its navigation entry). */
function loadedAddress(): string | undefined {
  const [navigation] = performance.getEntriesByType("navigation");
  if (!navigation) return undefined;
  const url = new URL(navigation.name);
  return url.pathname + url.search;
}

function onClick(event: MouseEvent): void {
  const target = (event.target as Element | null)?.closest?.("a,button,[data-objectif]");
  if (!target) return;
  const href = target.getAttribute("href") ?? "";
  const goal =
    target.closest("[data-objectif]")?.getAttribute("data-objectif") ??
    (href.startsWith("tel:")
      ? "appel_telephone"
      : /^https:\/\/([\w-]+\.)*instagram\.com\//.test(href)
        ? "instagram"
        : "");
  if (goal) send({ t: "g", u: location.pathname, g: goal });
}

function observe(type: string, onEntries: (entries: Entry[]) => void, options: object = {}): boolean {
  try {
    new PerformanceObserver((list) => onEntries(list.getEntries())).observe({ type, buffered: true, ...options });
    return true;
  } catch {
    return false; // a metric this browser does not measure
  }
}

/** The page load's Web Vitals, as the web-vitals library defines them: TTFB from the navigation's
 * timing; FCP; the last LCP candidate; CLS as the largest session window of layout shifts (shifts at
 * most 1 s apart, a window at most 5 s long); INP as the longest interaction. */
function watchVitals(): void {
  const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
  if (navigation?.responseStart) vitals.TTFB = navigation.responseStart;
  observe("paint", (entries) => {
    for (const entry of entries) if (entry.name === "first-contentful-paint") vitals.FCP = entry.startTime;
  });
  observe("largest-contentful-paint", (entries) => {
    const entry = entries.at(-1);
    if (entry) vitals.LCP = entry.startTime;
  });
  let session = 0;
  let first = 0;
  let previous = 0;
  if (
    observe("layout-shift", (entries) => {
      for (const entry of entries) {
        if (entry.hadRecentInput) continue;
        if (entry.startTime - previous > 1000 || entry.startTime - first > 5000) {
          session = 0;
          first = entry.startTime;
        }
        session += entry.value ?? 0;
        previous = entry.startTime;
        vitals.CLS = Math.max(vitals.CLS ?? 0, session);
      }
    })
  )
    vitals.CLS ??= 0;
  observe(
    "event",
    (entries) => {
      for (const entry of entries) if (entry.interactionId) vitals.INP = Math.max(vitals.INP ?? 0, entry.duration);
    },
    { durationThreshold: 40 },
  );
  // Safari may fire pagehide before the page counts as hidden.
  const flush = (event: Event) => {
    if ((event.type !== "pagehide" && document.visibilityState !== "hidden") || !landing) return;
    const values: Vitals = {};
    for (const [name, value] of Object.entries(vitals) as [keyof Vitals, number][]) {
      values[name] = name === "CLS" ? Math.round(value * 10000) / 10000 : Math.round(value);
    }
    if (Object.keys(values).length) send({ t: "v", u: landing, v: values });
    landing = ""; // once per page load
  };
  document.addEventListener("visibilitychange", flush);
  addEventListener("pagehide", flush);
}

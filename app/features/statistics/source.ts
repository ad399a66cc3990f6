// Where a visit comes from: the UTM parameters of the page's address when there are any, else the
// referring page's host (never its path or query). A referrer on our own site is internal: the visit
// came from a page of ours and brings no new source.

type TrafficSource = {
  /** utm_source, or the referrer's host without "www."; null for a direct visit or an internal one. */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  internal: boolean;
};

const MAX_LENGTH = 100;

/** A UTM value as kept: trimmed, lower case, at most 100 characters; null when empty. */
function utmValue(value: string | null): string | null {
  const text = value?.trim().toLowerCase().slice(0, MAX_LENGTH);
  return text ? text : null;
}

/** The host of a referrer address (lower case, without "www."), or null when it is not an http(s) URL. */
export function referrerHost(referrer: string | null | undefined): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return (
      url.hostname
        .toLowerCase()
        .replace(/^www\./, "")
        .slice(0, MAX_LENGTH) || null
    );
  } catch {
    return null;
  }
}

/** The source of a page view from its query string ("?utm_source=…") and its referrer; `siteHosts` are
 * the site's own hosts. */
export function trafficSource(search: string, referrer: string | null | undefined, siteHosts: readonly string[]) {
  const params = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search);
  const host = referrerHost(referrer);
  const own = new Set(siteHosts.map((h) => h.toLowerCase().replace(/^www\./, "")));
  const internal = host !== null && own.has(host);
  const utmSource = utmValue(params.get("utm_source"));
  return {
    source: utmSource ?? (internal ? null : host),
    medium: utmValue(params.get("utm_medium")),
    campaign: utmValue(params.get("utm_campaign")),
    internal: internal && !utmSource,
  } satisfies TrafficSource;
}

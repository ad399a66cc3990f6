// Public pages made for one person (a client's proposal, reached by its secret link): the visitors'
// page cache never keeps them and every answer says 'private, no-store'. Their token is a secret: the
// statistics keep the route's pattern and the request log a placeholder, never the token itself.

/** First path segments of the personal pages, each with the name of the secret that follows it. */
const PERSONAL_PAGES: ReadonlyMap<string, string> = new Map([
  ["proposition", "jeton"],
  // The monthly report's opt-out link (app/features/monthly-report).
  ["desabonnement", "jeton"],
  // An invitation to the staff's team (app/features/team).
  ["invitation", "jeton"],
  // The link to choose a new password (app/features/staff-session).
  ["mot-de-passe", "jeton"],
]);

/** First path segments of the personal pages. */
const PERSONAL_SEGMENTS: ReadonlySet<string> = new Set(PERSONAL_PAGES.keys());

export const isPersonalSegment = (segment: string) => PERSONAL_SEGMENTS.has(segment);

/** First path segments of the public pages whose forms a visitor writes in (the contact form, a
 * machine's page at /m/{code}, a client's proposal): their posts may be as long as a message. */
export const takesVisitorMessages = (segment: string) =>
  segment === "contact" || segment === "m" || PERSONAL_SEGMENTS.has(segment);

/** First path segments of the public pages whose form may carry a photo (a problem reported at a
 * machine, /m/{code}): their posts may be as large as one phone photo. */
export const takesVisitorPhotos = (segment: string) => segment === "m";

/** The personal page a path belongs to and the segments after its own, or null. Routes match without
 * regard to case or percent-encoding, so neither hides a token here. */
function personalPage(path: string): { segment: string; secret: string; rest: string[] } | null {
  const segments = path.split("/").filter(Boolean);
  if (segments.length < 2) return null;
  let first = segments[0]!;
  try {
    first = decodeURIComponent(first);
  } catch {
    // not valid percent-encoding: compared as written
  }
  const segment = first.toLowerCase();
  const secret = PERSONAL_PAGES.get(segment);
  return secret ? { segment, secret, rest: segments.slice(1) } : null;
}

/** Whether a path is a personal page or lies under one (its token, a mistyped one included). */
export const isPersonalPath = (path: string) => personalPage(path) !== null;

/** A path as the statistics keep it: a personal page and whatever lies under it become the route's
 * pattern (`/proposition/:jeton`); any other path is unchanged. */
export function statisticsPath(path: string): string {
  const page = personalPage(path);
  return page ? `/${page.segment}/:${page.secret}` : path;
}

/** An address as the request log writes it: a personal page's token becomes `[jeton]`, its PDF
 * `[jeton].pdf` (what follows stays), and its query is dropped; any other address is unchanged. */
export function loggedAddress(url: string): string {
  const path = url.split(/[?#]/)[0]!;
  const page = personalPage(path);
  if (!page) return url;
  const [token = "", ...below] = page.rest;
  const suffix = /\.pdf$/i.test(token) ? ".pdf" : "";
  return [`/${page.segment}/[${page.secret}]${suffix}`, ...below].join("/");
}

// Permanent redirects the staff add (/edit-redirects): an old address of this site to another of its
// addresses. Pure rules: both sides are paths of this site, and no chain of redirects comes back.

const MAX_PATH = 300;

/** A path as the redirects compare it: lower case, without a trailing slash or query. */
export function redirectKey(path: string): string {
  const bare = path.split(/[?#]/)[0]!.toLowerCase();
  return bare.length > 1 ? bare.replace(/\/+$/, "") || "/" : bare;
}

export const OFF_SITE_MESSAGE =
  "Une redirection mène à une page de ce site\u00a0: une adresse qui commence par une seule barre oblique (/) et que le navigateur ne lit pas comme un autre site.";

/** Whether a stored or normalised path stays on this site for a browser: one '/' then anything but
 * another slash or a backslash ('//ailleurs.com' and '/\\ailleurs.com' are other sites), and no
 * control character or blank (a browser drops tabs and line breaks from a URL before reading it). */
export function isSameSitePath(path: string): boolean {
  // eslint-disable-next-line no-control-regex -- the control characters are what it finds
  return /^\/(?![/\\])/.test(path) && !/[\s\u0000-\u001f\u007f-\u009f\\]/.test(path);
}

/** A path of this site typed by the staff (or a full address on the site's own origin), or an error.
 * It is checked once the URL parser has normalised it, the way a browser reads a Location: '/.//x',
 * '/..//x' and '/%2e//x' all become '//x', another site. Encoded slashes and backslashes are refused as
 * well: no page of the site has one. */
export function sitePath(input: string, origin: string): { ok: true; path: string } | { ok: false; error: string } {
  const value = input.trim();
  if (!value) return { ok: false, error: "Ce champ est requis." };
  if (value.length > MAX_PATH) return { ok: false, error: `${value.length} caractères : ${MAX_PATH} au plus.` };
  let url: URL;
  try {
    url = new URL(value, origin);
  } catch {
    return { ok: false, error: "Cette adresse n'est pas valide." };
  }
  // '//ailleurs.com' and '\\ailleurs.com' are other sites for a browser, whatever they look like.
  if (url.origin !== new URL(origin).origin || /^[/\\]{2}/.test(value) || value.includes("\\")) {
    return { ok: false, error: OFF_SITE_MESSAGE };
  }
  if (/%(2f|5c)/i.test(value.split(/[?#]/)[0]!)) return { ok: false, error: OFF_SITE_MESSAGE };
  if (/[\s<>"]/.test(value)) return { ok: false, error: "Cette adresse n'est pas valide." };
  const path = `${url.pathname}${url.search}`;
  if (!isSameSitePath(path)) return { ok: false, error: OFF_SITE_MESSAGE };
  return { ok: true, path };
}

/** Why a redirect from → to cannot be added over the existing ones, or null when it can. */
export function redirectLoop(from: string, to: string, existing: ReadonlyMap<string, string>): string | null {
  const start = redirectKey(from);
  if (redirectKey(to) === start) return "Cette redirection mène à elle-même.";
  const seen = new Set([start]);
  let next = redirectKey(to);
  for (let hops = 0; hops < 100; hops++) {
    const target = existing.get(next);
    if (target === undefined) return null;
    next = redirectKey(target);
    if (seen.has(next)) return "Cette redirection ferait une boucle avec une autre.";
    seen.add(next);
  }
  return "Cette redirection ferait une boucle avec une autre.";
}

import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh nonce per response, used by the Content-Security-Policy and by our inline scripts. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
}

/** The CSP hash of an empty style element: the toast library inserts its element empty, then fills
 * it; the browser checks both states. An empty element applies nothing. */
const EMPTY_STYLE_HASH = `'sha256-${createHash("sha256").update("").digest("base64")}'`;

/** The CSP hash of the style element the toast library inserts when it loads. */
function toasterStyleHash(): string {
  const source = readFileSync(createRequire(import.meta.url).resolve("sonner"), "utf8");
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error("The toast library's inline styles were not found: its CSP hash cannot be made.");
  return `'sha256-${createHash("sha256")
    .update(JSON.parse(literal) as string)
    .digest("base64")}'`;
}
const TOASTER_STYLE_HASH = toasterStyleHash();

/** What a page may use of the browser: none of the powerful features. */
const PERMISSIONS_POLICY = [
  "accelerometer=()",
  "camera=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "payment=()",
  "usb=()",
  "browsing-topics=()",
].join(", ");

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Content-Security-Policy of a page: its inline scripts allowed by `scripts` (the response's
 * nonce, or the hashes of a cached page's scripts), its style elements by `styles` (a nonce), besides
 * the toasts' styles; pictures and videos also from `media` (the S3_PUBLIC_URL origin). Style
 * attributes are allowed; the dev server inserts scripts and styles inline. */
export function contentSecurityPolicy({
  dev,
  scripts,
  styles,
  media = [],
}: {
  dev: boolean;
  scripts: string[];
  styles: string[];
  media?: string[];
}) {
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...scripts, ...(dev ? ["'unsafe-inline'"] : [])],
    // The toast library inserts its style element without a nonce: allowed by its hash.
    "style-src-elem": ["'self'", ...styles, TOASTER_STYLE_HASH, EMPTY_STYLE_HASH, ...(dev ? ["'unsafe-inline'"] : [])],
    "style-src-attr": ["'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", ...media],
    "media-src": ["'self'", "blob:", ...media],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    // Our own pages only: the staff's preview shows the site in a frame of the editor.
    "frame-ancestors": ["'self'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(" ")}`)
    .join(";");
}

export function securityHeaders({ dev, https, media = [] }: { dev: boolean; https: boolean; media?: string[] }) {
  const headers = helmet({
    // Set below: it depends on the response's nonce.
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    // Sent below, only when the site is served over HTTPS.
    strictTransportSecurity: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  // The policy split where the response's nonce goes: joining the parts costs less than building it.
  const policyParts = contentSecurityPolicy({ dev, scripts: ["'nonce-\0'"], styles: ["'nonce-\0'"], media }).split(
    "\0",
  );
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Content-Security-Policy", policyParts.join(String(res.locals.nonce)));
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    if (req.secure || https) res.setHeader("Strict-Transport-Security", `max-age=${YEAR_SECONDS}; includeSubDomains`);
    headers(req, res, next);
  };
}

/** The few headers that still matter on a hashed build file (script, style, font, image). */
export function staticAssetHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
}

/** Cross-site form posts are refused: a mutation's Origin (scheme, host and port) must be the site's
 * public origin or the origin the request was sent to; 'null' (sandboxed frames, some redirects) is
 * refused too. Requests without Origin (non-browser clients) carry no cross-site cookie anyway, since
 * the session is SameSite=Lax. */
export function sameOriginMutations(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (req: Request, res: Response, next: NextFunction) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    const allowed =
      origin === undefined
        ? req.get("sec-fetch-site") !== "cross-site"
        : origin === publicOrigin || origin === `${req.protocol}://${req.host}`;
    if (!allowed) return res.status(403).type("text/plain").send("Origine refusée.");
    next();
  };
}

/** Origins media links point to besides the site itself: the S3_PUBLIC_URL's. */
export function mediaOrigins(publicUrl: string | undefined): string[] {
  return publicUrl ? [new URL(publicUrl).origin] : [];
}

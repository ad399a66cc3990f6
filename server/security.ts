import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";

/** A fresh nonce per response, used by the Content-Security-Policy and by our inline scripts. */
export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = randomBytes(16).toString("base64");
  next();
}

export function securityHeaders({ dev }: { dev: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": [
          "'self'",
          (_req, res) => `'nonce-${(res as Response).locals.nonce}'`,
          ...(dev ? ["'unsafe-inline'"] : []),
        ],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "media-src": ["'self'", "blob:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'", ...(dev ? ["ws:"] : [])],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: dev ? false : { maxAge: 15552000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}

/** The few headers that still matter on a hashed build file (script, style, font, image). */
export function staticAssetHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Cross-Origin-Resource-Policy", "same-origin");
  next();
}

/** Cross-site form posts are refused: a mutation must come from our own origin. Requests without
 * Origin (non-browser clients) carry no cross-site cookie anyway, since the session is SameSite=Lax. */
export function sameOriginMutations(req: Request, res: Response, next: NextFunction) {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
  const origin = req.get("origin");
  const fetchSite = req.get("sec-fetch-site");
  if (origin && origin !== "null") {
    let host: string | undefined;
    try {
      host = new URL(origin).host;
    } catch {
      host = undefined;
    }
    if (host !== req.get("host")) return res.status(403).type("text/plain").send("Origine refusée.");
  } else if (fetchSite === "cross-site") {
    return res.status(403).type("text/plain").send("Origine refusée.");
  }
  next();
}

import type { NextFunction, Request, Response } from "express";
import { GUARDED_ROUTES } from "../../app/rules/staff-paths";
import { maySessionAccess, ROLE_REFUSED, SECOND_FACTOR_REFUSED } from "../../app/rules/staff-roles";
import { UPLOAD_MESSAGES } from "../../app/rules/uploads";
import type { SessionUser } from "./sessions";
import { requestSessionUser } from "./users";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** First path segments of the guarded screens ('edit', 'edit-products', 'creer-machine', …) and of the
 * staff endpoints. */
const GUARDED_SEGMENTS = new Set([...GUARDED_ROUTES.map(([path]) => path.split("/")[0]!), "api"]);

/** Whether a request would change something on a guarded screen or endpoint: any method but a read, on
 * a guarded page, its data request ('/edit-products.data') or a staff endpoint ('/api/…'). The path is
 * compared decoded and in lower case, as the router matches it. */
export function isGuardedMutation(method: string, path: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  let segment = path.split("/")[1] ?? "";
  try {
    segment = decodeURIComponent(segment);
  } catch {
    // A malformed escape matches no route: compared as it is.
  }
  return GUARDED_SEGMENTS.has(segment.replace(/\.data$/, "").toLowerCase());
}

/** Where the early session check leaves the signed-in user, so the page handler asks only once. */
export const SESSION_USER_LOCAL = "sessionUser";

/**
 * A signed-out mutation of a guarded screen is answered 401 before a byte of its body is read, and
 * the connection is closed: a stranger cannot make the server read (and hold) a staff form's megabyte.
 * A signed-in account without the screen's role is answered 403 the same way.
 * The route's own guard still refuses it too; this one only answers first. A data request gets the
 * same status its page would (the guarded layout shows 'Page non trouvée' for it).
 */
export function refuseSignedOutMutations(
  sessionUser: (cookieHeader: string | undefined) => Promise<SessionUser | null>,
) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!isGuardedMutation(req.method, req.path)) return next();
    const user = await sessionUser(req.headers.cookie).catch(() => null);
    if (user && maySessionAccess(user, req.method, req.path)) {
      res.locals[SESSION_USER_LOCAL] = user;
      return next();
    }
    req.pause();
    res.setHeader("Connection", "close");
    res.setHeader("Cache-Control", "private, no-store");
    res.status(user ? 403 : 401);
    const message = !user
      ? UPLOAD_MESSAGES.unauthorized
      : user.mustAddSecondFactor
        ? SECOND_FACTOR_REFUSED
        : ROLE_REFUSED;
    if (req.path.startsWith("/api/")) res.json({ error: message });
    else res.type("text/plain").send(message);
  };
}

/** The session check of the site's settings, for refuseSignedOutMutations. */
export function siteSessionUser(services: {
  db: Parameters<typeof requestSessionUser>[0];
  config: Parameters<typeof requestSessionUser>[1];
}) {
  return (cookieHeader: string | undefined) => requestSessionUser(services.db, services.config, cookieHeader);
}

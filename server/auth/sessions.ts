// The staff's session cookies and their limits; the session rows are the accounts' (users.ts).
import { createHash } from "node:crypto";
import type { StaffRole } from "../db/schema";

/** Over HTTPS the cookie carries the __Host- prefix: the browser then only accepts it Secure, for the
 * whole site and from this host alone. Plain HTTP (development) cannot use it. Both names are read. */
export const SESSION_COOKIE_SECURE = "__Host-sid";
export const SESSION_COOKIE_PLAIN = "sid";
const sessionCookieName = (secure: boolean) => (secure ? SESSION_COOKIE_SECURE : SESSION_COOKIE_PLAIN);

/** How long a session lives: `idleMs` without a request, `maxMs` after sign-in at most. */
export type SessionPolicy = { idleMs: number; maxMs: number };

export function sessionPolicy(config: { sessionIdleMinutes: number; sessionMaxHours: number }): SessionPolicy {
  return { idleMs: config.sessionIdleMinutes * 60 * 1000, maxMs: config.sessionMaxHours * 60 * 60 * 1000 };
}

/** What a session row keeps of its token: its SHA-256, never the token. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** The signed-in account: `name` is what the screens show beside what the person did.
 * `mustAddSecondFactor`: the owner requires a second factor and this session was opened with the
 * password alone, so it opens only Mon compte, where the person adds one. */
export type SessionUser = {
  id: string;
  username: string;
  name: string;
  roles: StaffRole[];
  /** This session was opened with a passkey, or with the password and an authenticator code. */
  secondFactor: boolean;
  mustAddSecondFactor: boolean;
};

function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Every session token the request carries, under either cookie name. */
export function readSessionTokens(header: string | null | undefined): string[] {
  return [readCookie(header, SESSION_COOKIE_SECURE), readCookie(header, SESSION_COOKIE_PLAIN)].filter(
    (token): token is string => Boolean(token),
  );
}

/** The session token to check: the __Host- cookie first. */
export function readSessionToken(header: string | null | undefined): string | undefined {
  return readSessionTokens(header)[0];
}

export function sessionCookie(token: string, secure: boolean, policy: SessionPolicy): string {
  return [
    `${sessionCookieName(secure)}=${token}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Lax",
    `Max-Age=${Math.floor(policy.maxMs / 1000)}`,
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/** Set-Cookie values that remove the session cookie under both names. */
export function clearSessionCookies(secure: boolean): string[] {
  const clear = (name: string, withSecure: boolean) =>
    [`${name}=`, "Path=/", "HttpOnly", "SameSite=Lax", "Max-Age=0", ...(withSecure ? ["Secure"] : [])].join("; ");
  // A __Host- cookie can only be set (or cleared) with Secure.
  return secure
    ? [clear(SESSION_COOKIE_SECURE, true), clear(SESSION_COOKIE_PLAIN, true)]
    : [clear(SESSION_COOKIE_PLAIN, false)];
}

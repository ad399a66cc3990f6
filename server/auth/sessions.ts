// The staff's sessions: this module alone reads and writes sessions (users.ts keeps the accounts).
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema";

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

/** The last use is written at most this often: one write a minute, not one per request. */
const SESSION_TOUCH_MS = 60 * 1000;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

export type SessionUser = { id: string; username: string };

/** Creates a session row and returns the token to put in the cookie. */
export async function createSession(db: Db, userId: string, policy: SessionPolicy, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs))));
  await db.insert(sessions).values({
    id: hashToken(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + policy.maxMs),
  });
  return token;
}

/** The user id of a session still within its idle and absolute limits, noting the use; null when the
 * token has none. */
export async function liveSessionUserId(
  db: Db,
  token: string | undefined,
  policy: SessionPolicy,
  now = new Date(),
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({ userId: sessions.user_id, lastSeen: sessions.last_seen_at })
    .from(sessions)
    .where(
      and(
        eq(sessions.id, id),
        gt(sessions.expires_at, now),
        // Also against created_at, so a shorter SESSION_MAX_HOURS applies to sessions already open.
        gt(sessions.created_at, new Date(now.getTime() - policy.maxMs)),
        gt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeen.getTime() >= SESSION_TOUCH_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
  }
  return row.userId;
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user (password change, 'log out everywhere'). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

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

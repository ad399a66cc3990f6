import { and, count, eq, gt, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;

/** True when this IP or this username had 5 failed logins in the last 15 minutes. */
export async function isLoginThrottled(db: Db, ip: string, username: string, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const recentFailures = (column: typeof loginAttempts.ip | typeof loginAttempts.username, value: string) =>
    db
      .select({ value: count() })
      .from(loginAttempts)
      .where(and(eq(column, value), eq(loginAttempts.succeeded, false), gt(loginAttempts.created_at, since)));
  const [[byIp], [byUser]] = await Promise.all([
    recentFailures(loginAttempts.ip, ip),
    recentFailures(loginAttempts.username, username.toLowerCase()),
  ]);
  return (byIp?.value ?? 0) >= LOGIN_MAX_FAILURES || (byUser?.value ?? 0) >= LOGIN_MAX_FAILURES;
}

export async function recordLoginAttempt(
  db: Db,
  ip: string,
  username: string,
  succeeded: boolean,
  now = new Date(),
): Promise<void> {
  await db.insert(loginAttempts).values({ ip, username: username.toLowerCase(), succeeded, created_at: now });
  // Old rows serve no purpose; keep the table small.
  await db.delete(loginAttempts).where(or(lt(loginAttempts.created_at, new Date(now.getTime() - 24 * 60 * 60 * 1000))));
}

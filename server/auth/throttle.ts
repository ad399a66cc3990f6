import { and, count, eq, gt, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { loginAttempts } from "../db/schema";

const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failures within the window that refuse further tries with 429. */
export const LOGIN_MAX_FAILURES = 5; // per (username, address)
export const LOGIN_MAX_ADDRESS_FAILURES = 20; // per address, any username
/** A username's failures from all addresses only slow its logins down: a stranger must never be able
 * to lock the admin out. Beyond this many, each further failure adds a step, up to the cap. */
const LOGIN_DELAY_AFTER = 10;
const LOGIN_DELAY_STEP_MS = 250;
export const LOGIN_DELAY_MAX_MS = 3000;

/** How long to hold a login for a username that failed `failures` times in the window (all addresses). */
export function loginDelayMs(failures: number): number {
  return Math.min(Math.max(failures - LOGIN_DELAY_AFTER, 0) * LOGIN_DELAY_STEP_MS, LOGIN_DELAY_MAX_MS);
}

export type LoginGate = { allowed: false } | { allowed: true; attemptId: number; delayMs: number };

// Pending attempts (succeeded is null) count as failures until their outcome is known.
const notSucceeded = sql`${loginAttempts.succeeded} is not true`;

/** Decides whether this login may check a password and, if so, records it as pending before any hash
 * runs. The count and the insert happen in one transaction under an advisory lock on the address, so
 * N parallel tries from one address get exactly the checks N sequential tries would. */
export async function reserveLoginAttempt(db: Db, ip: string, username: string, now = new Date()): Promise<LoginGate> {
  const name = username.toLowerCase();
  const since = new Date(now.getTime() - LOGIN_WINDOW_MS);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`login:${ip}`}))`);
    const [byAddress] = await tx
      .select({
        pair: sql<number>`count(*) filter (where ${loginAttempts.username} = ${name})`.mapWith(Number),
        address: count(),
      })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.ip, ip), notSucceeded, gt(loginAttempts.created_at, since)));
    if ((byAddress?.pair ?? 0) >= LOGIN_MAX_FAILURES || (byAddress?.address ?? 0) >= LOGIN_MAX_ADDRESS_FAILURES) {
      return { allowed: false } as const;
    }
    const [byUsername] = await tx
      .select({ value: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.username, name), notSucceeded, gt(loginAttempts.created_at, since)));
    const [row] = await tx
      .insert(loginAttempts)
      .values({ ip, username: name, succeeded: null, created_at: now })
      .returning({ id: loginAttempts.id });
    return { allowed: true, attemptId: row!.id, delayMs: loginDelayMs(byUsername?.value ?? 0) } as const;
  });
}

/** Records the outcome of a reserved attempt. A success clears that address's failures for the
 * username, so a few typos before it do not count against the next sign-in. */
export async function finishLoginAttempt(db: Db, attemptId: number, succeeded: boolean, now = new Date()) {
  const [row] = await db
    .update(loginAttempts)
    .set({ succeeded })
    .where(eq(loginAttempts.id, attemptId))
    .returning({ ip: loginAttempts.ip, username: loginAttempts.username });
  if (succeeded && row) {
    await db
      .delete(loginAttempts)
      .where(
        and(eq(loginAttempts.ip, row.ip), eq(loginAttempts.username, row.username), eq(loginAttempts.succeeded, false)),
      );
  }
  // Old rows serve no purpose; keep the table small.
  await db.delete(loginAttempts).where(lt(loginAttempts.created_at, new Date(now.getTime() - 24 * 60 * 60 * 1000)));
}

/** Forgets a reserved attempt whose password was never checked (the server was too busy). */
export async function cancelLoginAttempt(db: Db, attemptId: number): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.id, attemptId));
}

/** A finished attempt as is, for tests and tools. */
export async function recordLoginAttempt(
  db: Db,
  ip: string,
  username: string,
  succeeded: boolean,
  now = new Date(),
): Promise<void> {
  await db.insert(loginAttempts).values({ ip, username: username.toLowerCase(), succeeded, created_at: now });
}

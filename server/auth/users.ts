import { randomBytes } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, type AdminUser } from "../db/schema";
import type { Logger } from "../lib/log";
import { DUMMY_HASH, hashPassword, verifyPassword } from "./password";

export async function findAdmin(db: Db, username: string): Promise<AdminUser | null> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row ?? null;
}

/** Creates the admin or changes its password. */
export async function upsertAdmin(db: Db, username: string, password: string): Promise<AdminUser> {
  const password_hash = await hashPassword(password);
  const [row] = await db
    .insert(adminUsers)
    .values({ username, password_hash })
    .onConflictDoUpdate({ target: adminUsers.username, set: { password_hash, updated_at: new Date() } })
    .returning();
  return row!;
}

/** The user when the pair matches; null otherwise, in about the same time either way. */
export async function checkCredentials(db: Db, username: string, password: string): Promise<AdminUser | null> {
  const user = await findAdmin(db, username);
  const ok = await verifyPassword(password, user?.password_hash ?? DUMMY_HASH);
  return user && ok ? user : null;
}

/** At start: ADMIN_USERNAME + ADMIN_PASSWORD create or update that admin; with no admin at all and
 * none given, create 'admin' with a random password printed once in the log. */
export async function ensureAdmin(db: Db, log: Logger, given: { username?: string; password?: string }): Promise<void> {
  if (given.username && given.password) {
    await upsertAdmin(db, given.username, given.password);
    log.info({ username: given.username }, "Admin account set from ADMIN_USERNAME");
    return;
  }
  const [{ value }] = (await db.select({ value: count() }).from(adminUsers)) as [{ value: number }];
  if (value > 0) return;
  const password = randomBytes(12).toString("base64url");
  await upsertAdmin(db, "admin", password);
  log.warn(
    { username: "admin", password },
    "Created the first admin account. Sign in at /login with this password; it is not shown again.",
  );
}

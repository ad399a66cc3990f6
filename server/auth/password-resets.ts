// Password resets by email: this module alone reads and writes password_resets. The link's token is
// random and kept only as its SHA-256; it lets its account choose a new password within an hour, once.
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import type { Db } from "../db/client";
import { passwordResets } from "../db/schema";
import { hashToken } from "./sessions";
import { setPasswordEndingSessions } from "./users";

const RESET_MS = 60 * 60 * 1000;

/** A new reset link's token for the account, in the caller's transaction; older links of the account
 * and expired ones of everyone go. */
export async function createPasswordReset(tx: Db, userId: string, now = new Date()): Promise<string> {
  await tx.delete(passwordResets).where(or(eq(passwordResets.user_id, userId), lt(passwordResets.expires_at, now)));
  const token = randomBytes(32).toString("base64url");
  await tx.insert(passwordResets).values({
    user_id: userId,
    token_hash: hashToken(token),
    created_at: now,
    expires_at: new Date(now.getTime() + RESET_MS),
  });
  return token;
}

const usable = (token: string, now: Date) =>
  and(
    eq(passwordResets.token_hash, hashToken(token)),
    isNull(passwordResets.used_at),
    gt(passwordResets.expires_at, now),
  );

/** Whether a link still works. */
export async function passwordResetIsUsable(db: Db, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 100) return false;
  const [row] = await db.select({ id: passwordResets.id }).from(passwordResets).where(usable(token, now)).limit(1);
  return Boolean(row);
}

/** Uses the link once: the account takes the new password's hash (made before) and every session of
 * it ends. The account's id and username, or null when the link no longer works. */
export async function redeemPasswordReset(db: Db, token: string, passwordHash: string, now = new Date()) {
  if (!token || token.length > 100) return null;
  return db.transaction(async (tx) => {
    const [used] = await tx.update(passwordResets).set({ used_at: now }).where(usable(token, now)).returning();
    if (!used) return null;
    return setPasswordEndingSessions(tx, used.user_id, passwordHash);
  });
}

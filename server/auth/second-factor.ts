// An account's second factor after its password: an authenticator app (TOTP, RFC 6238) and ten
// single-use recovery codes. This module alone reads and writes staff_totp and staff_recovery_codes.
import { createHash, randomInt } from "node:crypto";
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { generateSecret, generateURI, verify } from "otplib";
import type { Db } from "../db/client";
import { staffRecoveryCodes, staffTotp } from "../db/schema";

/** A code one step (30 s) early or late still works: a phone's clock is rarely exact. */
const TOLERANCE_SECONDS = 30;
const RECOVERY_CODE_COUNT = 10;
// No 0/O, 1/I/L: a code copied by hand from paper reads one way only.
const RECOVERY_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";

const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** A recovery code as stored: upper case, without spaces or dashes, so 'abcd-efgh' is 'ABCDEFGH'. */
function normaliseRecoveryCode(typed: string): string {
  return typed.toUpperCase().replace(/[\s-]/g, "");
}

function newRecoveryCode(): string {
  const chars = Array.from({ length: 8 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

export type SecondFactorStatus = { totp: boolean; recoveryCodesLeft: number };

export async function secondFactorStatus(db: Db, userId: string): Promise<SecondFactorStatus> {
  const [totp] = await db
    .select({ enabled: staffTotp.enabled_at })
    .from(staffTotp)
    .where(eq(staffTotp.user_id, userId));
  const [left] = await db
    .select({ value: count() })
    .from(staffRecoveryCodes)
    .where(and(eq(staffRecoveryCodes.user_id, userId), isNull(staffRecoveryCodes.used_at)));
  return { totp: Boolean(totp?.enabled), recoveryCodesLeft: left?.value ?? 0 };
}

/** The accounts whose authenticator app is on. */
export async function accountsWithAuthenticator(db: Db): Promise<Set<string>> {
  const rows = await db.select({ id: staffTotp.user_id }).from(staffTotp).where(isNotNull(staffTotp.enabled_at));
  return new Set(rows.map((row) => row.id));
}

/** Whether the account asks for a code after its password. */
export async function totpEnabled(db: Db, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffTotp.user_id })
    .from(staffTotp)
    .where(and(eq(staffTotp.user_id, userId), isNotNull(staffTotp.enabled_at)));
  return Boolean(row);
}

/** A new secret for the app, not yet asked at sign-in: the person scans it, then types a first code.
 * False when the app is already on (it must be turned off first). */
export async function beginTotpSetup(db: Db, userId: string): Promise<boolean> {
  const secret = generateSecret();
  const [row] = await db
    .insert(staffTotp)
    .values({ user_id: userId, secret })
    .onConflictDoUpdate({
      target: staffTotp.user_id,
      set: { secret, created_at: new Date(), last_step: null },
      setWhere: isNull(staffTotp.enabled_at),
    })
    .returning({ id: staffTotp.user_id });
  return Boolean(row);
}

/** The otpauth:// address an authenticator app reads from the QR code. */
export function authenticatorUri(secret: string, label: { issuer: string; account: string }): string {
  return generateURI({ issuer: label.issuer, label: label.account, secret });
}

/** The pending secret of a setup begun and not finished, to show it again after a reload. */
export async function pendingTotpSecret(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ secret: staffTotp.secret })
    .from(staffTotp)
    .where(and(eq(staffTotp.user_id, userId), isNull(staffTotp.enabled_at)));
  return row?.secret ?? null;
}

/** The step of a code valid now for this secret after `afterStep`, or null. */
async function codeStep(secret: string, code: string, afterStep: number | null, now: Date): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}

/** Turns the app on with a first code from it; the ten recovery codes, shown once, or null when the
 * code is not the app's. */
export async function confirmTotp(db: Db, userId: string, code: string, now = new Date()): Promise<string[] | null> {
  const secret = await pendingTotpSecret(db, userId);
  if (!secret) return null;
  const step = await codeStep(secret, code.replace(/\s/g, ""), null, now);
  if (step === null) return null;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staffTotp)
      .set({ enabled_at: now, last_step: step })
      .where(and(eq(staffTotp.user_id, userId), eq(staffTotp.secret, secret), isNull(staffTotp.enabled_at)))
      .returning({ id: staffTotp.user_id });
    if (!row) return null;
    return replaceRecoveryCodes(tx, userId);
  });
}

/** Ten new recovery codes; the earlier ones stop working. The codes, shown once. */
export async function replaceRecoveryCodes(db: Db, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.user_id, userId));
  await db
    .insert(staffRecoveryCodes)
    .values(codes.map((code) => ({ user_id: userId, code_hash: sha256(normaliseRecoveryCode(code)) })));
  return codes;
}

/** Drops a setup begun and not finished (the app stays off). */
export async function cancelTotpSetup(db: Db, userId: string): Promise<void> {
  await db.delete(staffTotp).where(and(eq(staffTotp.user_id, userId), isNull(staffTotp.enabled_at)));
}

/** Turns the app off: the password alone signs in again, and the recovery codes go. */
export async function removeTotp(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.delete(staffTotp).where(eq(staffTotp.user_id, userId));
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.user_id, userId));
  });
}

/** Checks the code typed after the password: the app's current code (each accepted once), or an unused
 * recovery code (then spent). Which one it was, or null. */
export async function spendSecondFactorCode(
  db: Db,
  userId: string,
  typed: string,
  now = new Date(),
): Promise<"app" | "recovery" | null> {
  const code = typed.replace(/\s/g, "");
  if (/^\d{6}$/.test(code)) {
    const [row] = await db
      .select()
      .from(staffTotp)
      .where(and(eq(staffTotp.user_id, userId), isNotNull(staffTotp.enabled_at)));
    if (!row) return null;
    const step = await codeStep(row.secret, code, row.last_step, now);
    if (step === null) return null;
    // Two sign-ins with the same code at once: only the first moves the step on.
    const [moved] = await db
      .update(staffTotp)
      .set({ last_step: step })
      .where(and(eq(staffTotp.user_id, userId), or(isNull(staffTotp.last_step), lt(staffTotp.last_step, step))))
      .returning({ id: staffTotp.user_id });
    return moved ? "app" : null;
  }
  const normalised = normaliseRecoveryCode(code);
  if (normalised.length !== 8) return null;
  const [spent] = await db
    .update(staffRecoveryCodes)
    .set({ used_at: now })
    .where(
      and(
        eq(staffRecoveryCodes.user_id, userId),
        eq(staffRecoveryCodes.code_hash, sha256(normalised)),
        isNull(staffRecoveryCodes.used_at),
      ),
    )
    .returning({ id: staffRecoveryCodes.id });
  return spent ? "recovery" : null;
}

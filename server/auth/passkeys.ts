// Passkeys (WebAuthn) of the staff accounts: this module alone reads and writes staff_passkeys and
// spent_passkey_challenges. Only each key's public half is kept. Challenges are stateless: random bytes,
// an expiry and what they are for, signed with the site's secret, so the sign-in page can carry one
// without writing anything; each is accepted once (spent_passkey_challenges) until it expires.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { and, desc, eq, lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { spentPasskeyChallenges, staffPasskeys } from "../db/schema";
import { listAccounts } from "./users";

/** How long a challenge is accepted after it was made. */
export const CHALLENGE_MS = 5 * 60 * 1000;
/** How long the browser's prompt waits for the person. */
const PROMPT_MS = 2 * 60 * 1000;
/** The signatures phones and security keys make (EdDSA, ES256, RS256). The library would also offer
 * ML-DSA-44 where Node has it, through an API Node still calls experimental. */
const ALGORITHMS = [-8, -7, -257];

const NONCE_BYTES = 16;
const EXPIRY_BYTES = 8;
const MAC_BYTES = 32;
const CHALLENGE_BYTES = NONCE_BYTES + EXPIRY_BYTES + MAC_BYTES;

/** What a challenge was made for: a sign-in (anyone's key), or adding a key to one account or to the
 * account an invitation is about to make. */
export type ChallengePurpose = "sign-in" | `account:${string}` | `invitation:${string}`;

export type ChallengeCheck = { ok: true; expiresAt: Date } | { ok: false; reason: "invalid" | "expired" };

const mac = (secret: string, purpose: ChallengePurpose, payload: Uint8Array) =>
  createHmac("sha256", secret).update(`passkey-challenge\n${purpose}\n`).update(payload).digest();

/** A new challenge for `purpose`, valid CHALLENGE_MS: base64url(16 random bytes ‖ expiry ‖ HMAC). */
export function signChallenge(secret: string, purpose: ChallengePurpose, now = new Date()) {
  const expiresAt = now.getTime() + CHALLENGE_MS;
  const payload = Buffer.alloc(NONCE_BYTES + EXPIRY_BYTES);
  randomBytes(NONCE_BYTES).copy(payload);
  payload.writeBigUInt64BE(BigInt(expiresAt), NONCE_BYTES);
  const bytes = new Uint8Array(Buffer.concat([payload, mac(secret, purpose, payload)]));
  return { value: Buffer.from(bytes).toString("base64url"), bytes, expiresAt };
}

/** Whether `value` is a challenge this site made for `purpose` and it is still valid. Nothing is read
 * or written: spending it is spendChallenge's. */
export function readChallenge(
  secret: string,
  value: string,
  purpose: ChallengePurpose,
  now = new Date(),
): ChallengeCheck {
  if (!/^[\w-]{1,100}$/.test(value)) return { ok: false, reason: "invalid" };
  const bytes = Buffer.from(value, "base64url");
  // One spelling per challenge, so it is spent under one key.
  if (bytes.length !== CHALLENGE_BYTES || bytes.toString("base64url") !== value)
    return { ok: false, reason: "invalid" };
  const payload = bytes.subarray(0, NONCE_BYTES + EXPIRY_BYTES);
  if (!timingSafeEqual(bytes.subarray(NONCE_BYTES + EXPIRY_BYTES), mac(secret, purpose, payload))) {
    return { ok: false, reason: "invalid" };
  }
  const expiresAt = Number(payload.readBigUInt64BE(NONCE_BYTES));
  if (expiresAt <= now.getTime()) return { ok: false, reason: "expired" };
  return { ok: true, expiresAt: new Date(expiresAt) };
}

/** Uses a valid challenge once: false when it was used already. `scope` (a sign-in's key) lets the
 * sign-in page's challenge, shared by every visitor of a cached page, serve each key once. Expired rows
 * go at the same time. */
export async function spendChallenge(
  db: Db,
  value: string,
  expiresAt: Date,
  scope = "",
  now = new Date(),
): Promise<boolean> {
  await db.delete(spentPasskeyChallenges).where(lt(spentPasskeyChallenges.expires_at, now));
  const key = scope ? `${value}.${createHash("sha256").update(scope).digest("base64url")}` : value;
  const [row] = await db
    .insert(spentPasskeyChallenges)
    .values({ challenge: key, expires_at: expiresAt })
    .onConflictDoNothing()
    .returning({ challenge: spentPasskeyChallenges.challenge });
  return Boolean(row);
}

/** The challenge a browser's answer signed (from its client data), or null when unreadable. */
export function answeredChallenge(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const client = JSON.parse(Buffer.from(response.response.clientDataJSON, "base64url").toString("utf8")) as unknown;
    const challenge = (client as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === "string" ? challenge : null;
  } catch {
    return null;
  }
}

// ---- Where the keys belong ----

/** The site a key belongs to (rpID: a host name, no port) and the page origin a browser's answer must
 * come from. */
export type RelyingParty = { rpID: string; origin: string };

/** The relying party of a request, from the address it was sent to (behind a trusted proxy, the one
 * the proxy was asked for, as the app's own URLs are made). On the site's public host or one under it
 * ('www.'), keys belong to the public host, so one key works on both. */
export function relyingParty(requestUrl: string, publicUrl: string): RelyingParty {
  const url = new URL(requestUrl);
  const publicHost = new URL(publicUrl).hostname;
  const host = url.hostname;
  return {
    rpID: host === publicHost || host.endsWith(`.${publicHost}`) ? publicHost : host,
    origin: url.origin,
  };
}

/** The id the authenticator files the account's keys under: the same for an invitation and the account
 * it makes (their username), and revealing nothing of it. */
function webAuthnUserId(secret: string, username: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(
    createHmac("sha256", secret).update(`passkey-user\n${username.toLowerCase()}`).digest().subarray(0, 16),
  );
}

// ---- Options for the browser's prompt ----

// No extension is asked for: without them, the options are plain JSON a loader can hand to the page.
export type SignInOptions = {
  optionsJSON: Omit<PublicKeyCredentialRequestOptionsJSON, "extensions">;
  expiresAt: number;
};
export type RegistrationOptions = {
  optionsJSON: Omit<PublicKeyCredentialCreationOptionsJSON, "extensions">;
  expiresAt: number;
};

/** The sign-in prompt's options: any key of this site the device holds (discoverable credentials), the
 * person verified by their device (fingerprint, face, code). */
export async function signInOptions(secret: string, rp: RelyingParty, now = new Date()): Promise<SignInOptions> {
  const challenge = signChallenge(secret, "sign-in", now);
  const optionsJSON = await generateAuthenticationOptions({
    rpID: rp.rpID,
    challenge: challenge.bytes,
    allowCredentials: [],
    userVerification: "required",
    timeout: PROMPT_MS,
  });
  return { optionsJSON, expiresAt: challenge.expiresAt };
}

/** The prompt's options to add a key, a discoverable one verified by the device. The account's keys are
 * excluded: a device that holds one already says so. */
export async function registrationOptions(
  db: Db,
  secret: string,
  rp: RelyingParty,
  who: { purpose: `account:${string}` | `invitation:${string}`; rpName: string; username: string; name: string },
  now = new Date(),
): Promise<RegistrationOptions> {
  const challenge = signChallenge(secret, who.purpose, now);
  const accountId = who.purpose.startsWith("account:") ? who.purpose.slice("account:".length) : null;
  const existing = accountId ? await listPasskeys(db, accountId) : [];
  const optionsJSON = await generateRegistrationOptions({
    rpName: who.rpName,
    rpID: rp.rpID,
    userName: who.username,
    userDisplayName: who.name,
    userID: webAuthnUserId(secret, who.username),
    challenge: challenge.bytes,
    timeout: PROMPT_MS,
    attestationType: "none",
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    supportedAlgorithmIDs: ALGORITHMS,
  });
  return { optionsJSON, expiresAt: challenge.expiresAt };
}

// ---- Adding, listing and removing keys ----

/** A verified new key, ready to store. */
export type NewPasskey = { id: string; publicKey: string; counter: number; transports: string[] };

export type RegistrationCheck =
  { ok: true; passkey: NewPasskey } | { ok: false; reason: "invalid" | "expired" | "spent" };

/** Checks the browser's answer to a registration prompt made for `purpose`; the challenge is spent. */
export async function verifyRegistration(
  db: Db,
  secret: string,
  rp: RelyingParty,
  purpose: `account:${string}` | `invitation:${string}`,
  response: RegistrationResponseJSON,
  now = new Date(),
): Promise<RegistrationCheck> {
  const challenge = answeredChallenge(response);
  const check = challenge
    ? readChallenge(secret, challenge, purpose, now)
    : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok) return check;
  let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verified = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
      supportedAlgorithmIDs: ALGORITHMS,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verified.verified) return { ok: false, reason: "invalid" };
  if (!(await spendChallenge(db, challenge!, check.expiresAt, "", now))) return { ok: false, reason: "spent" };
  const { credential } = verified.registrationInfo;
  return {
    ok: true,
    passkey: {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString("base64url"),
      counter: credential.counter,
      transports: credential.transports ?? [],
    },
  };
}

/** Stores a verified key for the account (in the caller's transaction, if any); false when that key
 * is stored already. `device`: where it was added ('Chrome sur Android'). */
export async function savePasskey(db: Db, userId: string, passkey: NewPasskey, device: string, now = new Date()) {
  const [row] = await db
    .insert(staffPasskeys)
    .values({
      id: passkey.id,
      user_id: userId,
      public_key: passkey.publicKey,
      counter: passkey.counter,
      transports: passkey.transports,
      device,
      created_at: now,
    })
    .onConflictDoNothing()
    .returning({ id: staffPasskeys.id });
  return Boolean(row);
}

export type Passkey = { id: string; device: string; transports: string[]; createdAt: Date; lastUsedAt: Date | null };

/** The accounts with at least one passkey. */
export async function accountsWithPasskeys(db: Db): Promise<Set<string>> {
  const rows = await db.selectDistinct({ id: staffPasskeys.user_id }).from(staffPasskeys);
  return new Set(rows.map((row) => row.id));
}

/** The account's keys, the newest first. */
export async function listPasskeys(db: Db, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select()
    .from(staffPasskeys)
    .where(eq(staffPasskeys.user_id, userId))
    .orderBy(desc(staffPasskeys.created_at));
  return rows.map((row) => ({
    id: row.id,
    device: row.device,
    transports: row.transports,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  }));
}

/** Removes one of the account's own keys: what it was (to say so), or null when the account has no
 * such key. */
export async function removePasskey(db: Db, userId: string, id: string): Promise<{ device: string } | null> {
  const [row] = await db
    .delete(staffPasskeys)
    .where(and(eq(staffPasskeys.id, id), eq(staffPasskeys.user_id, userId)))
    .returning({ device: staffPasskeys.device });
  return row ?? null;
}

// ---- Signing in ----

export type SignInCheck =
  | { ok: true; account: { id: string; username: string; display_name: string } }
  | { ok: false; reason: "invalid" | "expired" | "unknown" | "inactive" | "spent" };

/** Checks the browser's answer to the sign-in prompt: a key of this site, signed over a challenge of
 * ours still valid and not used by that key, by an active account. The key's counter and last use are
 * noted. An account turned off is told only to the holder of its key. */
export async function verifySignIn(
  db: Db,
  secret: string,
  rp: RelyingParty,
  response: AuthenticationResponseJSON,
  now = new Date(),
): Promise<SignInCheck> {
  const challenge = answeredChallenge(response);
  const check = challenge
    ? readChallenge(secret, challenge, "sign-in", now)
    : ({ ok: false, reason: "invalid" } as const);
  if (!check.ok) return check;
  const [key] = await db.select().from(staffPasskeys).where(eq(staffPasskeys.id, response.id)).limit(1);
  if (!key) return { ok: false, reason: "unknown" };
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge!,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: {
        id: key.id,
        publicKey: new Uint8Array(Buffer.from(key.public_key, "base64url")),
        counter: key.counter,
        transports: key.transports,
      },
      requireUserVerification: true,
    });
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (!verified.verified) return { ok: false, reason: "invalid" };
  const account = (await listAccounts(db)).find((a) => a.id === key.user_id);
  if (!account) return { ok: false, reason: "unknown" };
  if (!account.active) return { ok: false, reason: "inactive" };
  if (!(await spendChallenge(db, challenge!, check.expiresAt, key.id, now))) return { ok: false, reason: "spent" };
  await db
    .update(staffPasskeys)
    .set({ counter: verified.authenticationInfo.newCounter, last_used_at: now })
    .where(eq(staffPasskeys.id, key.id));
  return { ok: true, account: { id: account.id, username: account.username, display_name: account.name } };
}

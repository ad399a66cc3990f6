import { randomBytes, scrypt as scryptCb, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { createLimiter } from "../lib/limiter";

const scrypt = promisify(scryptCb) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export type ScryptParams = { N: number; r: number; p: number };

/** OWASP's current minimum for scrypt (2^17, 8, 1): about 128 MiB and 0.4 s per hash. */
const PASSWORD_PARAMS: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;
const MIN_PASSWORD_LENGTH = 12;

// Stored parameters beyond these are refused rather than allowed to exhaust memory.
const MAX_PARAMS: ScryptParams = { N: 2 ** 20, r: 16, p: 4 };

/** scrypt needs 128·N·r bytes; the limit leaves room for its own bookkeeping. */
const maxmem = ({ N, r }: ScryptParams) => 2 * 128 * N * r;

/** At most two hashes run at once and sixteen wait: a login flood then costs two cores and a bounded
 * amount of memory at worst, and the rest of the site keeps answering. Beyond the queue a check is
 * refused at once (LimiterFullError). */
const hashLimiter = createLimiter({ concurrency: 2, queue: 16 });

/** The French reason a new password is refused, or null when it is long enough. */
export function passwordProblem(password: string): string | null {
  return [...password].length >= MIN_PASSWORD_LENGTH
    ? null
    : `Le mot de passe doit compter au moins ${MIN_PASSWORD_LENGTH} caractères.`;
}

/** 'scrypt$N$r$p$salt$hash' (base64url). */
export async function hashPassword(password: string, params: ScryptParams = PASSWORD_PARAMS): Promise<string> {
  const salt = randomBytes(16);
  const hash = await hashLimiter.run(() => scrypt(password, salt, KEY_LENGTH, { ...params, maxmem: maxmem(params) }));
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), hash.toString("base64url")].join("$");
}

function parseHash(stored: string): { params: ScryptParams; salt: Buffer; hash: Buffer } | null {
  const [kind, n, r, p, salt, hash, extra] = stored.split("$");
  if (kind !== "scrypt" || !salt || !hash || extra !== undefined) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid = (Object.keys(params) as (keyof ScryptParams)[]).every(
    (key) => Number.isInteger(params[key]) && params[key] >= 1 && params[key] <= MAX_PARAMS[key],
  );
  return valid ? { params, salt: Buffer.from(salt, "base64url"), hash: Buffer.from(hash, "base64url") } : null;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.hash.length === 0) return false;
  const { params, salt, hash } = parsed;
  const actual = await hashLimiter.run(() =>
    scrypt(password, salt, hash.length, { ...params, maxmem: maxmem(params) }),
  );
  return actual.length === hash.length && timingSafeEqual(actual, hash);
}

/** True when a stored hash was made with weaker parameters than today's: rehash it at the next login. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { params, hash } = parsed;
  return (
    params.N < PASSWORD_PARAMS.N ||
    params.r < PASSWORD_PARAMS.r ||
    params.p < PASSWORD_PARAMS.p ||
    hash.length < KEY_LENGTH
  );
}

// Checked against when the username is unknown, so both paths take the same time.
export const DUMMY_HASH = [
  "scrypt",
  PASSWORD_PARAMS.N,
  PASSWORD_PARAMS.r,
  PASSWORD_PARAMS.p,
  "AAAAAAAAAAAAAAAAAAAAAA",
  Buffer.alloc(KEY_LENGTH).toString("base64url"),
].join("$");

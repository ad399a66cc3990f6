// A visitor is counted without any identifier kept by the browser: the hash of (the day's secret, the
// address, the user agent, the site). The secret is random, one per day, and deleted once the day is
// over, after which nobody (the site included) can tell whether two hashes of different days were the
// same person, nor recompute a hash from an address. Neither the address nor the user agent is stored.
import { createHash, randomBytes } from "node:crypto";

/** A new day's secret. */
export const newDailySecret = () => randomBytes(32).toString("base64url");

/** The visitor's hash as a signed 64-bit integer (the first 8 bytes of the SHA-256): compact to
 * store and count, with collisions out of reach for a site's daily visitors. */
export function visitorHash(secret: string, ip: string, userAgent: string, site: string): bigint {
  const digest = createHash("sha256").update(`${secret}\n${ip}\n${userAgent}\n${site}`).digest();
  return digest.readBigInt64BE(0);
}

/** The day's hash of the address alone (its key: an IPv4 address or an IPv6 /64), for the cap on the
 * visitors one address counts as. */
export function addressHash(secret: string, ip: string, site: string): bigint {
  return createHash("sha256").update(`${secret}\naddress\n${ip}\n${site}`).digest().readBigInt64BE(0);
}

import { createHmac, timingSafeEqual } from "node:crypto";

/** The header each webhook call carries when CONTACT_WEBHOOK_SECRET is set. */
export const SIGNATURE_HEADER = "X-Signature";

/** 't=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">': the receiver recomputes it with the shared
 * secret, compares in constant time and refuses a timestamp older than a few minutes (replays). */
export function signWebhookBody(secret: string, body: string, now = new Date()): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  const mac = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${mac}`;
}

/** What a receiver does (and what our tests do): true when the header signs this body with this
 * secret and is at most `toleranceSeconds` old. */
export function verifyWebhookSignature(
  secret: string,
  body: string,
  header: string | null | undefined,
  { now = new Date(), toleranceSeconds = 300 } = {},
): boolean {
  const parts = new Map((header ?? "").split(",").map((part) => part.split("=", 2) as [string, string]));
  const timestamp = Number(parts.get("t"));
  const given = Buffer.from(parts.get("v1") ?? "", "hex");
  if (!Number.isInteger(timestamp) || Math.abs(now.getTime() / 1000 - timestamp) > toleranceSeconds) return false;
  const expected = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

import { createHmac } from "node:crypto";
import type { RateLimit } from "./store.server";

export const DEFAULT_CONTACT_RATE_LIMIT: RateLimit = { max: 5, windowMs: 10 * 60 * 1000 };

/** CONTACT_RATE_LIMIT: requests one IP may send per 10 minutes (default 5); "0" or "off" turns the
 * limit off (benchmarks, a kiosk behind one address). Anything else unreadable keeps the default. */
export function contactRateLimit(raw: string | undefined = process.env.CONTACT_RATE_LIMIT): RateLimit | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return DEFAULT_CONTACT_RATE_LIMIT;
  if (["0", "off", "false", "no", "non"].includes(value)) return null;
  const max = Number(value);
  return Number.isInteger(max) && max > 0 ? { ...DEFAULT_CONTACT_RATE_LIMIT, max } : DEFAULT_CONTACT_RATE_LIMIT;
}

/** The sender's IP is never stored: only an HMAC of it, keyed with the site's secret. */
export function hashIp(ip: string, secret: string): string {
  return createHmac("sha256", secret).update(ip).digest("hex");
}

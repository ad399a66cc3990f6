// The client's answers (accept, ask for changes) are throttled per source like the contact form: the
// same setting (CONTACT_RATE_LIMIT, 5 per 10 minutes by default) and the same key (an address, or an
// IPv6 /64), counted in this instance's memory, every post included, before its body is read.
import type { Services } from "../../../server/context";
import { contactRateLimit } from "../contact-requests/rate-limit.server";
import { addressKey } from "../../../server/http/client-address";
import { createRateLimiter } from "../statistics/beacon-limit.server";

type Limiter = ReturnType<typeof createRateLimiter> | null;
const limiters = new WeakMap<Services, Limiter>();

/** Counts one post of `ip`; false when that source is over the limit. */
export function takeClientPost(services: Services, ip: string): boolean {
  let limiter = limiters.get(services);
  if (limiter === undefined) {
    const limit = contactRateLimit();
    limiter = limit && createRateLimiter(limit);
    limiters.set(services, limiter);
  }
  return !limiter || limiter.take(addressKey(ip));
}

// Beacons one client address may send per minute, counted in this instance's memory: enough for a
// person browsing fast (a page view, a goal and the Web Vitals per page), not for a flood.

export type StatisticsRateLimit = { max: number; windowMs: number };

export const DEFAULT_STATISTICS_RATE_LIMIT: StatisticsRateLimit = { max: 120, windowMs: 60_000 };

/** STATISTICS_RATE_LIMIT: beacons per address and minute (default 120); "0" or "off" turns the limit off
 * (benchmarks). Anything else unreadable keeps the default. */
export function statisticsRateLimit(
  raw: string | undefined = process.env.STATISTICS_RATE_LIMIT,
): StatisticsRateLimit | null {
  const value = raw?.trim().toLowerCase();
  if (!value) return DEFAULT_STATISTICS_RATE_LIMIT;
  if (["0", "off", "false", "no", "non"].includes(value)) return null;
  const max = Number(value);
  return Number.isInteger(max) && max > 0 ? { ...DEFAULT_STATISTICS_RATE_LIMIT, max } : DEFAULT_STATISTICS_RATE_LIMIT;
}

/** A fixed-window counter per key. At most `maxKeys` keys are held: past that, the table starts over
 * (a flood of addresses costs bounded memory, and at worst lets some beacons through). */
export function createRateLimiter(
  { max, windowMs }: StatisticsRateLimit,
  { maxKeys = 50_000, now = () => Date.now() }: { maxKeys?: number; now?: () => number } = {},
) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return {
    /** Counts one beacon of `key`; false when it is over the limit. */
    take(key: string): boolean {
      const time = now();
      if (time - windowStart >= windowMs || counts.size >= maxKeys) {
        windowStart = time;
        counts = new Map();
      }
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return count <= max;
    },
  };
}

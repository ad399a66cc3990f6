import { describe, expect, it } from "vitest";
import { createRateLimiter, DEFAULT_STATISTICS_RATE_LIMIT, statisticsRateLimit } from "./beacon-limit.server";

describe("statistics rate limit", () => {
  it("reads STATISTICS_RATE_LIMIT", () => {
    expect(statisticsRateLimit(undefined)).toEqual(DEFAULT_STATISTICS_RATE_LIMIT);
    expect(statisticsRateLimit("off")).toBeNull();
    expect(statisticsRateLimit("0")).toBeNull();
    expect(statisticsRateLimit("30")).toEqual({ max: 30, windowMs: 60_000 });
    expect(statisticsRateLimit("beaucoup")).toEqual(DEFAULT_STATISTICS_RATE_LIMIT);
  });

  it("lets `max` beacons through per address and window, then starts over", () => {
    let time = 0;
    const limiter = createRateLimiter({ max: 2, windowMs: 1000 }, { now: () => time });
    expect([limiter.take("a"), limiter.take("a"), limiter.take("a"), limiter.take("b")]).toEqual([
      true,
      true,
      false,
      true,
    ]);
    time = 1000;
    expect(limiter.take("a")).toBe(true);
  });

  it("holds a bounded number of addresses", () => {
    const limiter = createRateLimiter({ max: 1, windowMs: 60_000 }, { maxKeys: 3, now: () => 0 });
    for (const key of ["a", "b", "c"]) expect(limiter.take(key)).toBe(true);
    // A fourth address starts the table over: "a" counts from zero again.
    expect(limiter.take("d")).toBe(true);
    expect(limiter.take("a")).toBe(true);
    expect(limiter.take("a")).toBe(false);
  });
});

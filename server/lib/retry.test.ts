import { describe, expect, it } from "vitest";
import { nextAttemptAt, nextRetryDelay, RETRY_DELAYS_MS } from "./retry";

/** Attempts in all: the first one plus one per delay. */
const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

describe("retry schedule", () => {
  it("retries the first failure within a minute", () => {
    for (const random of [0, 0.5, 0.999]) {
      const delay = nextRetryDelay(1, random)!;
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThan(60_000);
    }
  });

  it("waits longer after each failure", () => {
    const delays = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => nextRetryDelay(i + 1, 0.5)!);
    for (let i = 1; i < delays.length; i++) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays).toEqual([...RETRY_DELAYS_MS]);
  });

  it("gives up after about a day", () => {
    const total = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(20 * 3600_000);
    expect(total).toBeLessThanOrEqual(26 * 3600_000);
    expect(nextRetryDelay(MAX_ATTEMPTS - 1, 0.5)).not.toBeNull();
    expect(nextRetryDelay(MAX_ATTEMPTS, 0.5)).toBeNull();
    expect(nextRetryDelay(MAX_ATTEMPTS + 5, 0.5)).toBeNull();
  });

  it("spreads retries by at most 10 %", () => {
    expect(nextRetryDelay(2, 0)).toBe(108_000);
    expect(nextRetryDelay(2, 1)).toBe(132_000);
    expect(nextRetryDelay(2, 7)).toBe(132_000);
  });

  it("refuses nonsense attempt counts", () => {
    expect(() => nextRetryDelay(0)).toThrow(RangeError);
    expect(() => nextRetryDelay(1.5)).toThrow(RangeError);
  });

  it("turns a failure into the next attempt time, or failed", () => {
    const now = new Date("2026-11-21T12:00:00.000Z");
    const nominal = (attempts: number) => nextRetryDelay(attempts, 0.5);
    expect(nextAttemptAt(1, now, nominal)).toEqual(new Date("2026-11-21T12:00:30.000Z"));
    expect(nextAttemptAt(MAX_ATTEMPTS, now, nominal)).toBeNull();
  });
});

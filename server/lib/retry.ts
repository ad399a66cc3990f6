// When to try a failed webhook delivery again. Pure: no clock, no I/O.

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/** Wait after the 1st, 2nd, ... failed attempt. The first retry comes within a minute; the waits
 * add up to about a day (23 h 42 min), after which the request is marked failed (and kept). */
export const RETRY_DELAYS_MS = [
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  1 * HOUR,
  2 * HOUR,
  4 * HOUR,
  8 * HOUR,
  8 * HOUR,
] as const;

/** ±10 % so that requests which failed together do not all come back at the same instant. */
const JITTER = 0.1;

/** Delay before the next attempt once `attempts` attempts have failed, or null to give up.
 * `random` is in [0, 1); 0.5 gives the nominal delay. */
export function nextRetryDelay(attempts: number, random: number = Math.random()): number | null {
  if (!Number.isInteger(attempts) || attempts < 1) throw new RangeError(`attempts must be ≥ 1, got ${attempts}`);
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return null;
  const factor = 1 - JITTER + 2 * JITTER * Math.min(Math.max(random, 0), 1);
  return Math.round(base * factor);
}

/** When to try again once `attempts` attempts have failed, or null to give up (the request is then
 * marked failed and kept). `delay` is the schedule: nextRetryDelay, or a test's. */
export function nextAttemptAt(
  attempts: number,
  now: Date,
  delay: (attempts: number) => number | null = nextRetryDelay,
): Date | null {
  const ms = delay(attempts);
  return ms === null ? null : new Date(now.getTime() + ms);
}

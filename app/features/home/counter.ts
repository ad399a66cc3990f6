/** Hero counters (0 to 100 by 2 every 30 ms, 0 to 24 by 1 every 50 ms): pure stepping rules, no timers here. */
export type HeroCounter = {
  /** Final value. */
  target: number;
  /** Added at each tick. */
  step: number;
  /** Milliseconds between ticks. */
  intervalMs: number;
  /** Shown after the number: '100+', '24/7'. */
  suffix: string;
  label: string;
};

export const CLIENTS_COUNTER: HeroCounter = {
  target: 100,
  step: 2,
  intervalMs: 30,
  suffix: "+",
  label: "Clients satisfaits chaque jour",
};

export const SERVICE_COUNTER: HeroCounter = {
  target: 24,
  step: 1,
  intervalMs: 50,
  suffix: "/7",
  label: "À votre service",
};

export const HERO_COUNTERS = [CLIENTS_COUNTER, SERVICE_COUNTER] as const;

/** The counter block restarts when at least this share of it is visible. */
export const COUNTER_VISIBILITY_THRESHOLD = 0.5;

/** The value after one tick: one step further, never past the target. */
export function nextCount(value: number, counter: HeroCounter): number {
  return Math.min(counter.target, Math.max(0, value) + counter.step);
}

export function isFinished(value: number, counter: HeroCounter): boolean {
  return value >= counter.target;
}

export function formatCount(value: number, counter: HeroCounter): string {
  return `${value}${counter.suffix}`;
}

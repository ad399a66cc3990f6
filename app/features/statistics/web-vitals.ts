// Google's Web Vitals thresholds and the fixed histogram the site keeps each metric's values in. A
// value is "good" up to the first threshold, "poor" above the second, "needs improvement" between.
// The histogram's edges include both thresholds, so the shares read from it are exact; the 75th
// percentile it gives is the upper edge of the bucket holding it (never below the true value, at most
// one step above it in the range where the thresholds lie).

export const METRICS = ["LCP", "INP", "CLS", "FCP", "TTFB"] as const;
export type Metric = (typeof METRICS)[number];
export type Rating = "good" | "needs-improvement" | "poor";

type MetricRule = {
  /** Good up to this value (inclusive). */
  good: number;
  /** Poor above this value. */
  poor: number;
  /** Bucket width up to the poor threshold (both thresholds are multiples of it). */
  step: number;
  /** Largest value accepted (milliseconds, or the layout shift score for CLS). */
  max: number;
};

export const METRIC_RULES: Record<Metric, MetricRule> = {
  LCP: { good: 2500, poor: 4000, step: 250, max: 120_000 },
  INP: { good: 200, poor: 500, step: 25, max: 60_000 },
  CLS: { good: 0.1, poor: 0.25, step: 0.01, max: 100 },
  FCP: { good: 1800, poor: 3000, step: 150, max: 120_000 },
  TTFB: { good: 800, poor: 1800, step: 100, max: 120_000 },
};

/** Past the poor threshold, buckets grow by these factors of it; the last bucket is open. */
const TAIL_FACTORS = [1.25, 1.5, 2, 3, 4, 6, 10];

/** Upper edges of a metric's buckets: bucket 0 holds exactly 0, bucket i the values in
 * (edges[i-1], edges[i]]; the last edge is Infinity. */
export function bucketEdges(metric: Metric): number[] {
  const { poor, step } = METRIC_RULES[metric];
  const steps = Math.round(poor / step);
  // Rounded to the step's precision: 0.01 × 3 is 0.030000000000000002 in floating point.
  const round = (value: number) => Number(value.toPrecision(12));
  const edges = [0];
  for (let i = 1; i <= steps; i++) edges.push(round(i * step));
  for (const factor of TAIL_FACTORS) edges.push(round(poor * factor));
  edges.push(Infinity);
  return edges;
}

const EDGES: Record<Metric, number[]> = Object.fromEntries(METRICS.map((m) => [m, bucketEdges(m)])) as Record<
  Metric,
  number[]
>;

export const bucketCount = (metric: Metric) => EDGES[metric].length;

/** The bucket a value falls in (values are never negative). */
export function bucketOf(metric: Metric, value: number): number {
  const edges = EDGES[metric];
  if (value <= 0) return 0;
  let i = 1;
  while (value > edges[i]!) i++;
  return i;
}

export function rate(metric: Metric, value: number): Rating {
  const { good, poor } = METRIC_RULES[metric];
  return value <= good ? "good" : value <= poor ? "needs-improvement" : "poor";
}

/** The rating of every value in a bucket (thresholds are edges, so a bucket has one). */
export function bucketRating(metric: Metric, bucket: number): Rating {
  return rate(metric, EDGES[metric][bucket]!);
}

/** The p-th percentile by nearest rank (p in 0..1): the smallest value with at least p of the values
 * at or below it. Null when there are none. */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(p * sorted.length) - 1)]!;
}

/** Per-bucket counts → the p-th percentile as the upper edge of the bucket holding it (the open last
 * bucket gives its lower edge); null when empty. */
export function histogramPercentile(metric: Metric, counts: readonly number[], p: number): number | null {
  const total = counts.reduce((sum, n) => sum + n, 0);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(p * total));
  const edges = EDGES[metric];
  let seen = 0;
  for (let i = 0; i < counts.length; i++) {
    seen += counts[i]!;
    if (seen >= rank) return Number.isFinite(edges[i]!) ? edges[i]! : edges[i - 1]!;
  }
  return null;
}

export type VitalsSummary = {
  samples: number;
  p75: number | null;
  rating: Rating | null;
  /** Shares of good / needs improvement / poor values, 0..1. */
  good: number;
  needsImprovement: number;
  poor: number;
};

/** What the dashboard shows of a metric's histogram. */
export function summarizeHistogram(metric: Metric, counts: readonly number[]): VitalsSummary {
  const tally = { good: 0, "needs-improvement": 0, poor: 0 };
  counts.forEach((n, bucket) => (tally[bucketRating(metric, bucket)] += n));
  const samples = tally.good + tally["needs-improvement"] + tally.poor;
  const p75 = histogramPercentile(metric, counts, 0.75);
  const share = (n: number) => (samples ? n / samples : 0);
  return {
    samples,
    p75,
    rating: p75 === null ? null : rate(metric, p75),
    good: share(tally.good),
    needsImprovement: share(tally["needs-improvement"]),
    poor: share(tally.poor),
  };
}

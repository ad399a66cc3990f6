import { describe, expect, it } from "vitest";
import {
  bucketEdges,
  bucketOf,
  bucketRating,
  histogramPercentile,
  METRICS,
  percentile,
  rate,
  summarizeHistogram,
} from "./web-vitals";

describe("Web Vitals thresholds", () => {
  it("rates values with Google's thresholds: good up to the first, poor above the second", () => {
    expect(rate("LCP", 2500)).toBe("good");
    expect(rate("LCP", 2501)).toBe("needs-improvement");
    expect(rate("LCP", 4000)).toBe("needs-improvement");
    expect(rate("LCP", 4001)).toBe("poor");
    expect(rate("INP", 200)).toBe("good");
    expect(rate("INP", 500)).toBe("needs-improvement");
    expect(rate("INP", 501)).toBe("poor");
    expect(rate("CLS", 0.1)).toBe("good");
    expect(rate("CLS", 0.11)).toBe("needs-improvement");
    expect(rate("CLS", 0.26)).toBe("poor");
    expect(rate("FCP", 1800)).toBe("good");
    expect(rate("FCP", 3001)).toBe("poor");
    expect(rate("TTFB", 800)).toBe("good");
    expect(rate("TTFB", 1800)).toBe("needs-improvement");
    expect(rate("TTFB", 1801)).toBe("poor");
  });

  it("has both thresholds among each metric's bucket edges, so a bucket has one rating", () => {
    for (const metric of METRICS) {
      const edges = bucketEdges(metric);
      expect(edges[0]).toBe(0);
      expect(edges.at(-1)).toBe(Infinity);
      for (let i = 1; i < edges.length; i++) expect(edges[i]!).toBeGreaterThan(edges[i - 1]!);
      for (let bucket = 1; bucket < edges.length; bucket++) {
        const low = edges[bucket - 1]!;
        const high = Number.isFinite(edges[bucket]!) ? edges[bucket]! : low * 2;
        expect(rate(metric, low + (high - low) / 1000)).toBe(bucketRating(metric, bucket));
        expect(rate(metric, high)).toBe(bucketRating(metric, bucket));
      }
    }
    expect(bucketEdges("CLS")).toContain(0.1);
    expect(bucketEdges("CLS")).toContain(0.25);
  });

  it("puts a value in the bucket whose upper edge is the first at or above it", () => {
    expect(bucketOf("LCP", 0)).toBe(0);
    expect(bucketOf("LCP", 1)).toBe(1);
    expect(bucketOf("LCP", 250)).toBe(1);
    expect(bucketOf("LCP", 251)).toBe(2);
    expect(bucketOf("LCP", 2500)).toBe(10);
    expect(bucketOf("CLS", 0.1)).toBe(10);
    expect(bucketOf("CLS", 0.1000001)).toBe(11);
    expect(bucketOf("LCP", 1e9)).toBe(bucketEdges("LCP").length - 1);
  });
});

describe("percentiles", () => {
  it("takes the nearest rank", () => {
    expect(percentile([], 0.75)).toBeNull();
    expect(percentile([5], 0.75)).toBe(5);
    expect(percentile([4, 1, 3, 2], 0.75)).toBe(3);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.75)).toBe(8);
  });

  it("reads the p75 of a histogram as the upper edge of the bucket holding it", () => {
    const values = [100, 900, 1200, 2400, 2600, 3100, 5200, 800];
    const counts = new Array<number>(bucketEdges("LCP").length).fill(0);
    for (const v of values) counts[bucketOf("LCP", v)]!++;
    // Exact p75: 2600 (6th of 8), in the bucket (2500, 2750].
    expect(percentile(values, 0.75)).toBe(2600);
    expect(histogramPercentile("LCP", counts, 0.75)).toBe(2750);
    const summary = summarizeHistogram("LCP", counts);
    expect(summary).toEqual({
      samples: 8,
      p75: 2750,
      rating: "needs-improvement",
      good: 5 / 8,
      needsImprovement: 2 / 8,
      poor: 1 / 8,
    });
  });

  it("gives 0 when most layout shift scores are 0, and the open bucket's lower edge past the last", () => {
    const cls = new Array<number>(bucketEdges("CLS").length).fill(0);
    cls[0] = 3;
    cls[bucketOf("CLS", 0.3)] = 1;
    expect(histogramPercentile("CLS", cls, 0.75)).toBe(0);
    const lcp = new Array<number>(bucketEdges("LCP").length).fill(0);
    lcp[bucketOf("LCP", 90_000)] = 1;
    expect(histogramPercentile("LCP", lcp, 0.75)).toBe(40_000);
    expect(summarizeHistogram("INP", []).p75).toBeNull();
  });
});

// What the staff dashboard reads: the figures of a period of 7, 30 or 90 days ending today, beside the
// period just before it, and the Web Vitals of real visitors. Finished days come from the daily totals,
// the days not rolled up yet (today, and yesterday for a few minutes) from the raw events: a 90-day
// dashboard reads a few thousand rows, however many page views the period holds.
import { sql } from "drizzle-orm";
import { addDays, comparedPeriods, localDay } from "./days";
import { CONVERSION_GOAL, conversionRate } from "./goals";
import { bucketCount, METRICS, summarizeHistogram, type Metric, type VitalsSummary } from "./web-vitals";
import { selectRows, type Db } from "../../../server/db/client";
import { figuresSql, vitalsBucketsSql, type VitalsBucketRow } from "./figures.server";
import { lastRolledDay } from "./rollup.server";

/** The most buckets a metric's histogram has. */
const MAX_BUCKETS = Math.max(...METRICS.map(bucketCount));

/** A figure in the period and in the one before. */
type Compared = { current: number; previous: number };
type Ranked = { value: string; visitors: Compared; count: Compared };

export type StatisticsOverview = {
  days: number;
  current: { from: string; to: string };
  previous: { from: string; to: string };
  /** Visitors: distinct visitors per day, added up over the days (the daily hash cannot link two days). */
  visitors: Compared;
  pageViews: Compared;
  /** Visitors who sent a request ÷ visitors, at most 1 (0 when there were no visitors). */
  conversionRate: Compared;
  /** Visitors and page views per day of the current period, oldest first, every day present. */
  daily: { day: string; visitors: number; pageViews: number }[];
  /** Where visitors came from: visitors per source ('' = direct), most first. */
  sources: Ranked[];
  mediums: Ranked[];
  campaigns: Ranked[];
  /** Pages: visitors and views (count), most viewed first. */
  pages: Ranked[];
  devices: Ranked[];
  browsers: Ranked[];
  /** Goals: count (times reached) and visitors who reached them. */
  goals: Ranked[];
};

type PeriodRow = { period: "current" | "previous"; dimension: string; value: string; visitors: number; count: number };

/** The dashboard's figures for the `days` days ending today (the site's local day). */
export async function statisticsOverview(db: Db, days: number, now = new Date()): Promise<StatisticsOverview> {
  const today = localDay(now);
  const { current, previous } = comparedPeriods(today, days);
  const rawFrom = await firstRawDay(db, previous.from);
  const rows = await selectRows<PeriodRow & { day: string }>(
    db,
    sql`
      with f as (
        select day::text as day, dimension, value, visitors, count from stat_daily
        where day between ${previous.from}::date and ${addDays(rawFrom, -1)}::date
        union all
        select day, dimension, value, visitors, count from (${figuresSql(rawFrom, today)}) live
      )
      select case when day >= ${current.from} then 'current' else 'previous' end as period,
             case when dimension = 'total' then day else '' end as day,
             dimension, value, sum(visitors)::int as visitors, sum(count)::int as count
      from f group by 1, 2, dimension, value`,
  );

  const ranked = new Map<string, Map<string, Ranked>>();
  const totals = { visitors: { current: 0, previous: 0 }, pageViews: { current: 0, previous: 0 } };
  const daily = new Map<string, { visitors: number; pageViews: number }>();
  for (const row of rows) {
    if (row.dimension === "total") {
      totals.visitors[row.period] += row.visitors;
      totals.pageViews[row.period] += row.count;
      if (row.period === "current") daily.set(row.day, { visitors: row.visitors, pageViews: row.count });
      continue;
    }
    let values = ranked.get(row.dimension);
    if (!values) ranked.set(row.dimension, (values = new Map<string, Ranked>()));
    let entry = values.get(row.value);
    if (!entry) {
      entry = { value: row.value, visitors: { current: 0, previous: 0 }, count: { current: 0, previous: 0 } };
      values.set(row.value, entry);
    }
    entry.visitors[row.period] += row.visitors;
    entry.count[row.period] += row.count;
  }
  const list = (dimension: string, by: "visitors" | "count" = "visitors") =>
    [...(ranked.get(dimension)?.values() ?? [])].sort(
      (a, b) => b[by].current - a[by].current || b[by].previous - a[by].previous || a.value.localeCompare(b.value),
    );
  const goals = list("goal", "count");
  const askers = goals.find((g) => g.value === CONVERSION_GOAL)?.visitors ?? { current: 0, previous: 0 };
  const rate = (period: "current" | "previous") => conversionRate(askers[period], totals.visitors[period]);

  const dailyList: StatisticsOverview["daily"] = [];
  for (let day = current.from; day <= today; day = addDays(day, 1)) {
    dailyList.push({ day, ...(daily.get(day) ?? { visitors: 0, pageViews: 0 }) });
  }
  return {
    days,
    current,
    previous,
    visitors: totals.visitors,
    pageViews: totals.pageViews,
    conversionRate: { current: rate("current"), previous: rate("previous") },
    daily: dailyList,
    sources: list("source"),
    mediums: list("medium"),
    campaigns: list("campaign"),
    pages: list("page", "count"),
    devices: list("device"),
    browsers: list("browser"),
    goals,
  };
}

/** The first day whose figures come from the raw events: the day after the last one rolled up, or the
 * start of the periods read when that is later. */
async function firstRawDay(db: Db, from: string): Promise<string> {
  const last = await lastRolledDay(db);
  const next = last ? addDays(last, 1) : from;
  return next > from ? next : from;
}

export type VitalsRow = {
  /** A page's path, or '*' for every page. */
  path: string;
  /** A device class, or '*' for every device. */
  device: string;
  metrics: Record<Metric, VitalsSummary>;
};

/** Field Web Vitals over the `days` days ending today: the 75th percentile and the shares of good /
 * needs improvement / poor values per metric, for every page together and for the `pages` most viewed
 * pages given (the overview's first pages), each per device class and for every device. */
export async function statisticsVitals(
  db: Db,
  days: number,
  pages: readonly string[],
  now = new Date(),
): Promise<VitalsRow[]> {
  const today = localDay(now);
  const { current } = comparedPeriods(today, days);
  const rawFrom = await firstRawDay(db, current.from);
  const paths = ["*", ...pages];
  const pathList = sql.join(
    paths.map((path) => sql`${path}`),
    sql`, `,
  );
  // The rolled-up histograms are added up in the database, bucket by bucket, per page, device and
  // metric: a few hundred rows come back, not one per day (handing rows over costs more than the sums).
  const bucketSums = sql.raw(
    Array.from({ length: MAX_BUCKETS }, (_, i) => `coalesce(sum(counts[${i + 1}]), 0)::int`).join(", "),
  );
  const [rolled, live] = await Promise.all([
    selectRows<{ path: string; device: string; metric: string; counts: number[] }>(
      db,
      sql`select path, device, metric, array[${bucketSums}] as counts from stat_daily_vitals
          where day between ${current.from}::date and ${addDays(rawFrom, -1)}::date and path in (${pathList})
          group by path, device, metric`,
    ),
    selectRows<VitalsBucketRow>(
      db,
      sql`select * from (${vitalsBucketsSql(rawFrom, today)}) live where path in (${pathList})`,
    ),
  ]);

  const histograms = new Map<string, number[]>();
  const add = (path: string, device: string, metric: Metric, bucket: number, count: number) => {
    for (const d of [device, "*"]) {
      const key = `${path}\n${d}\n${metric}`;
      let counts = histograms.get(key);
      if (!counts) histograms.set(key, (counts = new Array<number>(bucketCount(metric)).fill(0)));
      if (bucket < counts.length) counts[bucket]! += count;
    }
  };
  const isMetric = (m: string): m is Metric => (METRICS as readonly string[]).includes(m);
  for (const row of rolled) {
    if (!isMetric(row.metric)) continue;
    row.counts.forEach((count, bucket) => count && add(row.path, row.device, row.metric as Metric, bucket, count));
  }
  for (const row of live) {
    if (isMetric(row.metric)) add(row.path, row.device, row.metric, row.bucket, row.count);
  }

  const result: VitalsRow[] = [];
  for (const path of paths) {
    for (const device of ["*", "phone", "tablet", "desktop"]) {
      const metrics = Object.fromEntries(
        METRICS.map((m) => [m, summarizeHistogram(m, histograms.get(`${path}\n${device}\n${m}`) ?? [])]),
      ) as Record<Metric, VitalsSummary>;
      if (METRICS.some((m) => metrics[m].samples > 0)) result.push({ path, device, metrics });
    }
  }
  return result;
}

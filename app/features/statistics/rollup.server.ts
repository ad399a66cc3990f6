// Once a local day is over, its raw events are rolled into daily totals (kept 25 months); raw events
// are deleted after 30 days, and each day's secret once the day is over. startServer runs the job at
// start, then every 10 minutes. Instances sharing a database roll up one at a time: the one holding a
// transaction-scoped advisory lock does it, the others skip that run; a day is rolled up in the same
// transaction as its 'total' row, so it is never counted twice.
import { sql } from "drizzle-orm";
import { addDays, addMonths, localDay } from "./days";
import { bucketCount, METRICS, type Metric } from "./web-vitals";
import type { Services } from "../../../server/context";
import { selectRows, type Db } from "../../../server/db/client";
import type { Logger } from "../../../server/lib/log";
import { startPeriodicJob, type PeriodicJob } from "../../../server/lib/periodic-job";
import { figuresSql, vitalsBucketsSql, type VitalsBucketRow } from "./figures.server";
import { deleteOldSecrets } from "./store.server";

const RAW_RETENTION_DAYS = 30;
const TOTALS_RETENTION_MONTHS = 25;
const ROLLUP_INTERVAL_MS = 10 * 60 * 1000;
/** A day is rolled up this long after it ends: an event stamped just before midnight has been
 * written by then. */
const ROLLUP_DELAY_MS = 5 * 60 * 1000;

// Any fixed number works; every instance must use the same one (others: 7_421_031 to 7_421_034).
const STATISTICS_LOCK_ID = 7_421_040;

export type RollupResult = { rolledDays: string[]; deletedRaw: number; deletedTotals: number };

/** The last day rolled up (the newest 'total' row), or null. */
export async function lastRolledDay(db: Db): Promise<string | null> {
  const [row] = await selectRows<{ day: string | null }>(
    db,
    sql`select max(day)::text as day from stat_daily where dimension = 'total'`,
  );
  return row?.day ?? null;
}

/** Rolls up every finished day not rolled up yet, oldest first, and applies the retention periods.
 * Null when another instance holds the lock (nothing done here). */
export async function rollUpStatistics(db: Db, now = new Date()): Promise<RollupResult | null> {
  const today = localDay(now);
  const lastFinished = addDays(localDay(new Date(now.getTime() - ROLLUP_DELAY_MS)), -1);
  return db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${STATISTICS_LOCK_ID}) as locked`,
    );
    if (!lock?.locked) return null;
    const last = await lastRolledDay(tx);
    const [oldest] = await selectRows<{ day: string | null }>(
      tx,
      sql`select least((select min(day) from stat_events), (select min(day) from stat_vitals))::text as day`,
    );
    // From the day after the last one rolled up, skipping days without events (a stopped site); with
    // no events at all, the last finished day alone is marked as rolled up.
    let first = last ? addDays(last, 1) : null;
    const oldestRaw = oldest?.day ?? null;
    if (oldestRaw === null) first = first && first <= lastFinished ? lastFinished : null;
    else if (!first || oldestRaw > first) first = oldestRaw;
    const rolledDays: string[] = [];
    for (let day = first; day && day <= lastFinished; day = addDays(day, 1)) {
      await rollUpDay(tx, day);
      rolledDays.push(day);
    }
    const rawCutoff = addDays(today, -RAW_RETENTION_DAYS);
    const totalsCutoff = addMonths(today, -TOTALS_RETENTION_MONTHS);
    // Raw events of a day not rolled up yet are kept, however old (the job may have been stopped).
    const rolledThrough = rolledDays.at(-1) ?? last ?? "0001-01-01";
    const rawLimit = rawCutoff <= rolledThrough ? rawCutoff : addDays(rolledThrough, 1);
    const [raw] = await selectRows<{ n: number }>(
      tx,
      sql`with e as (delete from stat_events where day < ${rawLimit}::date returning 1),
               v as (delete from stat_vitals where day < ${rawLimit}::date returning 1)
          select ((select count(*) from e) + (select count(*) from v))::int as n`,
    );
    const [totals] = await selectRows<{ n: number }>(
      tx,
      sql`with d as (delete from stat_daily where day < ${totalsCutoff}::date returning 1),
               v as (delete from stat_daily_vitals where day < ${totalsCutoff}::date returning 1)
          select ((select count(*) from d) + (select count(*) from v))::int as n`,
    );
    await deleteOldSecrets(tx, today);
    return { rolledDays, deletedRaw: raw?.n ?? 0, deletedTotals: totals?.n ?? 0 };
  });
}

/** Stores one day's totals and Web Vitals histograms; its 'total' row is written even with no
 * events, marking the day as rolled up. */
async function rollUpDay(db: Db, day: string): Promise<void> {
  await db.execute(sql`
    insert into stat_daily (id, day, dimension, value, visitors, count)
    select md5(f.day || '|' || f.dimension || '|' || f.value)::uuid, f.day::date, f.dimension, f.value, f.visitors, f.count
    from (${figuresSql(day, day)}) f
    on conflict (day, dimension, value) do nothing`);
  await db.execute(sql`
    insert into stat_daily (id, day, dimension, value, visitors, count)
    values (md5(${`${day}|total|`})::uuid, ${day}::date, 'total', '', 0, 0)
    on conflict (day, dimension, value) do nothing`);

  const histograms = new Map<string, { path: string; device: string; metric: Metric; counts: number[] }>();
  for (const row of await selectRows<VitalsBucketRow>(db, vitalsBucketsSql(day, day))) {
    if (!(METRICS as readonly string[]).includes(row.metric)) continue;
    const metric = row.metric as Metric;
    const key = `${row.path}|${row.device}|${metric}`;
    let entry = histograms.get(key);
    if (!entry) {
      entry = { path: row.path, device: row.device, metric, counts: new Array<number>(bucketCount(metric)).fill(0) };
      histograms.set(key, entry);
    }
    if (row.bucket < entry.counts.length) entry.counts[row.bucket]! += row.count;
  }
  const rows = [...histograms.values()];
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500);
    await db.execute(sql`
      insert into stat_daily_vitals (id, day, path, device, metric, counts)
      select md5(${day} || '|' || r.path || '|' || r.device || '|' || r.metric)::uuid, ${day}::date, r.path, r.device,
             r.metric, array(select json_array_elements_text(r.counts)::int)
      from json_to_recordset(${JSON.stringify(chunk)}::json) as r(path text, device text, metric text, counts json)
      on conflict (path, day, device, metric) do nothing`);
  }
}

export type StatisticsJob = PeriodicJob;

/** Rolls up now, then every `intervalMs`. Never throws: a failed run is logged and tried again. */
export function startStatisticsRollup(
  { db, log }: Pick<Services, "db" | "log">,
  { intervalMs = ROLLUP_INTERVAL_MS, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {},
): StatisticsJob {
  return startPeriodicJob({
    work: async () => {
      const result = await rollUpStatistics(db, now());
      if (result?.rolledDays.length) logRollup(log, result);
    },
    intervalMs,
    log,
    failure: "Statistics rollup failed; will try again later",
  });
}

function logRollup(log: Pick<Logger, "info">, result: RollupResult) {
  log.info(result, "Statistics rolled up");
}

// Statistics: (1) ingestion through the real endpoint of the built server on the embedded database
// (PGlite): beacons per second at a fixed number of beacons, then a check that every one was stored;
// (2) the dashboard's queries over 90 days holding 1,000,000 page views (and the 90 days before, for
// the comparison), daily totals seeded directly, plus a day of raw events not rolled up yet.
// Targets: ≥ 1,000 events/s; ≤ 300 ms for the dashboard (overview and Web Vitals).
// The per-address limit is turned off for the run (STATISTICS_RATE_LIMIT=off): every beacon comes
// from 127.0.0.1.
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays, localDay } from "../../app/features/statistics/days";
import { bucketCount, METRICS } from "../../app/features/statistics/web-vitals";
import { openDatabase, selectRows, type Db } from "../../server/db/client";
import { statisticsOverview, statisticsVitals } from "../../app/features/statistics/queries.server";
import { median, startBuiltServer, table } from "./lib";

const PORT = 8101;
const UA =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const HEADERS = { "content-type": "text/plain;charset=UTF-8", "user-agent": UA, "accept-language": "fr-CA,fr;q=0.9" };
const PAGE_VIEW = JSON.stringify({
  t: "p",
  u: "/machines/collations/m-1?utm_source=depliant&utm_medium=print&utm_campaign=salon",
  r: "https://www.google.com/",
});

async function ingestion(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-statistics-"));
  const server = await startBuiltServer({ DATA_DIR: dataDir, STATISTICS_RATE_LIMIT: "off", SEED_DEMO: "false" }, PORT);
  const rows: (string | number)[][] = [];
  let sent = 0;
  try {
    for (const [connections, amount] of [
      [5, 500], // warm-up
      [1, 2000],
      [10, 10_000],
      [50, 10_000],
    ] as const) {
      const started = performance.now();
      const result = await autocannon({
        url: `${server.url}/api/statistiques`,
        method: "POST",
        connections,
        amount,
        timeout: 30,
        body: PAGE_VIEW,
        headers: HEADERS,
      });
      const seconds = (performance.now() - started) / 1000;
      sent += amount;
      rows.push([
        connections,
        amount,
        Math.round(amount / seconds),
        result.latency.p50,
        result.latency.p99,
        result["2xx"],
        result.non2xx + result.errors + result.timeouts,
      ]);
    }
  } finally {
    await server.stop();
  }
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  const [stored] = await selectRows<{ n: number }>(database.db, sql`select count(*)::int as n from stat_events`);
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
  return [
    "#### Ingestion through POST /api/statistiques (built server, PGlite, one page view per beacon)\n",
    table(["connections", "beacons", "events/s", "p50 ms", "p99 ms", "204", "other"], rows),
    `\nStored: ${stored?.n ?? 0} of ${sent} beacons sent${stored?.n === sent ? " (all)" : " — MISMATCH"}.`,
  ].join("\n");
}

const PAGE_VIEWS_PER_DAY = Math.ceil(1_000_000 / 90);
const PATHS = 300;

/** 180 days of daily totals (each day 11,112 page views over 300 pages, with sources, campaigns,
 * devices, browsers and goals) and Web Vitals histograms for every page, device and metric. */
export async function seedTotals(db: Db, today: string) {
  const from = addDays(today, -180);
  const to = addDays(today, -1);
  await db.execute(sql`
    with days as (select d::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') d),
    figures as (
      select 'total' as dimension, '' as value, 4200 as visitors, ${PAGE_VIEWS_PER_DAY} as count
      union all
      -- Page i gets a share of the views in 1/i (Zipf), 11,112 in all.
      select 'page', '/p/' || i, greatest(1, (3000 / i)::int), greatest(1, (${PAGE_VIEWS_PER_DAY} * 0.159 / i)::int)
        from generate_series(1, ${PATHS}) i
      union all select 'source', 's' || i || '.example', 400 / i, 400 / i from generate_series(1, 30) i
      union all select 'medium', 'm' || i, 100 / i, 100 / i from generate_series(1, 5) i
      union all select 'campaign', 'c' || i, 80 / i, 80 / i from generate_series(1, 12) i
      union all select 'device', d, 1400, 1400 from unnest(array['phone', 'tablet', 'desktop']) d
      union all select 'browser', b, 700, 700 from unnest(array['Chrome', 'Safari', 'Firefox', 'Edge', 'Samsung Internet', 'Autre']) b
      union all select 'goal', g, 20, 25 from unnest(array['demande_envoyee', 'appel_telephone', 'instagram', 'accueil_action']) g
    )
    insert into stat_daily (id, day, dimension, value, visitors, count)
    select md5(day || '|' || dimension || '|' || value)::uuid, day, dimension, value, visitors, count
    from days, figures`);
  // A bell-shaped histogram around the 8th bucket, the same every day.
  const histogram = (m: (typeof METRICS)[number]) =>
    `{${Array.from({ length: bucketCount(m) }, (_, b) => Math.round(4 * Math.exp(-Math.abs(b - 8) / 3))).join(",")}}`;
  const metrics = METRICS.map((m) => `('${m}', '${histogram(m)}')`).join(", ");
  await db.execute(sql`
    insert into stat_daily_vitals (id, day, path, device, metric, counts)
    select md5(d::date || '|' || p.path || '|' || dev || '|' || m.metric)::uuid, d::date, p.path, dev, m.metric,
           m.counts::int[]
    from generate_series(${addDays(today, -90)}::date, ${to}::date, interval '1 day') d,
         (select '/p/' || i as path from generate_series(1, ${PATHS}) i union all select '*') p,
         unnest(array['phone', 'tablet', 'desktop']) dev,
         (values ${sql.raw(metrics)}) m(metric, counts)`);
}

/** Today's raw events (not rolled up yet): a day's page views from 4,200 visitors over 40 pages, and
 * LCP, CLS and FCP of a third of them. */
export async function seedToday(db: Db, today: string) {
  await db.execute(sql`
    insert into stat_events (day, kind, visitor, path, source, device, browser)
    select ${today}::date, 'page', i % 4200, '/p/' || (1 + i % 40), case when i % 5 = 0 then 'google.com' end,
           (array['phone', 'tablet', 'desktop'])[1 + i % 3], 'Chrome'
    from generate_series(0, ${PAGE_VIEWS_PER_DAY - 1}) i`);
  await db.execute(sql`
    insert into stat_vitals (day, path, device, metric, value, bucket)
    select ${today}::date, '/p/' || (1 + i % 40), (array['phone', 'tablet', 'desktop'])[1 + i % 3], m, v, b
    from generate_series(0, ${PAGE_VIEWS_PER_DAY - 1}, 3) i,
         lateral (values ('LCP', 900 + i % 3000, 4 + (i % 3000) / 250), ('CLS', (i % 20) / 100.0, i % 20),
                         ('FCP', 700, 5)) x(m, v, b)`);
}

async function queries(): Promise<string> {
  const database = await openDatabase({});
  await database.migrate();
  const db = database.db;
  const now = new Date();
  const today = localDay(now);
  const seedStarted = performance.now();
  await seedTotals(db, today);
  await seedToday(db, today);
  await db.execute(sql`vacuum analyze`);
  const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
  const [held] = await selectRows<{ views: number; rows: number; vitals: number }>(
    db,
    sql`select (select sum(count) from stat_daily where dimension = 'total' and day > ${addDays(today, -90)}::date)::int as views,
               (select count(*) from stat_daily)::int as rows, (select count(*) from stat_daily_vitals)::int as vitals`,
  );

  const rows: (string | number)[][] = [];
  for (const days of [7, 30, 90]) {
    const overviewMs: number[] = [];
    const vitalsMs: number[] = [];
    const bothMs: number[] = [];
    let views = 0;
    for (let run = 0; run < 7; run++) {
      const started = performance.now();
      const overview = await statisticsOverview(db, days, now);
      const between = performance.now();
      await statisticsVitals(
        db,
        days,
        overview.pages.slice(0, 10).map((p) => p.value),
        now,
      );
      const ended = performance.now();
      overviewMs.push(between - started);
      vitalsMs.push(ended - between);
      bothMs.push(ended - started);
      views = overview.pageViews.current;
    }
    const ms = (values: number[]) => Math.round(median(values));
    rows.push([
      days,
      views.toLocaleString("en-US"),
      ms(overviewMs),
      ms(vitalsMs),
      ms(bothMs),
      Math.round(Math.max(...bothMs)),
    ]);
  }
  await database.close();
  return [
    `#### Dashboard queries (PGlite, in process): ${held!.views.toLocaleString("en-US")} page views in the 90 days before today plus today's ${PAGE_VIEWS_PER_DAY.toLocaleString("en-US")} raw; ${held!.rows.toLocaleString("en-US")} daily-total rows, ${held!.vitals.toLocaleString("en-US")} Web Vitals histogram rows (seeded in ${seedSeconds} s)\n`,
    table(
      [
        "period (days)",
        "page views in period",
        "overview ms (median of 7)",
        "Web Vitals ms",
        "both ms",
        "both, slowest",
      ],
      rows,
    ),
  ].join("\n");
}

export default async function bench(): Promise<string> {
  return ["### Statistics\n", await ingestion(), "", await queries()].join("\n");
}

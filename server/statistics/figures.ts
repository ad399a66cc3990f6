// The daily figures, computed in SQL from the raw events of a range of days: the rollup stores them
// once a day is over, and the dashboard computes them live for the days not rolled up yet (today).
// A visitor counts once a day; the day's first page view says where they came from and on what.
import { sql, type SQL } from "drizzle-orm";

export type FigureRow = { day: string; dimension: string; value: string; visitors: number; count: number };

/** SELECT day, dimension, value, visitors, count over the raw events of the days from..to. */
export function figuresSql(from: string, to: string): SQL {
  return sql`
    with pv as (
      select id, day, visitor, path, source, medium, campaign, device, browser from stat_events
      where kind = 'page' and day between ${from}::date and ${to}::date
    ), firsts as (
      select distinct on (day, visitor) day, visitor, source, medium, campaign, device, browser
      from pv order by day, visitor, id
    )
    select day::text as day, 'total' as dimension, '' as value, count(distinct visitor)::int as visitors, count(*)::int as count
      from pv group by day
    union all
    select day::text, 'page', path, count(distinct visitor)::int, count(*)::int from pv group by day, path
    union all
    select day::text, 'source', coalesce(source, ''), count(*)::int, count(*)::int from firsts group by day, source
    union all
    select day::text, 'medium', medium, count(*)::int, count(*)::int from firsts where medium is not null group by day, medium
    union all
    select day::text, 'campaign', campaign, count(*)::int, count(*)::int from firsts where campaign is not null group by day, campaign
    union all
    select day::text, 'device', device, count(*)::int, count(*)::int from firsts group by day, device
    union all
    select day::text, 'browser', browser, count(*)::int, count(*)::int from firsts group by day, browser
    union all
    select day::text, 'goal', goal, count(distinct visitor)::int, count(*)::int from stat_events
      where kind = 'goal' and day between ${from}::date and ${to}::date group by day, goal`;
}

export type VitalsBucketRow = { path: string; device: string; metric: string; bucket: number; count: number };

/** Web Vitals values of the days from..to counted per page, device, metric and bucket, and per device,
 * metric and bucket over every page (path '*'). */
export function vitalsBucketsSql(from: string, to: string): SQL {
  return sql`
    select coalesce(path, '*') as path, device, metric, bucket::int as bucket, count(*)::int as count
    from stat_vitals where day between ${from}::date and ${to}::date
    group by grouping sets ((path, device, metric, bucket), (device, metric, bucket))`;
}

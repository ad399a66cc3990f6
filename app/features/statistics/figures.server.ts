// The daily figures, computed in SQL from the raw events of a range of days: the rollup stores them
// once a day is over, and the dashboard computes them live for the days not rolled up yet (today).
// A visitor counts once a day; the day's first page view says where they came from and on what.
import { sql, type SQL } from "drizzle-orm";

/** One address (an IPv4 address or an IPv6 /64) counts as at most this many visitors a day: an office
 * behind one address is several people; a script rotating user agents is not hundreds. */
export const VISITORS_PER_ADDRESS = 5;

/** SELECT day, dimension, value, visitors, count over the raw events of the days from..to. Beyond the
 * first five visitors of an address in a day, every other visitor of that address counts as the fifth
 * (their page views still count as page views). A goal's visitors are those who also viewed a page
 * that day, so that requests ÷ visitors never exceeds 1. */
export function figuresSql(from: string, to: string): SQL {
  return sql`
    with ev as (
      select id, day, kind, visitor, coalesce(address, visitor) as address, path, goal, source, medium, campaign,
             device, browser
      from stat_events where day between ${from}::date and ${to}::date
    ), ranked as (
      select day, address, visitor, row_number() over (partition by day, address order by min(id)) as rank
      from ev where visitor is not null group by day, address, visitor
    ), counted as (
      select r.day, r.visitor, coalesce(n.visitor, r.visitor) as counted from ranked r
      left join ranked n on r.rank > ${VISITORS_PER_ADDRESS} and n.day = r.day and n.address = r.address
        and n.rank = ${VISITORS_PER_ADDRESS}
    ), e as (
      select ev.id, ev.day, ev.kind, c.counted as visitor, ev.path, ev.goal, ev.source, ev.medium, ev.campaign,
             ev.device, ev.browser
      from ev left join counted c on c.day = ev.day and c.visitor = ev.visitor
    ), pv as (
      select id, day, visitor, path, source, medium, campaign, device, browser from e where kind = 'page'
    ), firsts as (
      select distinct on (day, visitor) day, visitor, source, medium, campaign, device, browser
      from pv order by day, visitor, id
    ), viewers as (
      select distinct day, visitor from pv
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
    select g.day::text, 'goal', g.goal, count(distinct w.visitor)::int, count(*)::int from e g
      left join viewers w on w.day = g.day and w.visitor = g.visitor
      where g.kind = 'goal' group by g.day, g.goal`;
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

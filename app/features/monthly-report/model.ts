// The monthly report to an installed client: which month is due and when, and how its figures read in
// French. Pure (dates in Québec's calendar through ~/lib/dates).
import { instantAt, localTime } from "~/lib/dates";

/** The report goes out from this local hour on the 1st (not at midnight), and no later than the
 * REPORT_LAST_DAY of the month: a server that was down on the 1st catches up, never weeks late. */
const REPORT_HOUR = 8;
const REPORT_LAST_DAY = 7;

/** A month reported: its first day ('2026-11-01'), the first day of the next, the instants between
 * which it ran in Québec ([from, to)), and its name ('novembre 2026'). */
export type ReportMonth = { month: string; nextMonth: string; from: Date; to: Date; name: string };

const day = (year: number, month: number) => `${year}-${String(month).padStart(2, "0")}-01`;
const MONTH_NAMES = [
  "janvier",
  "février",
  "mars",
  "avril",
  "mai",
  "juin",
  "juillet",
  "août",
  "septembre",
  "octobre",
  "novembre",
  "décembre",
];

/** The month whose report is due at `now`: the one just ended, from REPORT_HOUR on the 1st to the end
 * of the REPORT_LAST_DAY (Québec's clock); null outside those days. */
export function reportDue(now: Date): ReportMonth | null {
  const local = localTime(now);
  if (local.day > REPORT_LAST_DAY || (local.day === 1 && local.hour < REPORT_HOUR)) return null;
  const year = local.month === 1 ? local.year - 1 : local.year;
  const month = local.month === 1 ? 12 : local.month - 1;
  return {
    month: day(year, month),
    nextMonth: day(local.year, local.month),
    from: instantAt({ year, month, day: 1, hour: 0, minute: 0 }),
    to: instantAt({ year: local.year, month: local.month, day: 1, hour: 0, minute: 0 }),
    name: `${MONTH_NAMES[month - 1]} ${year}`,
  };
}

/** The median of some durations; null when there are none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** 'aucun problème', '1 problème', '3 problèmes' (and the like for other nouns). */
export function counted(n: number, one: string, many = `${one}s`, none = `aucun ${one}`): string {
  return n === 0 ? none : `${n} ${n > 1 ? many : one}`;
}

/** The opt-out page's address for a token. */
export const optOutPath = (token: string) => `/desabonnement/${token}`;

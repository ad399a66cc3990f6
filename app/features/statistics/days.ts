// Statistics count by the site's local day (Lévis, Quebec: Eastern time), not by UTC day: a visit at
// 9 p.m. belongs to that evening's day.

const STATISTICS_TIME_ZONE = "America/Toronto";

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local calendar day of an instant, as "YYYY-MM-DD". */
export function localDay(at: Date, timeZone = STATISTICS_TIME_ZONE): string {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, format);
  }
  return format.format(at);
}

/** A "YYYY-MM-DD" day moved by a whole number of days. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** A "YYYY-MM-DD" day moved by a whole number of months (the 31st of a shorter month becomes its last
 * day). */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

export const PERIODS = [7, 30, 90] as const;
export type PeriodDays = (typeof PERIODS)[number];

/** A period of `days` days ending today, and the period of the same length just before it. */
export function comparedPeriods(today: string, days: number) {
  const from = addDays(today, -(days - 1));
  return {
    current: { from, to: today },
    previous: { from: addDays(from, -days), to: addDays(from, -1) },
  };
}

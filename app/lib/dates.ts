// Dates as the site writes them: in French (fr-CA), in the business's time zone (Québec), so that the
// server and the browser print the same text. Each kind of formatter is made once, when first used (a
// formatter costs the app's start more than a date does). Set in French typography like every text:
// '1er décembre 2026 à 14 h 05' with no-break spaces, so that a date never breaks inside a day or a time.
import { typography } from "./typography";

/** The business's time zone. */
const SITE_TIME_ZONE = "America/Toronto";

// Hours are written without a leading zero ('9 h 05', not '09 h 05'), which timeStyle does not do.
const KINDS = {
  /** '2 décembre 2026' */
  date: { dateStyle: "long" },
  /** '2 décembre 2026 à 14 h 05' */
  dateTime: { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  /** 'mercredi 2 décembre 2026 à 14 h 05' */
  fullDateTime: { weekday: "long", day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" },
  /** '2 déc. 2026, 14 h 05' */
  shortDateTime: { day: "numeric", month: "short", year: "numeric", hour: "numeric", minute: "2-digit" },
  /** 'mercredi 2 décembre 2026' */
  weekday: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
  /** 'novembre 2026' */
  month: { month: "long", year: "numeric" },
  /** '14 h 05' */
  time: { hour: "numeric", minute: "2-digit" },
} satisfies Record<string, Intl.DateTimeFormatOptions>;

export type DateKind = keyof typeof KINDS;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(key: string, locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formatters.get(key);
  if (!made) formatters.set(key, (made = new Intl.DateTimeFormat(locale, { timeZone: SITE_TIME_ZONE, ...options })));
  return made;
}

const instant = (at: Date | string) => (typeof at === "string" ? new Date(at) : at);

/** An instant in French, in the business's time zone, as `kind` writes it, in French typography. */
export function formatDate(at: Date | string, kind: DateKind = "date"): string {
  return typography(formatter(kind, "fr-CA", KINDS[kind]).format(instant(at)));
}

/** An instant's local day and time as ISO 8601 writes them ('2026-12-01', '20:23'): what a spreadsheet
 * sorts and a file name holds. */
export function isoLocal(at: Date | string): { day: string; time: string } {
  const parts = Object.fromEntries(
    formatter("iso", "en-CA", {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(instant(at))
      .map(({ type, value }) => [type, value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/** A wall-clock time in the business's time zone: what a clock in Québec shows. `weekday` is 1 (Monday)
 * to 7 (Sunday). */
export type LocalTime = { year: number; month: number; day: number; hour: number; minute: number; weekday: number };

/** The wall-clock time in Québec at an instant. */
export function localTime(at: Date | string): LocalTime {
  const { day, time } = isoLocal(at);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  // The weekday of a calendar day does not depend on the zone: computed at UTC noon.
  const weekday = new Date(Date.UTC(y, m - 1, d, 12)).getUTCDay() || 7;
  return { year: y, month: m, day: d, hour, minute, weekday };
}

/** The instant a clock in Québec shows `local` (the first one, when the clocks go back). */
export function instantAt(local: Omit<LocalTime, "weekday">): Date {
  const asUtc = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  // The zone's offset at a guess, then at the instant it gives: two steps settle across a change of time.
  let at = asUtc;
  for (let step = 0; step < 2; step += 1) {
    const shown = localTime(new Date(at));
    const shownAsUtc = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour, shown.minute);
    at += asUtc - shownAsUtc;
  }
  return new Date(at);
}

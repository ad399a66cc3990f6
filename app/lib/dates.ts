// Dates as the site writes them: in French (fr-CA), in the business's time zone (Québec), so that the
// server and the browser print the same text. Each kind of formatter is made once, when first used (a
// formatter costs the app's start more than a date does).

/** The business's time zone. */
const SITE_TIME_ZONE = "America/Toronto";

const KINDS = {
  /** '2 décembre 2026' */
  date: { dateStyle: "long" },
  /** '2 décembre 2026 à 14 h 05' */
  dateTime: { dateStyle: "long", timeStyle: "short" },
  /** 'mercredi 2 décembre 2026 à 14 h 05' */
  fullDateTime: { dateStyle: "full", timeStyle: "short" },
  /** '2 déc. 2026, 14 h 05' */
  shortDateTime: { dateStyle: "medium", timeStyle: "short" },
  /** 'mercredi 2 décembre 2026' */
  weekday: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
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

/** An instant in French, in the business's time zone, as `kind` writes it. */
export function formatDate(at: Date | string, kind: DateKind = "date"): string {
  return formatter(kind, "fr-CA", KINDS[kind]).format(instant(at));
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

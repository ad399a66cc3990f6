import { formatDate } from "~/lib/dates";

/** A planned visit as the client and the staff read it, in Québec's time: 'mercredi 9 décembre 2026 à
 * 9 h 30' (the full date-time format would write '09 h 30'). */
export function visitWhen(at: Date): string {
  return `${formatDate(at, "weekday")} à ${formatDate(at, "time")}`;
}

/** When something happened, for a history: '3 décembre 2026 à 6 h 16'. */
export function momentWhen(at: Date): string {
  return `${formatDate(at, "date")} à ${formatDate(at, "time")}`;
}

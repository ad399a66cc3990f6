import { formatDate } from "~/lib/dates";

/** A planned visit as the client and the staff read it, in Québec's time: 'mercredi 9 décembre 2026 à
 * 9 h 30'. */
export const visitWhen = (at: Date): string => formatDate(at, "fullDateTime");

/** When something happened, for a history: '3 décembre 2026 à 6 h 16'. */
export const momentWhen = (at: Date): string => formatDate(at, "dateTime");

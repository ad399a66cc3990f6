// SQL conditions on free text that any area may need.
import { or, sql, type SQL } from "drizzle-orm";

/** Whether a text column (or a JSON document printed as text) holds one of the needles, case ignored. */
export function holdsAny(column: SQL, needles: readonly string[]): SQL {
  return or(...needles.map((needle) => sql`position(lower(${needle}) in lower(${column})) > 0`))!;
}

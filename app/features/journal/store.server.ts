// The staff's activity log: one row per change, read by /edit-journal. Rows older than a year go as
// new ones come in (the index on `at` makes that a short range delete).
import { desc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { activityLog, type ActivityEntry } from "../../../server/db/schema";
import { holdsAny } from "../../../server/db/text-match";

export type Activity = { account: string; area: string; action: string; summary: string };

const MAX_TEXT = 1000;

export async function recordActivity(db: Db, activity: Activity): Promise<void> {
  await db.insert(activityLog).values({
    account: activity.account.slice(0, 100),
    area: activity.area.slice(0, 100),
    action: activity.action.slice(0, 100),
    summary: activity.summary.slice(0, MAX_TEXT),
  });
  await db.delete(activityLog).where(lt(activityLog.at, sql`now() - interval '1 year'`));
}

/** The newest entries first. */
export function listActivity(db: Db, limit = 300): Promise<ActivityEntry[]> {
  return db.select().from(activityLog).orderBy(desc(activityLog.at)).limit(limit);
}

/** Rewrites the lines whose summary holds one of the needles (an erased person's name or address):
 * the log keeps what was done, without whom. Returns how many lines changed. */
export async function anonymiseActivity(
  t: Db,
  needles: readonly string[],
  rewrite: (summary: string) => string,
): Promise<number> {
  if (needles.length === 0) return 0;
  const lines = await t
    .select({ id: activityLog.id, summary: activityLog.summary })
    .from(activityLog)
    .where(holdsAny(sql`${activityLog.summary}`, needles));
  let changed = 0;
  for (const line of lines) {
    const summary = rewrite(line.summary);
    if (summary === line.summary) continue;
    await t.update(activityLog).set({ summary }).where(eq(activityLog.id, line.id));
    changed++;
  }
  return changed;
}

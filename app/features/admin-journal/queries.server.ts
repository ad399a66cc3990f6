// What /edit-journal shows: the newest lines of the activity log.
import type { Services } from "../../../server/context";
import { listActivity } from "../../../server/data/activity-log";

export async function journalData({ db }: Services) {
  const entries = await listActivity(db);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      account: entry.account,
      area: entry.area,
      action: entry.action,
      summary: entry.summary,
    })),
  };
}

export type JournalData = Awaited<ReturnType<typeof journalData>>;

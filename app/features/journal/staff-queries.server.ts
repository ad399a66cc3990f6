// What /edit-journal shows: the newest lines of the activity log, each saying in French what was done
// and to what.
import type { Services } from "../../../server/context";
import { listActivity } from "./store.server";
import { actionLabel, itemText } from "./labels";

export async function journalData({ db }: Services) {
  const entries = await listActivity(db);
  return {
    entries: entries.map((entry) => ({
      id: entry.id,
      at: entry.at.toISOString(),
      account: entry.account,
      area: entry.area,
      what: actionLabel(entry.area, entry.action),
      item: itemText(entry.summary),
    })),
  };
}

export type JournalData = Awaited<ReturnType<typeof journalData>>;

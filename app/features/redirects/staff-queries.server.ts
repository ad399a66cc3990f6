// What /edit-redirects shows: the redirects, and the addresses visitors reached as 404.
import { desc } from "drizzle-orm";
import type { Services } from "../../../server/context";
import { missedPaths, redirects } from "../../../server/db/schema";

export async function redirectsData({ db }: Services) {
  const [rules, missed] = await Promise.all([
    db.select().from(redirects).orderBy(desc(redirects.created_at)),
    db.select().from(missedPaths).orderBy(desc(missedPaths.hits), desc(missedPaths.last_seen)).limit(200),
  ]);
  return {
    redirects: rules.map((rule) => ({ id: rule.id, from: rule.from_key, to: rule.to_path })),
    missed: missed.map((path) => ({
      id: path.id,
      path: path.path,
      bot: path.bot,
      hits: path.hits,
      lastSeen: path.last_seen.toISOString(),
    })),
  };
}

export type RedirectsData = Awaited<ReturnType<typeof redirectsData>>;

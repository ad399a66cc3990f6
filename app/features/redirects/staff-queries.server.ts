// What /edit-redirects shows: the redirects, and the addresses visitors reached as 404.
import type { Services } from "../../../server/context";
import { listMissedPaths, listRedirects } from "./store.server";

export async function redirectsData({ db }: Services) {
  const [rules, missed] = await Promise.all([listRedirects(db), listMissedPaths(db)]);
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

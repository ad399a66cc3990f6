// The staff's permanent redirects and the addresses visitors reached as 404: this module alone reads
// and writes their tables (redirects, missed_paths). The middleware and the staff screen call it.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { missedPaths, redirects } from "../../../server/db/schema";

/** Every redirect, newest first. */
export function listRedirects(db: Db) {
  return db.select().from(redirects).orderBy(desc(redirects.created_at));
}

/** Every redirect, in no order (the form's checks: a taken address, a loop). */
export function listAllRedirects(db: Db) {
  return db.select().from(redirects);
}

/** Every redirect as from → to, the middleware's map. */
export function listRedirectTargets(db: Db) {
  return db.select({ from: redirects.from_key, to: redirects.to_path }).from(redirects);
}

export async function insertRedirect(db: Db, from: string, to: string): Promise<void> {
  await db.insert(redirects).values({ from_key: from, to_path: to });
}

/** Deletes a redirect; returns it, or null when it was already gone. */
export async function deleteRedirect(db: Db, id: string) {
  const [gone] = await db.delete(redirects).where(eq(redirects.id, id)).returning();
  return gone ?? null;
}

/** The 200 missed addresses seen most, the latest first among equals. */
export function listMissedPaths(db: Db) {
  return db.select().from(missedPaths).orderBy(desc(missedPaths.hits), desc(missedPaths.last_seen)).limit(200);
}

/** Adds `hits` to a missed address (seen now), by a person or a robot. */
export async function recordMissedPath(db: Db, { path, bot, hits }: { path: string; bot: boolean; hits: number }) {
  await db.execute(sql`
    insert into missed_paths (path, bot, hits, last_seen) values (${path}, ${bot}, ${hits}, now())
    on conflict (path, bot) do update set hits = missed_paths.hits + excluded.hits, last_seen = now()`);
}

/** Keeps the `kept` missed addresses seen most recently. */
export async function trimMissedPaths(db: Db, kept: number) {
  await db.execute(sql`
    delete from missed_paths where id in (
      select id from missed_paths order by last_seen desc offset ${kept})`);
}

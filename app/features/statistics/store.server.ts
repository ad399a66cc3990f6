// Writing raw statistics: page views, goals and Web Vitals values, each stamped with the site's local
// day. Nothing written names a person: the visitor is the day's hash, the browser a family, the
// referrer a host.
import { and, eq, gte, lt } from "drizzle-orm";
import { localDay } from "./days";
import type { ServerGoal } from "./goals";
import { bucketOf, type Metric } from "./web-vitals";
import type { DeviceClass, BrowserFamily } from "./user-agent";
import type { Db } from "../../../server/db/client";
import { statEvents, statSecrets, statVitals } from "../../../server/db/schema";
import { addressHash, newDailySecret, visitorHash } from "./visitor.server";

/** The instance's copy of the current day's secret (one database read per day and instance). */
let cachedSecret: { db: Db; day: string; secret: string } | null = null;

/** The secret of `day`: created by the first instance that needs it, then shared by all. */
export async function dailySecret(db: Db, day: string): Promise<string> {
  if (cachedSecret?.db === db && cachedSecret.day === day) return cachedSecret.secret;
  await db.insert(statSecrets).values({ day, secret: newDailySecret() }).onConflictDoNothing();
  const [row] = await db.select({ secret: statSecrets.secret }).from(statSecrets).where(eq(statSecrets.day, day));
  cachedSecret = { db, day, secret: row!.secret };
  return row!.secret;
}

/** Deletes the secrets of the days before `today`: their hashes can no longer be made again. */
export async function deleteOldSecrets(db: Db, today: string): Promise<void> {
  await db.delete(statSecrets).where(lt(statSecrets.day, today));
}

/** Who made a request, as far as the statistics go: kept only as the day's hash. */
export type Visit = {
  /** The client's address key (server/http/client-address.ts). */
  ip: string;
  userAgent: string;
  /** The site's host: the same person on another site counts as another visitor. */
  site: string;
};

/** The visitor's hash and their address's hash for `day`. */
async function hashesOf(db: Db, visit: Visit, day: string): Promise<{ visitor: bigint; address: bigint }> {
  const secret = await dailySecret(db, day);
  return {
    visitor: visitorHash(secret, visit.ip, visit.userAgent, visit.site),
    address: addressHash(secret, visit.ip, visit.site),
  };
}

/** A goal tapped in the browser counts only for a visitor who viewed a page this long before. */
const GOAL_AFTER_PAGE_VIEW_MS = 30 * 60 * 1000;

/** Whether this visitor viewed a page of the site in the last 30 minutes (of the same local day: the
 * day's hash cannot link two days). */
export async function viewedRecently(db: Db, visit: Visit, now = new Date()): Promise<boolean> {
  const day = localDay(now);
  const { visitor } = await hashesOf(db, visit, day);
  const [row] = await db
    .select({ id: statEvents.id })
    .from(statEvents)
    .where(
      and(
        eq(statEvents.day, day),
        eq(statEvents.kind, "page"),
        eq(statEvents.visitor, visitor),
        gte(statEvents.at, new Date(now.getTime() - GOAL_AFTER_PAGE_VIEW_MS)),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export type PageView = {
  path: string;
  source: string | null;
  medium: string | null;
  campaign: string | null;
  device: DeviceClass;
  browser: BrowserFamily;
};

export async function recordPageView(db: Db, visit: Visit, view: PageView, now = new Date()): Promise<void> {
  const day = localDay(now);
  await insertEvent(db, { day, at: now, kind: "page", ...(await hashesOf(db, visit, day)), ...view });
}

type NewEvent = typeof statEvents.$inferInsert;

/** Rows waiting to be written, per database: events gather for one turn of the event loop (every
 * beacon already read joins), then go in one statement; while it runs, the next events gather. Under
 * load that is one insert for many beacons (a row alone costs PGlite ~1 ms, in a batch of 50 ~0.2 ms);
 * at rest, one turn of waiting. Each caller's promise settles once its row is committed. */
const pending = new Map<Db, { rows: NewEvent[]; settle: { resolve(): void; reject(error: unknown): void }[] }>();
const writing = new Set<Db>();

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function insertEvent(db: Db, row: NewEvent): Promise<void> {
  return new Promise((resolve, reject) => {
    let batch = pending.get(db);
    if (!batch) pending.set(db, (batch = { rows: [], settle: [] }));
    batch.rows.push(row);
    batch.settle.push({ resolve, reject });
    if (!writing.has(db)) void writeBatches(db);
  });
}

async function writeBatches(db: Db): Promise<void> {
  writing.add(db);
  try {
    for (await nextTurn(); pending.has(db); await nextTurn()) {
      const batch = pending.get(db)!;
      pending.delete(db);
      try {
        await db.insert(statEvents).values(batch.rows);
        for (const s of batch.settle) s.resolve();
      } catch (error) {
        for (const s of batch.settle) s.reject(error);
      }
    }
  } finally {
    writing.delete(db);
  }
}

/** A goal reached in the browser or on the server; the visitor is left out when `visit` is null. */
export async function recordGoalEvent(
  db: Db,
  goal: string,
  {
    visit,
    path = null,
    device = null,
    now = new Date(),
  }: {
    visit: Visit | null;
    path?: string | null;
    device?: DeviceClass | null;
    now?: Date;
  },
): Promise<void> {
  const day = localDay(now);
  const hashes = visit ? await hashesOf(db, visit, day) : { visitor: null, address: null };
  // In the caller's transaction when given one (a server goal): written at once, with it.
  await db.insert(statEvents).values({ day, at: now, kind: "goal", ...hashes, goal, path, device });
}

/** Records a goal reached on the server (a request stored, a proposal viewed or accepted), in the
 * caller's transaction when given one. With `visit` (the request's address key, user agent and the
 * site's host), the goal's visitor is the same day hash as their page views; without it, the goal
 * still counts, with no visitor. The caller leaves `visit` out when the request carries DNT: 1 or
 * Sec-GPC: 1 (`declinesStatistics`). */
export async function recordGoal(
  db: Db,
  goal: ServerGoal,
  options: { visit?: Visit | null; path?: string | null; now?: Date } = {},
): Promise<void> {
  await recordGoalEvent(db, goal, { visit: options.visit ?? null, path: options.path ?? null, now: options.now });
}

/** Web Vitals values of one page load. */
export async function recordVitals(
  db: Db,
  { path, device, values }: { path: string; device: DeviceClass; values: Partial<Record<Metric, number>> },
  now = new Date(),
): Promise<void> {
  const day = localDay(now);
  const rows = Object.entries(values).map(([metric, value]) => ({
    day,
    path,
    device,
    metric,
    value,
    bucket: bucketOf(metric as Metric, value),
  }));
  if (rows.length) await db.insert(statVitals).values(rows);
}

/** Whether a request asks not to be measured: Do Not Track or Global Privacy Control. */
export function declinesStatistics(headers: { get(name: string): string | null | undefined }): boolean {
  return headers.get("dnt") === "1" || headers.get("sec-gpc") === "1";
}

// Uploads no record kept (a form abandoned after its upload, a picture replaced before saving) are
// removed once older than SWEEP_GRACE_MS, with their resized copies. startServer runs the sweep at
// start, then daily. Instances sharing a database sweep one at a time: the one holding a
// transaction-scoped advisory lock does it, the others only prune their own resized copies.
import { sql } from "drizzle-orm";
import type { Services } from "../context";
import { selectRows } from "../db/client";
import type { StoredObject } from "../storage/storage";
import type { Bucket } from "../../app/rules/uploads";
import { pruneResizedCopies } from "./cache";
import { referencedMediaKeys } from "./references";
import { deleteStoredObject } from "./remove";
import { refKey, selectOrphans, SWEEP_GRACE_MS, SWEEP_INTERVAL_MS, SWEPT_BUCKETS, type MediaRef } from "./rules";
import { startPeriodicJob, type PeriodicJob } from "../lib/periodic-job";

// Any fixed number works; every instance must use the same one (the migration lock is 7_421_031).
export const MEDIA_SWEEP_LOCK_ID = 7_421_032;

type SweepServices = Pick<Services, "db" | "storage" | "config" | "log">;

export type SweepResult = {
  /** False when another instance held the lock: nothing was removed here. */
  ran: boolean;
  removed: MediaRef[];
  /** Objects whose resized copies were pruned because the object is gone. */
  prunedCopies: number;
};

export async function sweepUnreferencedMedia(
  services: SweepServices,
  { now = new Date(), graceMs = SWEEP_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<SweepResult> {
  const { db, storage, config, log } = services;
  // Listed before the references are read: an object saved in a record meanwhile is seen as used.
  const listings: { bucket: Bucket; objects: StoredObject[] }[] = [];
  for (const bucket of SWEPT_BUCKETS) listings.push({ bucket, objects: await storage.list(bucket, Infinity) });
  const cutoff = new Date(now.getTime() - graceMs);

  const { ran, removed } = await db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${MEDIA_SWEEP_LOCK_ID}) as locked`,
    );
    if (!lock?.locked) return { ran: false, removed: [] as MediaRef[] };
    const referenced = await referencedMediaKeys(tx);
    const removed: MediaRef[] = [];
    for (const ref of selectOrphans(listings, referenced, cutoff)) {
      try {
        await deleteStoredObject(services, ref.bucket, ref.name);
        removed.push(ref);
      } catch (error) {
        log.error({ err: error, object: refKey(ref) }, "Error deleting unreferenced media");
      }
    }
    return { ran: true, removed };
  });

  const gone = new Set(removed.map(refKey));
  const present = new Set(
    listings.flatMap(({ bucket, objects }) => objects.map((o) => refKey({ bucket, name: o.name }))),
  );
  const prunedCopies = await pruneResizedCopies(config.dataDir, (bucket, name) => {
    const key = refKey({ bucket, name });
    return present.has(key) && !gone.has(key);
  });
  if (ran) {
    log.info(
      { removed: removed.map(refKey), cutoff: cutoff.toISOString(), prunedCopies },
      "Unreferenced media sweep done",
    );
  } else {
    log.info({ prunedCopies }, "Unreferenced media sweep running on another instance");
  }
  return { ran, removed, prunedCopies };
}

export type MediaSweepJob = PeriodicJob;

/** Sweeps now, then every `intervalMs`. Never throws: a failed sweep is logged and tried again at
 * the next interval. */
export function startMediaSweep(
  services: SweepServices,
  { intervalMs = SWEEP_INTERVAL_MS, graceMs = SWEEP_GRACE_MS }: { intervalMs?: number; graceMs?: number } = {},
): MediaSweepJob {
  return startPeriodicJob({
    work: () => sweepUnreferencedMedia(services, { graceMs }),
    intervalMs,
    log: services.log,
    failure: "Unreferenced media sweep failed; will try again later",
  });
}

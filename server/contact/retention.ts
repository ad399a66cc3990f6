// Keeps the privacy policy's promise: a contact request is deleted once CONTACT_RETENTION_YEARS have
// passed since its last activity. startServer runs the purge at start, then once a day. Instances
// sharing a database purge one at a time: the one holding a transaction-scoped advisory lock does it,
// the others skip that run.
import { sql } from "drizzle-orm";
import { CONTACT_RETENTION_YEARS, contactRetentionCutoff } from "../../app/rules/contact-retention";
import type { Services } from "../context";
import { selectRows, type Db } from "../db/client";
import { deleteContactRequestsInactiveSince } from "../data/contact-requests";
import type { Logger } from "../lib/log";
import { startPeriodicJob, type PeriodicJob } from "../lib/periodic-job";

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

// Any fixed number works; every instance must use the same one (see MEDIA_SWEEP_LOCK_ID).
export const RETENTION_LOCK_ID = 7_421_033;

type Log = Pick<Logger, "info" | "error">;

/** Deletes the requests past their retention period; returns how many went, or null when another
 * instance was purging (nothing done here). Throws on a database error (the scheduler below catches
 * it). */
export async function purgeExpiredContactRequests(
  db: Db,
  { now = new Date(), log }: { now?: Date; log?: Log } = {},
): Promise<number | null> {
  const cutoff = contactRetentionCutoff(now);
  const deleted = await db.transaction(async (tx) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      tx,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as locked`,
    );
    return lock?.locked ? deleteContactRequestsInactiveSince(tx, cutoff) : null;
  });
  if (deleted === null) {
    log?.info("Contact request purge running on another instance");
    return null;
  }
  log?.info(
    { deleted, cutoff, years: CONTACT_RETENTION_YEARS },
    "Contact requests past their retention period deleted",
  );
  return deleted;
}

export type RetentionJob = PeriodicJob;

export type RetentionOptions = {
  db: Db;
  log?: Log;
  /** Between two purges (default a day). The first one runs at once. */
  intervalMs?: number;
  /** The clock (tests). */
  now?: () => Date;
};

/** Purges now, then every `intervalMs`. Never throws: a failed purge is logged and tried again at
 * the next interval. */
export function startRetentionJob({
  db,
  log,
  intervalMs = RETENTION_INTERVAL_MS,
  now = () => new Date(),
}: RetentionOptions): RetentionJob {
  return startPeriodicJob({
    work: () => purgeExpiredContactRequests(db, { now: now(), log }),
    intervalMs,
    log,
    failure: "Contact request purge failed; will try again later",
  });
}

/** Started by startServer, next to the delivery worker; stopped on shutdown. */
export function startContactRetention(services: Pick<Services, "db" | "log">): RetentionJob {
  return startRetentionJob({ db: services.db, log: services.log });
}

// Keeps the privacy policy's promise: a contact request is deleted once CONTACT_RETENTION_YEARS have
// passed since its last activity. startServer runs the purge at start, then once a day. Several
// instances of the site may purge at the same time: deleting what another one already deleted is
// harmless.
import { CONTACT_RETENTION_YEARS, contactRetentionCutoff } from "../../app/features/contact/retention";
import type { Services } from "../context";
import type { Db } from "../db/client";
import { deleteContactRequestsInactiveSince } from "../data/contact-requests";
import type { Logger } from "../lib/log";
import { startPeriodicJob, type PeriodicJob } from "../lib/periodic-job";

export const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

type Log = Pick<Logger, "info" | "error">;

/** Deletes the requests past their retention period; returns how many went. Throws on a database
 * error (the scheduler below catches it). */
export async function purgeExpiredContactRequests(
  db: Db,
  { now = new Date(), log }: { now?: Date; log?: Log } = {},
): Promise<number> {
  const cutoff = contactRetentionCutoff(now);
  const deleted = await deleteContactRequestsInactiveSince(db, cutoff);
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

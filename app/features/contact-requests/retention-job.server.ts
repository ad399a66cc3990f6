// Keeps the privacy policy's promises: a contact request is deleted once CONTACT_RETENTION_YEARS have
// passed since its last activity, a proposal PROPOSAL_RETENTION_YEARS after its last change, an email
// EMAIL_RETENTION_DAYS after it was sent (or failed), and a machine ticket's contact details
// TICKET_CONTACT_RETENTION_YEARS after it came. startServer runs the purge at start, then once a
// day. Instances sharing a database purge one at a time: the one holding a transaction-scoped advisory
// lock does it, the others skip that run.
import { sql } from "drizzle-orm";
import {
  CONTACT_RETENTION_YEARS,
  contactRetentionCutoff,
  EMAIL_RETENTION_DAYS,
  emailRetentionCutoff,
  PROPOSAL_RETENTION_YEARS,
  TICKET_CONTACT_RETENTION_YEARS,
} from "./retention";
import type { Services } from "../../../server/context";
import { selectRows, type Db } from "../../../server/db/client";
import { deleteContactRequestsInactiveSince } from "./store.server";
import { deleteEmailsDoneBefore } from "../../../server/outbox/messages";
import { deleteProposalsUnchangedSince } from "../proposals/store.server";
import { forgetTicketContactsBefore } from "../service/store.server";
import { forgetPastConfirmations } from "./confirmations.server";
import type { Logger } from "../../../server/lib/log";
import { startPeriodicJob, type PeriodicJob } from "../../../server/lib/periodic-job";

const RETENTION_INTERVAL_MS = 24 * 60 * 60 * 1000;

// Any fixed number works; every instance must use the same one (see MEDIA_SWEEP_LOCK_ID).
export const RETENTION_LOCK_ID = 7_421_033;

type Log = Pick<Logger, "info" | "error">;

/** What one purge deleted. */
export type Purged = { requests: number; proposals: number; emails: number; tickets: number };

/** Deletes the requests, proposals and emails past their retention periods; returns how many of each
 * went, or null when another instance was purging (nothing done here). Throws on a database error
 * (the scheduler below catches it). */
export async function purgeExpiredData(
  db: Db,
  { now = new Date(), log }: { now?: Date; log?: Log } = {},
): Promise<Purged | null> {
  const cutoff = contactRetentionCutoff(now);
  const proposalCutoff = contactRetentionCutoff(now, PROPOSAL_RETENTION_YEARS);
  const emailCutoff = emailRetentionCutoff(now);
  const purged = await db.transaction(async (t) => {
    const [lock] = await selectRows<{ locked: boolean }>(
      t,
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_ID}) as locked`,
    );
    if (!lock?.locked) return null;
    // The one-a-day confirmation claims older than a day (usually gone already with the next request).
    await forgetPastConfirmations(t, now);
    return {
      // Emails first: those of a request being deleted would go with it (cascade) and not be counted.
      emails: await deleteEmailsDoneBefore(t, emailCutoff),
      proposals: await deleteProposalsUnchangedSince(t, proposalCutoff, now),
      requests: await deleteContactRequestsInactiveSince(t, cutoff),
      tickets: await forgetTicketContactsBefore(t, contactRetentionCutoff(now, TICKET_CONTACT_RETENTION_YEARS)),
    };
  });
  if (purged === null) {
    log?.info("Retention purge running on another instance");
    return null;
  }
  log?.info(
    {
      deleted: purged.requests,
      proposals: purged.proposals,
      emails: purged.emails,
      ticketContacts: purged.tickets,
      cutoff,
      years: CONTACT_RETENTION_YEARS,
      proposalCutoff,
      emailCutoff,
      emailDays: EMAIL_RETENTION_DAYS,
    },
    "Requests, proposals and emails past their retention periods deleted",
  );
  return purged;
}

/** The contact requests' part of the purge, as it was first written: how many requests went (null:
 * another instance was purging). */
export async function purgeExpiredContactRequests(db: Db, options: { now?: Date; log?: Log } = {}) {
  return (await purgeExpiredData(db, options))?.requests ?? null;
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
    work: () => purgeExpiredData(db, { now: now(), log }),
    intervalMs,
    log,
    failure: "Retention purge failed; will try again later",
  });
}

/** Started by startServer, next to the delivery worker; stopped on shutdown. */
export function startContactRetention(services: Pick<Services, "db" | "log">): RetentionJob {
  return startRetentionJob({ db: services.db, log: services.log });
}

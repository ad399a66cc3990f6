// contact_requests: the outbox of quote requests. A request is stored before the visitor gets an
// answer, then forwarded by app/features/contact-requests/delivery.server.ts; it is deleted once its retention period
// (app/features/contact-requests/retention.ts) has passed since its last activity (app/features/contact-requests/retention-job.server.ts).
import { and, asc, count, eq, gt, inArray, isNull, lt, lte, sql } from "drizzle-orm";
import type { ContactRequestInput } from "./model";
import { mailboxKey } from "./no-relay";
import type { Db } from "../../../server/db/client";
import { contactRequests, type ContactRequest } from "../../../server/db/schema";

/** What the person sent, when, the machine asked about (by name) and the hash of the sender's address
 * (for the limits). */
export type NewContactRequest = ContactRequestInput & {
  timestamp: string;
  ip_hash: string | null;
  machine?: string | null;
};

export async function insertContactRequest(
  db: Db,
  input: NewContactRequest,
  now = new Date(),
): Promise<ContactRequest> {
  const [row] = await db
    .insert(contactRequests)
    .values({ ...input, status: "pending", attempts: 0, next_attempt_at: now, created_at: now })
    .returning();
  return row!;
}

export type RateLimit = { max: number; windowMs: number };

/** Requests stored in the past hour and not held as spam: for the whole site, from the new request's
 * source (its ip_hash), and for its mailbox (mailboxKey). */
type LastHour = { site: number; source: number; recipient: number };

/** What decides whether a new request is stored as spam: called inside the storing transaction with
 * the past hour's counts (all zero when the ceiling per hour is off). */
type SpamJudge = (lastHour: LastHour) => { check: string; reason: string } | null;

/** More than the site-wide ceiling ever lets through in an hour: the rows read to count a mailbox. */
const RECIPIENT_SCAN_LIMIT = 5_000;

export type StoreOptions = {
  /** The per-address limit (null: none). */
  limit: RateLimit | null;
  /** Whether to count the past hour for the whole site (the ceiling per hour is on). */
  countLastHour: boolean;
  judge: SpamJudge;
  /** Runs in the same transaction once a request that is not spam is inserted (its emails). */
  onStored?: (tx: Db, row: ContactRequest) => Promise<unknown>;
  /** The id to give the new row (its emails may be rendered before the transaction). */
  id?: string;
  now?: Date;
};

/** Stores a new request unless its address already sent `limit.max` in the window; a request the
 * judge catches is stored held ('Indésirables': neither forwarded nor emailed). Requests of one
 * address are serialised by a transaction-scoped advisory lock, and with the ceiling per hour on,
 * all requests of the site by another, so both limits hold under a burst and across instances. */
export async function storeContactRequest(
  db: Db,
  input: NewContactRequest,
  { limit, countLastHour, judge, onStored, id, now = new Date() }: StoreOptions,
): Promise<ContactRequest | "limited"> {
  return db.transaction(async (t) => {
    if (limit && input.ip_hash) {
      await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact:${input.ip_hash}`}))`);
      const since = new Date(now.getTime() - limit.windowMs);
      const [recent] = await t
        .select({ value: count() })
        .from(contactRequests)
        .where(and(eq(contactRequests.ip_hash, input.ip_hash), gt(contactRequests.created_at, since)));
      if ((recent?.value ?? 0) >= limit.max) return "limited" as const;
    }
    const lastHour: LastHour = { site: 0, source: 0, recipient: 0 };
    if (countLastHour) {
      await t.execute(sql`select pg_advisory_xact_lock(hashtext('contact:site'))`);
      const counted = and(
        gt(contactRequests.created_at, new Date(now.getTime() - 3_600_000)),
        isNull(contactRequests.spam_check),
      );
      const [recent] = await t.select({ value: count() }).from(contactRequests).where(counted);
      lastHour.site = recent?.value ?? 0;
      if (input.ip_hash) {
        const [mine] = await t
          .select({ value: count() })
          .from(contactRequests)
          .where(and(counted, eq(contactRequests.ip_hash, input.ip_hash)));
        lastHour.source = mine?.value ?? 0;
      }
      // The mailbox key folds spellings ('+tag', dots at Gmail) that SQL cannot compare: the rows of the
      // past hour that count are few (the ceiling bounds them), so they are compared here.
      const key = mailboxKey(input.courriel);
      const addresses = await t
        .select({ courriel: contactRequests.courriel })
        .from(contactRequests)
        .where(counted)
        .limit(RECIPIENT_SCAN_LIMIT);
      lastHour.recipient = addresses.filter((row) => mailboxKey(row.courriel) === key).length;
    }
    const spam = judge(lastHour);
    const [row] = await t
      .insert(contactRequests)
      .values({
        ...input,
        ...(id ? { id } : {}),
        status: spam ? "held" : "pending",
        spam_check: spam?.check ?? null,
        spam_reason: spam?.reason ?? null,
        attempts: 0,
        next_attempt_at: now,
        created_at: now,
      })
      .returning();
    if (!spam && onStored) await onStored(t, row!);
    return row!;
  });
}

/** 'Ce n'est pas un indésirable': the request leaves the spam folder and is forwarded as if it had
 * just arrived; `onReleased` queues its emails in the same transaction. Null when it was not held
 * (already released, by another click or another staff member): then nothing is sent twice. */
export async function releaseHeldContactRequest(
  db: Db,
  id: string,
  onReleased: (tx: Db, row: ContactRequest) => Promise<unknown>,
  now = new Date(),
): Promise<ContactRequest | null> {
  return db.transaction(async (t) => {
    const [row] = await t
      .update(contactRequests)
      .set({ status: "pending", spam_check: null, spam_reason: null, attempts: 0, next_attempt_at: now })
      .where(and(eq(contactRequests.id, id), eq(contactRequests.status, "held")))
      .returning();
    if (!row) return null;
    await onReleased(t, row);
    return row;
  });
}

export async function getContactRequest(db: Db, id: string): Promise<ContactRequest | null> {
  const [row] = await db.select().from(contactRequests).where(eq(contactRequests.id, id)).limit(1);
  return row ?? null;
}

export async function countContactRequests(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(contactRequests);
  return row?.value ?? 0;
}

// ---- Delivery (the outbox) ----

export type ClaimedContactRequest = ContactRequest & { leaseUntil: Date };

/** Takes up to `limit` due pending requests for this worker. In one transaction the due rows are
 * locked with FOR UPDATE SKIP LOCKED (rows another worker is claiming right now are skipped) and
 * their next attempt is pushed to the end of a lease, so no other worker takes them while this one
 * sends. Should this process die mid-send, the lease runs out and another worker (or this one after
 * a restart) sends it again: at least once, with the same Idempotency-Key. */
export async function claimDueContactRequests(
  db: Db,
  { now = new Date(), limit = 10, leaseMs = 60_000 }: { now?: Date; limit?: number; leaseMs?: number } = {},
): Promise<ClaimedContactRequest[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(contactRequests)
      .where(and(eq(contactRequests.status, "pending"), lte(contactRequests.next_attempt_at, now)))
      .orderBy(asc(contactRequests.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    await tx
      .update(contactRequests)
      .set({ next_attempt_at: leaseUntil })
      .where(
        inArray(
          contactRequests.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({ ...row, next_attempt_at: leaseUntil, leaseUntil }));
  });
}

/** The claim is still ours: pending, with the lease we set. */
const stillClaimed = (claim: ClaimedContactRequest) =>
  and(
    eq(contactRequests.id, claim.id),
    eq(contactRequests.status, "pending"),
    eq(contactRequests.next_attempt_at, claim.leaseUntil),
  );

export async function markContactDelivered(db: Db, claim: ClaimedContactRequest, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(contactRequests)
    .set({ status: "delivered", delivered_at: now, attempts: claim.attempts + 1, last_error: null })
    .where(stillClaimed(claim))
    .returning({ id: contactRequests.id });
  return rows.length > 0;
}

/** Records a failed attempt: retry at `retryAt`, or `failed` (kept) when retryAt is null. */
export async function markContactAttemptFailed(
  db: Db,
  claim: ClaimedContactRequest,
  error: string,
  retryAt: Date | null,
): Promise<boolean> {
  const rows = await db
    .update(contactRequests)
    .set({
      attempts: claim.attempts + 1,
      last_error: error.slice(0, 500),
      ...(retryAt ? { next_attempt_at: retryAt } : { status: "failed" as const }),
    })
    .where(stillClaimed(claim))
    .returning({ id: contactRequests.id });
  return rows.length > 0;
}

/** Gives a claim back untouched (the worker is stopping): due again at once. */
export async function releaseContactClaim(db: Db, claim: ClaimedContactRequest, now = new Date()): Promise<void> {
  await db.update(contactRequests).set({ next_attempt_at: now }).where(stillClaimed(claim));
}

/** When the earliest pending request is due (null when none is pending). */
export async function nextContactDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: contactRequests.next_attempt_at })
    .from(contactRequests)
    .where(eq(contactRequests.status, "pending"))
    .orderBy(asc(contactRequests.next_attempt_at))
    .limit(1);
  return row?.at ?? null;
}

// ---- Retention ----

/** A request's last activity: the latest of its creation, its delivery, its handling and its last
 * (or next) delivery attempt, which a claim, a retry or 'Renvoyer' moves. NULLs are ignored. */
const contactLastActivity = sql<Date>`greatest(${contactRequests.created_at}, ${contactRequests.delivered_at}, ${contactRequests.handled_at}, ${contactRequests.next_attempt_at})`;

/** Deletes the requests whose last activity is before `cutoff`; returns how many went. A request
 * being sent right now has a lease in the future, so it is never deleted from under a worker. */
export async function deleteContactRequestsInactiveSince(db: Db, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(contactRequests)
    // created_at ≤ last activity: the first condition lets the created_at index narrow the scan.
    .where(
      and(lt(contactRequests.created_at, cutoff), sql`${contactLastActivity} < ${cutoff.toISOString()}::timestamptz`),
    )
    .returning({ id: contactRequests.id });
  return rows.length;
}

// contact_requests: the outbox of quote requests. A request is stored before the visitor gets an
// answer, then forwarded by app/features/contact-requests/delivery.server.ts; it is deleted once its retention period
// (app/features/contact-requests/retention.ts) has passed since its last activity (app/features/contact-requests/retention-job.server.ts).
// This module alone reads and writes contact_requests, contact_request_notes and
// contact_request_stage_changes: the inbox, the staff panel, the proposals and the erasure call it.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from "drizzle-orm";
import { INBOX_FOLDERS, type InboxFolder } from "./folders";
import { containsPattern } from "./inbox-search";
import type { ContactRequestInput } from "./model";
import { mailboxKey } from "./no-relay";
import { stageAfterReply } from "./stages";
import type { Db } from "../../../server/db/client";
import {
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  type ContactRequest,
  type ContactRequestNote,
  type ContactRequestStageChange,
  type LeadStage,
} from "../../../server/db/schema";
import { failedEmailExists } from "../../../server/outbox/messages";

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

// ---- The staff inbox ----

const notSpam = isNull(contactRequests.spam_check);

/** A request whose forwarding failed, or one of whose emails failed. */
const hasFailure = or(eq(contactRequests.status, "failed"), failedEmailExists(contactRequests.id))!;

/** A folder's requests; `me` is the account looking, for 'Mes demandes'. */
function folderWhere(folder: InboxFolder, me: string | null): SQL {
  if (folder === "toutes") return notSpam;
  if (folder === "miennes") return me ? and(notSpam, eq(contactRequests.assigned_to, me))! : sql`false`;
  if (folder === "non-assignees") return and(notSpam, isNull(contactRequests.assigned_to))!;
  if (folder === "indesirables") return isNotNull(contactRequests.spam_check);
  if (folder === "echecs") return hasFailure;
  return and(notSpam, eq(contactRequests.stage, folder))!;
}

/** Name, email, phone or text contains the search (case and accents as typed). */
function searchWhere(search: string): SQL | undefined {
  if (!search) return undefined;
  const pattern = containsPattern(search);
  return or(
    ilike(contactRequests.nom_complet, pattern),
    ilike(contactRequests.courriel, pattern),
    ilike(contactRequests.numero_telephone, pattern),
    ilike(contactRequests.description_demande, pattern),
  );
}

/** Requests of a folder matching a search, newest first, a page at a time. */
export function listContactRequests(
  db: Db,
  {
    folder = "toutes",
    search = "",
    me = null,
    limit = 30,
    offset = 0,
  }: { folder?: InboxFolder; search?: string; me?: string | null; limit?: number; offset?: number } = {},
): Promise<ContactRequest[]> {
  return db
    .select()
    .from(contactRequests)
    .where(and(folderWhere(folder, me), searchWhere(search)))
    .orderBy(desc(contactRequests.created_at), desc(contactRequests.id))
    .limit(limit)
    .offset(offset);
}

/** How many requests each folder holds (matching the search, when there is one). */
export async function countContactRequestsByFolder(
  db: Db,
  search = "",
  me: string | null = null,
): Promise<Record<InboxFolder, number>> {
  const counted = (where: SQL) => sql<number>`count(*) filter (where ${where})`.mapWith(Number);
  const columns = Object.fromEntries(INBOX_FOLDERS.map((folder) => [folder, counted(folderWhere(folder, me))]));
  const [row] = await db
    .select(columns as Record<InboxFolder, SQL.Aliased<number> | SQL<number>>)
    .from(contactRequests)
    .where(searchWhere(search));
  return Object.fromEntries(INBOX_FOLDERS.map((folder) => [folder, Number(row?.[folder] ?? 0)])) as Record<
    InboxFolder,
    number
  >;
}

/** Gives a request to a staff account (null: to no one). The request before the change, or null
 * when it is gone. */
export async function assignContactRequest(
  db: Db,
  id: string,
  accountId: string | null,
): Promise<ContactRequest | null> {
  return db.transaction(async (t) => {
    const [before] = await t.select().from(contactRequests).where(eq(contactRequests.id, id)).for("update");
    if (!before) return null;
    await t.update(contactRequests).set({ assigned_to: accountId }).where(eq(contactRequests.id, id));
    return before;
  });
}

/** The requests given to an account that no longer follows them up (turned off) go back to no one. */
export async function unassignContactRequests(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .update(contactRequests)
    .set({ assigned_to: null })
    .where(eq(contactRequests.assigned_to, accountId))
    .returning({ id: contactRequests.id });
  return rows.length;
}

/** New requests (spam apart): the staff panel's card. */
export async function countOpenContactRequests(db: Db): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(contactRequests)
    .where(and(eq(contactRequests.stage, "nouvelle"), isNull(contactRequests.spam_check)));
  return Number(row?.value ?? 0);
}

/** A request's stage changes, oldest first. */
export function listStageChanges(db: Db, id: string): Promise<ContactRequestStageChange[]> {
  return db
    .select()
    .from(contactRequestStageChanges)
    .where(eq(contactRequestStageChanges.contact_request_id, id))
    .orderBy(asc(contactRequestStageChanges.created_at), asc(contactRequestStageChanges.id));
}

/** A request's notes, newest first. */
export function listContactNotes(db: Db, id: string): Promise<ContactRequestNote[]> {
  return db
    .select()
    .from(contactRequestNotes)
    .where(eq(contactRequestNotes.contact_request_id, id))
    .orderBy(desc(contactRequestNotes.created_at), desc(contactRequestNotes.id));
}

/** The notes of these requests, oldest first (the CSV export). */
export async function listNotesOfContactRequests(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      request: contactRequestNotes.contact_request_id,
      body: contactRequestNotes.body,
      at: contactRequestNotes.created_at,
    })
    .from(contactRequestNotes)
    .where(inArray(contactRequestNotes.contact_request_id, [...ids]))
    .orderBy(asc(contactRequestNotes.created_at), asc(contactRequestNotes.id));
}

// ---- What the staff change ----

/** 'Renvoyer': a request whose forwarding failed goes back to the webhook delivery. */
export async function requeueContactRequest(db: Db, id: string, now = new Date()): Promise<ContactRequest | null> {
  const [row] = await db
    .update(contactRequests)
    .set({ status: "pending", attempts: 0, next_attempt_at: now })
    .where(and(eq(contactRequests.id, id), eq(contactRequests.status, "failed")))
    .returning();
  return row ?? null;
}

/** Moves a request to `stage` and records the change with its date and who made it (`account`, empty
 * when the site did); nothing when already there. */
export async function setContactStage(
  db: Db,
  id: string,
  stage: LeadStage,
  { account = "", now = new Date() }: { account?: string; now?: Date } = {},
): Promise<ContactRequest | "unchanged" | null> {
  return db.transaction(async (t) => {
    const [current] = await t.select().from(contactRequests).where(eq(contactRequests.id, id)).for("update");
    if (!current) return null;
    if (current.stage === stage) return "unchanged" as const;
    const [row] = await t
      .update(contactRequests)
      .set({ stage, handled_at: now })
      .where(eq(contactRequests.id, id))
      .returning();
    await t
      .insert(contactRequestStageChanges)
      .values({ contact_request_id: id, from_stage: current.stage, to_stage: stage, account, created_at: now });
    return row!;
  });
}

/** Moves a request a proposal answers forward; a won request stays won. */
export async function moveContactRequestForward(t: Db, id: string, stage: LeadStage, now: Date, account = "") {
  const [request] = await t
    .select({ stage: contactRequests.stage })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!request || request.stage === "gagnee") return;
  await setContactStage(t, id, stage, { account, now });
}

export async function addContactNote(db: Db, id: string, body: string, account: string, now = new Date()) {
  const [row] = await db
    .insert(contactRequestNotes)
    .values({ contact_request_id: id, body, account, created_at: now })
    .returning();
  return row!;
}

export async function editContactNote(db: Db, id: string, noteId: string, body: string, now = new Date()) {
  const [row] = await db
    .update(contactRequestNotes)
    .set({ body, updated_at: now })
    .where(and(eq(contactRequestNotes.id, noteId), eq(contactRequestNotes.contact_request_id, id)))
    .returning();
  return row ?? null;
}

/** Locks the request, runs `queueReply` (its email) and moves a new request to the stage after a reply
 * ('En cours'), in one transaction. Null when the request is gone. */
export async function replyToContactRequestInStage<T>(
  db: Db,
  id: string,
  queueReply: (tx: Db, request: ContactRequest) => Promise<T>,
  account: string,
  now = new Date(),
): Promise<T | null> {
  return db.transaction(async (t) => {
    const [request] = await t.select().from(contactRequests).where(eq(contactRequests.id, id)).for("update");
    if (!request) return null;
    const message = await queueReply(t, request);
    const next = stageAfterReply(request.stage);
    if (next !== request.stage) {
      await t.update(contactRequests).set({ stage: next, handled_at: now }).where(eq(contactRequests.id, id));
      await t
        .insert(contactRequestStageChanges)
        .values({ contact_request_id: id, from_stage: request.stage, to_stage: next, account, created_at: now });
    }
    return message;
  });
}

// ---- Proposals and erasure ----

/** The requests a proposal may be linked to (not those held as spam), newest first. */
export function listLinkableContactRequests(db: Db) {
  return db
    .select({
      id: contactRequests.id,
      nom: contactRequests.nom_complet,
      courriel: contactRequests.courriel,
      created_at: contactRequests.created_at,
    })
    .from(contactRequests)
    .where(ne(contactRequests.status, "held"))
    .orderBy(desc(contactRequests.created_at))
    .limit(200);
}

/** A request's person: its id, name and address; null when it is gone. */
export async function getContactRequestPerson(
  db: Db,
  id: string,
): Promise<{ id: string; nom_complet: string; courriel: string } | null> {
  const [row] = await db
    .select({ id: contactRequests.id, nom_complet: contactRequests.nom_complet, courriel: contactRequests.courriel })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  return row ?? null;
}

/** How to reach a request's person (name, address, phone), to prefill what follows from it. */
export async function getContactRequestReach(
  db: Db,
  id: string,
): Promise<{ nom_complet: string; courriel: string; numero_telephone: string | null } | null> {
  const [row] = await db
    .select({
      nom_complet: contactRequests.nom_complet,
      courriel: contactRequests.courriel,
      numero_telephone: contactRequests.numero_telephone,
    })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  return row ?? null;
}

export async function contactRequestExists(db: Db, id: string): Promise<boolean> {
  const [request] = await db.select({ id: contactRequests.id }).from(contactRequests).where(eq(contactRequests.id, id));
  return Boolean(request);
}

/** The phone number a request gave (null when it is gone or gave none). */
export async function getContactRequestPhone(t: Db, id: string): Promise<string | null> {
  const [request] = await t
    .select({ phone: contactRequests.numero_telephone })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  return request?.phone ?? null;
}

/** The requests of a person, locked until the erasure's transaction ends: every request under an
 * address (case ignored), or the one request. */
export function lockContactRequestsOfPerson(t: Db, target: { requestId: string } | { email: string }) {
  return t
    .select({ id: contactRequests.id, name: contactRequests.nom_complet, email: contactRequests.courriel })
    .from(contactRequests)
    .where(
      "email" in target
        ? sql`lower(${contactRequests.courriel}) = lower(${target.email.trim()})`
        : eq(contactRequests.id, target.requestId),
    )
    .for("update");
}

/** Deletes requests (their notes and stage changes cascade). */
export async function deleteContactRequests(t: Db, ids: readonly string[]): Promise<void> {
  if (ids.length > 0) await t.delete(contactRequests).where(inArray(contactRequests.id, [...ids]));
}

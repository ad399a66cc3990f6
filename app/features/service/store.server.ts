// The service tickets (problems and refunds reported at a machine), their notes and replies, and the
// products people wish for: this module alone reads and writes service_tickets, service_ticket_notes and
// product_votes. The installations' pages, the inbox and the erasure call it.
import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Db } from "../../../server/db/client";
import { holdsAny } from "../../../server/db/text-match";
import { productVotes, serviceTicketNotes, serviceTickets } from "../../../server/db/schema";
import { formatCents, refundMethodLabel } from "~/features/machine-page/forms";
import { newTicketCode } from "./model";

type TicketRow = typeof serviceTickets.$inferSelect;

/** What a new ticket holds; its code, status and id are the store's. */
export type NewTicket = Omit<
  typeof serviceTickets.$inferInsert,
  "id" | "code" | "status" | "resolved_at" | "resolved_by" | "refund_logged_cents"
> & { received_at: Date; due_at: Date };

/** A source's tickets in the recent past, as the spam layers count them. */
type TicketCounts = { site: number; source: number };

type StoreTicketOptions = {
  /** At most `max` tickets per source (its keyed hash) in `windowMs`; beyond, 'limited'. */
  limit: { max: number; windowMs: number } | null;
  /** Judges the ticket from the past hour's counts (the whole site's, the source's): a reason refuses it. */
  judge: (lastHour: TicketCounts) => string | null;
  /** In the same transaction, once stored (the staff's email). */
  onStored?: (tx: Db, row: TicketRow) => Promise<unknown>;
  randomIndex?: (n: number) => number;
};

/** Stores a ticket from a machine's page, after the per-source limit and the spam judge, in one
 * transaction (the source's advisory lock keeps two posts at once from both passing the limit). */
export async function storeTicket(
  db: Db,
  input: NewTicket,
  { limit, judge, onStored, randomIndex = (n) => randomInt(n) }: StoreTicketOptions,
): Promise<TicketRow | { refused: "limited" } | { refused: "spam"; reason: string }> {
  const now = input.received_at;
  return db.transaction(async (t) => {
    const source = input.source_hash ?? null;
    if (source) await t.execute(sql`select pg_advisory_xact_lock(hashtext(${`service:${source}`}))`);
    if (limit && source) {
      const [recent] = await t
        .select({ value: count() })
        .from(serviceTickets)
        .where(
          and(
            eq(serviceTickets.source_hash, source),
            gt(serviceTickets.received_at, new Date(now.getTime() - limit.windowMs)),
          ),
        );
      if ((recent?.value ?? 0) >= limit.max) return { refused: "limited" as const };
    }
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const [site] = await t
      .select({ value: count() })
      .from(serviceTickets)
      .where(gt(serviceTickets.received_at, hourAgo));
    const [mine] = source
      ? await t
          .select({ value: count() })
          .from(serviceTickets)
          .where(and(eq(serviceTickets.source_hash, source), gt(serviceTickets.received_at, hourAgo)))
      : [{ value: 0 }];
    const reason = judge({ site: site?.value ?? 0, source: mine?.value ?? 0 });
    if (reason) return { refused: "spam" as const, reason };
    for (let attempt = 1; ; attempt += 1) {
      const code = newTicketCode(randomIndex);
      try {
        const row = await t.transaction(async (sp) => {
          const [inserted] = await sp
            .insert(serviceTickets)
            .values({ ...input, code, status: "nouveau" })
            .returning();
          return inserted!;
        });
        if (onStored) await onStored(t, row);
        return row;
      } catch (error) {
        if (
          attempt >= 8 ||
          !String((error as { cause?: unknown }).cause ?? error).includes("service_tickets_code_unique")
        )
          throw error;
      }
    }
  });
}

/** The name of a ticket's photo in 'ticket-photos', or null (no such ticket, no photo). */
export async function getTicketPhotoKey(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ photo: serviceTickets.photo_key })
    .from(serviceTickets)
    .where(eq(serviceTickets.id, id));
  return row?.photo ?? null;
}

/** A ticket of this installation by its reference, for the confirmation page; null when there is none. */
export async function getTicketReference(db: Db, installationId: string, code: string) {
  const [row] = await db
    .select({
      code: serviceTickets.code,
      kind: serviceTickets.kind,
      due_at: serviceTickets.due_at,
      // An email or a phone was left: the person can be answered.
      answerable: sql<boolean>`(${serviceTickets.contact_email} is not null or ${serviceTickets.contact_phone} is not null)`,
    })
    .from(serviceTickets)
    .where(and(eq(serviceTickets.installation_id, installationId), eq(serviceTickets.code, code)))
    .limit(1);
  return row ?? null;
}

/** One vote for a product at a machine, once per person (`voter_hash`: a keyed hash of the source and
 * the product) per day. 'counted' when new, 'already' when that person's vote of the day was there,
 * 'ceiling' when the site got `maxPerHour` votes in the past hour (null: no ceiling). */
export async function storeProductVote(
  db: Db,
  vote: { installation_id: string; product_id: string | null; product_name: string; day: string; voter_hash: string },
  { now, maxPerHour }: { now: Date; maxPerHour: number | null },
): Promise<"counted" | "already" | "ceiling"> {
  return db.transaction(async (t) => {
    if (maxPerHour !== null) {
      const [recent] = await t
        .select({ value: count() })
        .from(productVotes)
        .where(gt(productVotes.created_at, new Date(now.getTime() - 3_600_000)));
      if ((recent?.value ?? 0) >= maxPerHour) return "ceiling" as const;
    }
    const inserted = await t
      .insert(productVotes)
      .values({ ...vote, created_at: now })
      .onConflictDoNothing()
      .returning({ id: productVotes.id });
    return inserted.length > 0 ? ("counted" as const) : ("already" as const);
  });
}

/** An installation's tickets, the newest first, as its page lists them. */
export function listInstallationTickets(db: Db, installationId: string) {
  return db
    .select({
      id: serviceTickets.id,
      code: serviceTickets.code,
      kind: serviceTickets.kind,
      problem: serviceTickets.problem,
      status: serviceTickets.status,
      urgent: serviceTickets.urgent,
      product_name: serviceTickets.product_name,
      received_at: serviceTickets.received_at,
      due_at: serviceTickets.due_at,
      resolved_at: serviceTickets.resolved_at,
    })
    .from(serviceTickets)
    .where(eq(serviceTickets.installation_id, installationId))
    .orderBy(desc(serviceTickets.received_at))
    .limit(200);
}

/** Which tickets the inbox shows: the open ones (new and in progress), the resolved ones, or all. */
export type InboxView = "ouverts" | "resolus" | "tous";

export type InboxFilters = {
  view: InboxView;
  kind: "probleme" | "remboursement" | null;
  /** A ticket reference ('S-…'), or these installations' tickets (a search by client or code). */
  code?: string | null;
  installationIds?: readonly string[] | null;
  /** Only the tickets given to this account ('Mes signalements'), or to no one ('none'). */
  assignee?: { account: string } | "none" | null;
  limit: number;
};

const OPEN = inArray(serviceTickets.status, ["nouveau", "en-cours"]);

/** A reply went to the person: the promised response is kept, whatever follows. */
// Named in full: a single-table select writes its columns unqualified, which the subquery would read as
// the note's own.
const ANSWERED = sql<boolean>`exists (select 1 from "service_ticket_notes" as "answer" where "answer"."ticket_id" = "service_tickets"."id" and "answer"."kind" = 'reponse')`;

const INBOX_COLUMNS = {
  answered: ANSWERED,
  id: serviceTickets.id,
  code: serviceTickets.code,
  installation_id: serviceTickets.installation_id,
  kind: serviceTickets.kind,
  problem: serviceTickets.problem,
  product_name: serviceTickets.product_name,
  refund_cents: serviceTickets.refund_cents,
  status: serviceTickets.status,
  urgent: serviceTickets.urgent,
  received_at: serviceTickets.received_at,
  due_at: serviceTickets.due_at,
  resolved_at: serviceTickets.resolved_at,
  assigned_to: serviceTickets.assigned_to,
  // What the card says was left: a photo, and how to answer.
  has_photo: sql<boolean>`(${serviceTickets.photo_key} is not null)`,
  has_email: sql<boolean>`(${serviceTickets.contact_email} is not null)`,
  has_phone: sql<boolean>`(${serviceTickets.contact_phone} is not null)`,
};

/** The staff's inbox: open tickets urgent first, then the one due soonest; then (all) or only (resolved)
 * the resolved ones, the latest resolved first. At most `limit` rows. */
export async function listInbox(
  db: Db,
  { view, kind, code = null, installationIds = null, assignee = null, limit }: InboxFilters,
) {
  const conditions: SQL[] = [];
  if (kind) conditions.push(eq(serviceTickets.kind, kind));
  if (assignee === "none") conditions.push(isNull(serviceTickets.assigned_to));
  else if (assignee) conditions.push(eq(serviceTickets.assigned_to, assignee.account));
  if (code && installationIds)
    conditions.push(or(eq(serviceTickets.code, code), inArray(serviceTickets.installation_id, [...installationIds]))!);
  else if (code) conditions.push(eq(serviceTickets.code, code));
  else if (installationIds) conditions.push(inArray(serviceTickets.installation_id, [...installationIds]));
  const open =
    view === "resolus"
      ? []
      : await db
          .select(INBOX_COLUMNS)
          .from(serviceTickets)
          .where(and(OPEN, ...conditions))
          .orderBy(desc(serviceTickets.urgent), asc(serviceTickets.due_at))
          .limit(limit);
  if (view === "ouverts" || open.length >= limit) return open;
  // Ordered by the resolved_at index: the latest resolved without sorting every ticket.
  const resolved = await db
    .select(INBOX_COLUMNS)
    .from(serviceTickets)
    .where(and(eq(serviceTickets.status, "resolu"), isNotNull(serviceTickets.resolved_at), ...conditions))
    .orderBy(desc(serviceTickets.resolved_at))
    .limit(limit - open.length);
  return [...open, ...resolved];
}

/** Gives a ticket to a staff account (null: to no one), noted in its follow-up ('Confié à Léa Gagnon',
 * by `account`); the ticket before the change, or null when it is gone. */
export async function setTicketAssignee(
  db: Db,
  id: string,
  assignee: { id: string; name: string } | null,
  account: string,
  now: Date,
) {
  return db.transaction(async (t) => {
    const [before] = await t.select().from(serviceTickets).where(eq(serviceTickets.id, id)).for("update");
    if (!before) return null;
    await t
      .update(serviceTickets)
      .set({ assigned_to: assignee?.id ?? null })
      .where(eq(serviceTickets.id, id));
    const body = assignee ? `Confié à ${assignee.name}` : "Confié à personne";
    await t.insert(serviceTicketNotes).values({ ticket_id: id, kind: "statut", body, account, created_at: now });
    return before;
  });
}

/** The open tickets given to an account that no longer follows them up (turned off) go back to no one. */
export async function unassignOpenTickets(db: Db, accountId: string): Promise<number> {
  const rows = await db
    .update(serviceTickets)
    .set({ assigned_to: null })
    .where(and(eq(serviceTickets.assigned_to, accountId), OPEN))
    .returning({ id: serviceTickets.id });
  return rows.length;
}

/** How many tickets are new, in progress, and late (open past their promised response). */
export async function countOpenTickets(db: Db, now: Date) {
  const [row] = await db
    .select({
      nouveau: sql<number>`count(*) filter (where ${serviceTickets.status} = 'nouveau')::int`,
      enCours: sql<number>`count(*) filter (where ${serviceTickets.status} = 'en-cours')::int`,
      late: sql<number>`count(*) filter (where ${serviceTickets.due_at} < ${now} and not ${ANSWERED})::int`,
    })
    .from(serviceTickets)
    .where(OPEN);
  return { nouveau: row?.nouveau ?? 0, enCours: row?.enCours ?? 0, late: row?.late ?? 0 };
}

/** The problems of these installations received since `since`, for the recurring-fault flag. */
export function recentProblems(db: Db, installationIds: readonly string[], since: Date) {
  if (installationIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      installation_id: serviceTickets.installation_id,
      product_id: serviceTickets.product_id,
      product_name: serviceTickets.product_name,
      slot: serviceTickets.slot,
      received_at: serviceTickets.received_at,
    })
    .from(serviceTickets)
    .where(
      and(
        inArray(serviceTickets.installation_id, [...new Set(installationIds)]),
        eq(serviceTickets.kind, "probleme"),
        gt(serviceTickets.received_at, since),
      ),
    );
}

export type TicketNote = typeof serviceTicketNotes.$inferSelect;

/** One ticket with its notes and replies, oldest first; null when there is none. */
export async function getTicket(db: Db, id: string): Promise<(TicketRow & { notes: TicketNote[] }) | null> {
  const [row] = await db.select().from(serviceTickets).where(eq(serviceTickets.id, id));
  if (!row) return null;
  const notes = await db
    .select()
    .from(serviceTicketNotes)
    .where(eq(serviceTicketNotes.ticket_id, id))
    .orderBy(asc(serviceTicketNotes.created_at), asc(serviceTicketNotes.id));
  return { ...row, notes };
}

/** A note or a reply on a ticket; a new ticket it answers goes to 'En cours'. Null when the ticket is
 * gone. */
export async function addTicketNote(
  t: Db,
  note: { ticket_id: string; kind: "note" | "reponse"; body: string; account: string },
  now: Date,
): Promise<TicketNote | null> {
  const [ticket] = await t
    .select({ id: serviceTickets.id })
    .from(serviceTickets)
    .where(eq(serviceTickets.id, note.ticket_id))
    .for("update");
  if (!ticket) return null;
  const [row] = await t
    .insert(serviceTicketNotes)
    .values({ ...note, created_at: now })
    .returning();
  if (note.kind === "reponse")
    await t
      .update(serviceTickets)
      .set({ status: "en-cours" })
      .where(and(eq(serviceTickets.id, note.ticket_id), eq(serviceTickets.status, "nouveau")));
  return row!;
}

export type TicketMove = { ok: true; ticket: TicketRow } | { ok: false; reason: "missing" | "unchanged" };

/** What a status change adds to the ticket's history: 'Pris en charge', 'Rouvert', 'Résolu : 2,50 $
 * remboursés (Virement Interac au courriel donné)'. */
function statusEntry(from: string, to: "en-cours" | "resolu", refund: { cents: number; method: string } | null) {
  if (to === "en-cours") return from === "resolu" ? "Rouvert" : "Pris en charge";
  if (!refund) return "Résolu";
  return `Résolu : ${formatCents(refund.cents)} remboursés (${refundMethodLabel(refund.method)})`;
}

/** Moves a ticket: 'en-cours' (taken in hand, or reopened), or 'resolu' with who and when, and for a
 * refund the amount given and how; the change goes into its history. Unchanged when it already has
 * that status. */
export async function setTicketStatus(
  db: Db,
  id: string,
  to: "en-cours" | "resolu",
  {
    account,
    now,
    refund = null,
  }: { account: string; now: Date; refund?: { cents: number; method: "interac" | "prochaine-visite" } | null },
): Promise<TicketMove> {
  return db.transaction(async (t) => {
    const [row] = await t.select().from(serviceTickets).where(eq(serviceTickets.id, id)).for("update");
    if (!row) return { ok: false as const, reason: "missing" as const };
    if (row.status === to) return { ok: false as const, reason: "unchanged" as const };
    const changes =
      to === "resolu"
        ? {
            status: to,
            resolved_at: now,
            resolved_by: account,
            refund_logged_cents: refund?.cents ?? null,
            refund_logged_method: refund?.method ?? null,
          }
        : { status: to, resolved_at: null, resolved_by: null, refund_logged_cents: null, refund_logged_method: null };
    const [ticket] = await t.update(serviceTickets).set(changes).where(eq(serviceTickets.id, id)).returning();
    await t.insert(serviceTicketNotes).values({
      ticket_id: id,
      kind: "statut",
      body: statusEntry(row.status, to, refund),
      account,
      created_at: now,
    });
    return { ok: true as const, ticket: ticket! };
  });
}

const REFUNDED = isNotNull(serviceTickets.refund_logged_cents);
const resolvedBetween = ({ from, to }: { from: Date; to: Date }) =>
  and(REFUNDED, gte(serviceTickets.resolved_at, from), lt(serviceTickets.resolved_at, to));

/** The refunds given (resolved with an amount) between two instants, the latest first: at most `limit`
 * (100,000, about 40 years of a busy fleet's refunds, for a file). */
export function listRefundsGiven(db: Db, period: { from: Date; to: Date }, limit = 100_000) {
  return db
    .select({
      id: serviceTickets.id,
      code: serviceTickets.code,
      installation_id: serviceTickets.installation_id,
      cents: serviceTickets.refund_logged_cents,
      method: serviceTickets.refund_logged_method,
      resolved_at: serviceTickets.resolved_at,
      resolved_by: serviceTickets.resolved_by,
    })
    .from(serviceTickets)
    .where(resolvedBetween(period))
    .orderBy(desc(serviceTickets.resolved_at))
    .limit(limit);
}

/** The refunds given in each period that `starts` opens (the last instant ends the last period): their
 * count and total, by the period's index (0 for the first). */
export async function refundTotalsByPeriod(db: Db, starts: readonly Date[]) {
  const bounds = sql.join(
    starts.map((at) => sql`${at.toISOString()}::timestamptz`),
    sql`, `,
  );
  const rows = await db
    .select({
      period: sql<number>`width_bucket(${serviceTickets.resolved_at}, array[${bounds}])::int - 1`,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${serviceTickets.refund_logged_cents})::int`,
    })
    .from(serviceTickets)
    .where(resolvedBetween({ from: starts[0]!, to: starts.at(-1)! }))
    .groupBy(sql`1`);
  return rows;
}

/** The refunds given between two instants per machine, the costliest first. */
export function refundTotalsByMachine(db: Db, period: { from: Date; to: Date }) {
  return db
    .select({
      installation_id: serviceTickets.installation_id,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${serviceTickets.refund_logged_cents})::int`,
    })
    .from(serviceTickets)
    .where(resolvedBetween(period))
    .groupBy(serviceTickets.installation_id)
    .orderBy(sql`3 desc`);
}

/** The refunds given between two instants by how they were given (Interac, at the next visit…). */
export function refundTotalsByMethod(db: Db, period: { from: Date; to: Date }) {
  return db
    .select({
      method: serviceTickets.refund_logged_method,
      count: sql<number>`count(*)::int`,
      cents: sql<number>`sum(${serviceTickets.refund_logged_cents})::int`,
    })
    .from(serviceTickets)
    .where(resolvedBetween(period))
    .groupBy(serviceTickets.refund_logged_method)
    .orderBy(sql`3 desc`);
}

/** Erasing a person (Law 25): the tickets they sent from this address go, with their notes and replies;
 * another ticket that names them keeps its text with the name rewritten. Returns how many went and the
 * names of their photos, for the caller to delete once this transaction commits. */
export async function eraseTicketsOf(
  t: Db,
  email: string,
  needles: readonly string[],
  rewrite: (text: string) => string,
): Promise<{ count: number; photos: string[] }> {
  const gone = await t
    .delete(serviceTickets)
    .where(sql`lower(${serviceTickets.contact_email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: serviceTickets.id, photo: serviceTickets.photo_key });
  if (needles.length > 0) {
    const named = await t
      .select({ id: serviceTickets.id, description: serviceTickets.description })
      .from(serviceTickets)
      .where(holdsAny(sql`${serviceTickets.description}`, needles));
    for (const ticket of named) {
      await t
        .update(serviceTickets)
        .set({ description: rewrite(ticket.description) })
        .where(eq(serviceTickets.id, ticket.id));
    }
  }
  return { count: gone.length, photos: gone.flatMap((g) => (g.photo ? [g.photo] : [])) };
}

/** The retention purge: tickets received before `cutoff` lose the email and phone left for an answer,
 * and their photo (the media sweep deletes the object no ticket names any more). Returns how many were
 * cleared. */
export async function forgetTicketContactsBefore(t: Db, cutoff: Date): Promise<number> {
  const cleared = await t
    .update(serviceTickets)
    .set({ contact_email: null, contact_phone: null, photo_key: null })
    .where(
      and(
        lt(serviceTickets.received_at, cutoff),
        or(
          isNotNull(serviceTickets.contact_email),
          isNotNull(serviceTickets.contact_phone),
          isNotNull(serviceTickets.photo_key),
        ),
      ),
    )
    .returning({ id: serviceTickets.id });
  return cleared.length;
}

/** The products an installation's users asked for, the most wanted first: each name with its votes
 * (all time) and the day of its last vote. */
export function listInstallationVotes(db: Db, installationId: string) {
  return db
    .select({
      product_id: sql<string | null>`max(${productVotes.product_id}::text)`,
      product_name: productVotes.product_name,
      votes: count(),
      last_day: sql<string>`max(${productVotes.day})::text`,
    })
    .from(productVotes)
    .where(eq(productVotes.installation_id, installationId))
    .groupBy(productVotes.product_name)
    .orderBy(desc(count()), productVotes.product_name)
    .limit(50);
}

// ---- The monthly report to the client (app/features/monthly-report) ----

/** An installation's service between two instants ([from, to)), as its monthly report tells it:
 * problems received and resolved, refunds given (a logged amount above zero), and the response time in
 * minutes of each ticket first answered then (its first reply or its resolution, the earlier). */
export async function serviceFiguresBetween(db: Db, installationId: string, { from, to }: { from: Date; to: Date }) {
  const within = (column: SQL) =>
    sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
  const received = within(sql`${serviceTickets.received_at}`);
  const resolved = within(sql`${serviceTickets.resolved_at}`);
  const isProblem = sql`${serviceTickets.kind} = 'probleme'`;
  const refunded = sql`${serviceTickets.refund_logged_cents} > 0 and ${resolved}`;
  const [counts] = await db
    .select({
      problemsReceived: sql<number>`(count(*) filter (where ${isProblem} and ${received}))::int`,
      problemsResolved: sql<number>`(count(*) filter (where ${isProblem} and ${resolved}))::int`,
      refunds: sql<number>`(count(*) filter (where ${refunded}))::int`,
      refundCents: sql<number>`(coalesce(sum(${serviceTickets.refund_logged_cents}) filter (where ${refunded}), 0))::int`,
    })
    .from(serviceTickets)
    .where(eq(serviceTickets.installation_id, installationId));
  return {
    problemsReceived: Number(counts?.problemsReceived ?? 0),
    problemsResolved: Number(counts?.problemsResolved ?? 0),
    refunds: { count: Number(counts?.refunds ?? 0), cents: Number(counts?.refundCents ?? 0) },
    responseMinutes: await responseMinutesBetween(db, { from, to }, installationId),
  };
}

/** The response time in minutes of each ticket first answered between two instants ([from, to)): its
 * first reply or its resolution, the earlier; at one installation, or at all. */
export async function responseMinutesBetween(
  db: Db,
  { from, to }: { from: Date; to: Date },
  installationId: string | null = null,
): Promise<number[]> {
  // Named in full, as ANSWERED is: the select would write the columns unqualified.
  const firstReply = sql`(select min("reply"."created_at") from "service_ticket_notes" as "reply" where "reply"."ticket_id" = "service_tickets"."id" and "reply"."kind" = 'reponse')`;
  const answeredAt = sql`least(${serviceTickets.resolved_at}, ${firstReply})`;
  const responses = await db
    .select({ minutes: sql<number>`extract(epoch from (${answeredAt} - ${serviceTickets.received_at}))::float8 / 60` })
    .from(serviceTickets)
    .where(
      and(
        installationId ? eq(serviceTickets.installation_id, installationId) : undefined,
        // Only tickets received before the period's end can be answered in it.
        lt(serviceTickets.received_at, to),
        sql`${answeredAt} >= ${from.toISOString()}::timestamptz and ${answeredAt} < ${to.toISOString()}::timestamptz`,
      ),
    );
  return responses.map((r) => Math.max(0, Number(r.minutes)));
}

/** Per machine between two instants ([from, to)): the tickets received and the refunds given. */
export function serviceTotalsByMachine(db: Db, { from, to }: { from: Date; to: Date }) {
  const received = and(gte(serviceTickets.received_at, from), lt(serviceTickets.received_at, to))!;
  const refunded = and(REFUNDED, gte(serviceTickets.resolved_at, from), lt(serviceTickets.resolved_at, to))!;
  return db
    .select({
      installation_id: serviceTickets.installation_id,
      tickets: sql<number>`(count(*) filter (where ${received}))::int`,
      refundCents: sql<number>`(coalesce(sum(${serviceTickets.refund_logged_cents}) filter (where ${refunded}), 0))::int`,
    })
    .from(serviceTickets)
    .where(or(received, refunded))
    .groupBy(serviceTickets.installation_id);
}

/** The products most asked for at an installation on the local days [fromDay, toDay) ('2026-11-01',
 * '2026-12-01'), with their votes, the most wanted first. */
export function mostWantedBetween(
  db: Db,
  installationId: string,
  { fromDay, toDay }: { fromDay: string; toDay: string },
  limit = 5,
) {
  return db
    .select({ product_name: productVotes.product_name, votes: count() })
    .from(productVotes)
    .where(
      and(
        eq(productVotes.installation_id, installationId),
        gte(productVotes.day, fromDay),
        lt(productVotes.day, toDay),
      ),
    )
    .groupBy(productVotes.product_name)
    .orderBy(desc(count()), productVotes.product_name)
    .limit(limit);
}

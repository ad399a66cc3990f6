// The proposals: this module alone reads and writes proposals, proposal_items, erased_proposal_links and
// machine_layout_templates. The proposal screens and actions, the erasure and the journal call it.
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, inArray, isNull, lt, notExists, or, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import {
  erasedProposalLinks,
  machineLayoutTemplates,
  proposalItems,
  proposals,
  type ChangeRequestEntry,
  type Proposal,
} from "../../../server/db/schema";

// ---- A proposal's end ----
// Erased with the person it names, or at the end of its retention period. Every version goes with its
// items; the link's token is kept as a hash only, so the link answers 410.

/** How a proposal's token is kept once the proposal is erased. */
export const proposalTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether this token was a proposal's that has been erased (its link then answers 410). */
export async function isErasedProposalLink(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: erasedProposalLinks.token_hash })
    .from(erasedProposalLinks)
    .where(eq(erasedProposalLinks.token_hash, proposalTokenHash(token)));
  return Boolean(row);
}

type ProposalPerson = { id: string; token: string; client_name: string; client_email: string };

/** The proposals given with every version before and after them (a revision points to the one it
 * replaces). */
async function withEveryVersion(t: Db, seed: ProposalPerson[]): Promise<ProposalPerson[]> {
  const found = new Map(seed.map((p) => [p.id, p]));
  let frontier = [...found.keys()];
  while (frontier.length > 0) {
    const rows = await t
      .select({
        id: proposals.id,
        token: proposals.token,
        client_name: proposals.client_name,
        client_email: proposals.client_email,
        previous_id: proposals.previous_id,
      })
      .from(proposals)
      .where(
        or(
          inArray(proposals.id, frontier),
          inArray(proposals.previous_id, frontier),
          inArray(
            proposals.id,
            t.select({ id: proposals.previous_id }).from(proposals).where(inArray(proposals.id, frontier)),
          ),
        ),
      );
    frontier = rows.filter((row) => !found.has(row.id)).map((row) => row.id);
    for (const { previous_id: _previous, ...row } of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

/** A person's proposals, every version: those answering one of their requests, or (by address) sent
 * to that address. */
export async function proposalsOfPerson(
  t: Db,
  { requestIds, email }: { requestIds: readonly string[]; email: string | null },
): Promise<ProposalPerson[]> {
  const linked = or(
    requestIds.length > 0 ? inArray(proposals.contact_request_id, [...requestIds]) : sql`false`,
    email ? sql`lower(${proposals.client_email}) = lower(${email.trim()})` : sql`false`,
  );
  const seed = await t
    .select({
      id: proposals.id,
      token: proposals.token,
      client_name: proposals.client_name,
      client_email: proposals.client_email,
    })
    .from(proposals)
    .where(linked);
  return withEveryVersion(t, seed);
}

/** Deletes proposals (their items cascade) and keeps their tokens' hashes; returns how many went. */
export async function deleteProposals(t: Db, rows: readonly { id: string; token: string }[], now: Date) {
  if (rows.length === 0) return 0;
  await t
    .insert(erasedProposalLinks)
    .values(rows.map((row) => ({ token_hash: proposalTokenHash(row.token), erased_at: now })))
    .onConflictDoNothing();
  const deleted = await t
    .delete(proposals)
    .where(
      inArray(
        proposals.id,
        rows.map((row) => row.id),
      ),
    )
    .returning({ id: proposals.id });
  return deleted.length;
}

/** A proposal's last change: sent, viewed, accepted or changes asked for. NULLs are ignored. */
const proposalLastChange = sql<Date>`greatest(${proposals.created_at}, ${proposals.viewed_at}, ${proposals.accepted_at}, ${proposals.change_requested_at})`;

/** Deletes the proposals (each version on its own) whose last change is before `cutoff`, keeping their
 * tokens' hashes; returns how many went. */
export async function deleteProposalsUnchangedSince(t: Db, cutoff: Date, now = new Date()): Promise<number> {
  const due = await t
    .select({ id: proposals.id, token: proposals.token })
    .from(proposals)
    .where(and(lt(proposals.created_at, cutoff), sql`${proposalLastChange} < ${cutoff.toISOString()}::timestamptz`));
  return deleteProposals(t, due, now);
}

// ---- Reading proposals ----

export async function getProposal(db: Db, id: string): Promise<Proposal | null> {
  const [p] = await db.select().from(proposals).where(eq(proposals.id, id));
  return p ?? null;
}

export async function getProposalByToken(db: Db, token: string): Promise<Proposal | null> {
  const [p] = await db.select().from(proposals).where(eq(proposals.token, token));
  return p ?? null;
}

/** A proposal of this machine (the one 'Réviser' starts from); null when there is none. */
export async function getMachineProposal(db: Db, id: string, machineId: string): Promise<Proposal | null> {
  const [p] = await db
    .select()
    .from(proposals)
    .where(and(eq(proposals.id, id), eq(proposals.machine_id, machineId)));
  return p ?? null;
}

/** The newest version that replaces `id`, following the chain. */
export async function newestAfter(db: Db, id: string): Promise<string | null> {
  let current = id;
  let token: string | null = null;
  for (let hops = 0; hops < 100; hops++) {
    const [next] = await db
      .select({ id: proposals.id, token: proposals.token })
      .from(proposals)
      .where(eq(proposals.previous_id, current))
      .orderBy(desc(proposals.version))
      .limit(1);
    if (!next) break;
    current = next.id;
    token = next.token;
  }
  return token;
}

/** A proposal's items as the client reads them, section by section and slot by slot. */
export function listProposalItems(db: Db, proposalId: string) {
  return db
    .select({
      section: proposalItems.section,
      slot: proposalItems.slot,
      name: proposalItems.product_name,
      price: proposalItems.product_price,
      image: proposalItems.product_image,
    })
    .from(proposalItems)
    .where(eq(proposalItems.proposal_id, proposalId))
    .orderBy(asc(proposalItems.section), asc(proposalItems.slot));
}

/** Where a proposal placed each product (a deleted product's items keep a null product_id). */
export function listPlacedProducts(db: Db, proposalId: string) {
  return db
    .select({ section: proposalItems.section, slot: proposalItems.slot, product_id: proposalItems.product_id })
    .from(proposalItems)
    .where(eq(proposalItems.proposal_id, proposalId));
}

/** A proposal's filled slots as stored (the product's id, name, price and picture when it was sent), for
 * the installation planned from it. */
export function listProposalSlots(db: Db, proposalId: string) {
  return db
    .select({
      section: proposalItems.section,
      slot: proposalItems.slot,
      product_id: proposalItems.product_id,
      product_name: proposalItems.product_name,
      product_price: proposalItems.product_price,
      product_image: proposalItems.product_image,
    })
    .from(proposalItems)
    .where(eq(proposalItems.proposal_id, proposalId))
    .orderBy(asc(proposalItems.section), asc(proposalItems.slot));
}

/** The staff's list: the 500 newest proposals. */
export function listProposalSummaries(db: Db) {
  return db
    .select({
      id: proposals.id,
      token: proposals.token,
      version: proposals.version,
      previous_id: proposals.previous_id,
      client_name: proposals.client_name,
      client_email: proposals.client_email,
      machine_name: proposals.machine_name,
      machine_id: proposals.machine_id,
      created_at: proposals.created_at,
      account: proposals.account,
      status: proposals.status,
      accepted_at: proposals.accepted_at,
      change_requests: proposals.change_requests,
    })
    .from(proposals)
    .orderBy(desc(proposals.created_at))
    .limit(500);
}

/** The version number of a proposal; null when it is gone. */
export async function getProposalVersion(db: Db, id: string): Promise<number | null> {
  const [previous] = await db.select({ version: proposals.version }).from(proposals).where(eq(proposals.id, id));
  return previous?.version ?? null;
}

/** A proposal's machine and client, for the activity log's line; null when it is gone. */
export async function getProposalMachineAndClient(
  db: Db,
  id: string,
): Promise<{ machine: string; client: string } | null> {
  const [row] = await db
    .select({ machine: proposals.machine_name, client: proposals.client_name })
    .from(proposals)
    .where(eq(proposals.id, id));
  return row ?? null;
}

// ---- Writing proposals ----

/** Stores a proposal with its items (a snapshot of each placed product); returns its id. */
export async function insertProposalWithItems(
  t: Db,
  proposal: typeof proposals.$inferInsert,
  items: Omit<typeof proposalItems.$inferInsert, "proposal_id">[],
): Promise<string> {
  const [row] = await t.insert(proposals).values(proposal).returning({ id: proposals.id });
  await t.insert(proposalItems).values(items.map((item) => ({ proposal_id: row!.id, ...item })));
  return row!.id;
}

/** A first view by the client (told by the page's own script, never by a plain GET): 'Envoyée' becomes
 * 'Vue' (once; later states stay). True when this was the first. */
export async function markViewed(db: Db, token: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .update(proposals)
    .set({ status: "vue", viewed_at: now })
    .where(and(eq(proposals.token, token), eq(proposals.status, "envoyee")))
    .returning({ id: proposals.id });
  return rows.length > 0;
}

/** No newer version of this proposal exists. */
const latestVersion = (db: Db) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(sql`proposals newer`)
      .where(sql`newer.previous_id = ${proposals.id}`),
  );

/** Records the acceptance once, by a conditional update: null when the proposal is already accepted,
 * sent before `validSince`, or replaced by a newer version. */
export async function markAccepted(t: Db, token: string, validSince: Date, now: Date): Promise<Proposal | null> {
  const [row] = await t
    .update(proposals)
    .set({ status: "acceptee", accepted_at: now, viewed_at: sql`coalesce(${proposals.viewed_at}, ${now})` })
    .where(
      and(
        eq(proposals.token, token),
        isNull(proposals.accepted_at),
        gt(proposals.created_at, validSince),
        latestVersion(t),
      ),
    )
    .returning();
  return row ?? null;
}

/** When the proposal of this token was accepted (null: not accepted, or no such proposal). */
export async function getAcceptedAt(db: Db, token: string): Promise<Date | null> {
  const [p] = await db.select({ accepted_at: proposals.accepted_at }).from(proposals).where(eq(proposals.token, token));
  return p?.accepted_at ?? null;
}

/** Keeps a change request with every earlier one, under the same conditions as an acceptance and
 * while the proposal holds fewer than `max`; null when refused. */
export async function appendChangeRequest(
  t: Db,
  token: string,
  entry: ChangeRequestEntry,
  { validSince, max, now }: { validSince: Date; max: number; now: Date },
): Promise<Proposal | null> {
  const [row] = await t
    .update(proposals)
    .set({
      status: "modifications-demandees",
      change_request: entry.text,
      change_requested_at: now,
      change_requests: sql`${proposals.change_requests} || ${JSON.stringify([entry])}::jsonb`,
      viewed_at: sql`coalesce(${proposals.viewed_at}, ${now})`,
    })
    .where(
      and(
        eq(proposals.token, token),
        isNull(proposals.accepted_at),
        gt(proposals.created_at, validSince),
        latestVersion(t),
        sql`jsonb_array_length(${proposals.change_requests}) < ${max}`,
      ),
    )
    .returning();
  return row ?? null;
}

/** How many change requests the proposal of this token holds (0 when there is none). */
export async function countChangeRequests(db: Db, token: string): Promise<number> {
  const [p] = await db
    .select({ count: sql<number>`jsonb_array_length(${proposals.change_requests})` })
    .from(proposals)
    .where(eq(proposals.token, token));
  return Number(p?.count ?? 0);
}

/** The staff's email about a proposal's changes goes at `sendAt`: the next one waits an hour after. */
export async function setChangesNotified(t: Db, id: string, sendAt: Date, emailId: string): Promise<void> {
  await t.update(proposals).set({ changes_notified_at: sendAt, changes_email_id: emailId }).where(eq(proposals.id, id));
}

// ---- A machine's template ----

export async function getLayoutTemplate(db: Db, machineId: string) {
  const [t] = await db.select().from(machineLayoutTemplates).where(eq(machineLayoutTemplates.machine_id, machineId));
  return t ?? null;
}

/** When a machine's template changed and the products it places; null when it has none. */
export async function getLayoutTemplateSummary(db: Db, machineId: string) {
  const [t] = await db
    .select({ updated_at: machineLayoutTemplates.updated_at, products: machineLayoutTemplates.products })
    .from(machineLayoutTemplates)
    .where(eq(machineLayoutTemplates.machine_id, machineId));
  return t ?? null;
}

/** Creates or replaces a machine's template. */
export async function saveLayoutTemplate(db: Db, values: typeof machineLayoutTemplates.$inferInsert): Promise<void> {
  await db
    .insert(machineLayoutTemplates)
    .values(values)
    .onConflictDoUpdate({ target: machineLayoutTemplates.machine_id, set: values });
}

/** The machine editor's 'Supprimer le modèle': true when there was one. */
export async function deleteLayoutTemplate(db: Db, machineId: string): Promise<boolean> {
  const rows = await db
    .delete(machineLayoutTemplates)
    .where(eq(machineLayoutTemplates.machine_id, machineId))
    .returning({ id: machineLayoutTemplates.id });
  return rows.length > 0;
}

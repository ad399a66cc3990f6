// The installations: this module alone reads and writes installations, installation_events and
// installation_swaps. An installation is created by hand or planned from an accepted proposal (its
// layout and products copied in the same transaction); each change of status or layout is kept in its
// history with its date and who made it.
import { and, asc, desc, eq, gte, inArray, isNull, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Db } from "../../../server/db/client";
import { holdsAny } from "../../../server/db/text-match";
import { installationEvents, installations, installationSwaps, type GridSection } from "../../../server/db/schema";
import { normalizeForSearch } from "~/rules/text";
import { listProductCardsWithPrice } from "../catalogue/products.server";
import { getProposal, listProposalSlots } from "../proposals/store.server";
import { canMoveInstallation, newMachineCode, type InstallationStatus } from "./model";
import { slotExists, swapChange, swapDoneSummary } from "./swaps";

type InstallationRow = typeof installations.$inferSelect;
export type InstallationSlot = InstallationRow["slots"][number];
export type InstallationEvent = typeof installationEvents.$inferSelect;

/** What a new installation holds; its code, status and dates are the store's. */
export type NewInstallation = {
  proposal_id?: string | null;
  client_name: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  machine_id: string | null;
  machine_name: string;
  machine_image?: string;
  sections?: GridSection[];
  slots?: InstallationSlot[];
  planned_for: Date | null;
};

/** Tries before giving up on finding a free code (29⁴ codes: a clash is already rare). */
const CODE_TRIES = 8;

/** Whether an error is PostgreSQL's unique violation on `constraint` (drizzle wraps the driver's error). */
function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let e = error as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown } | undefined; e;) {
    if (e.code === "23505") return e.constraint === constraint || String(e.message).includes(constraint);
    e = e.cause as typeof e;
  }
  return false;
}

/** Stores a new installation with a fresh public code and its first line of history, in the caller's
 * transaction (`t`). A code already taken is drawn again (each try in a savepoint, so that the clash
 * leaves the transaction usable). `randomIndex` draws the code's characters (a test may fix them). */
export async function insertInstallation(
  t: Db,
  input: NewInstallation,
  account: string,
  now = new Date(),
  randomIndex: (n: number) => number = (n) => randomInt(n),
): Promise<InstallationRow> {
  for (let attempt = 1; ; attempt += 1) {
    const code = newMachineCode(randomIndex);
    try {
      const row = await t.transaction(async (sp) => {
        const [inserted] = await sp
          .insert(installations)
          .values({ ...input, code, status: "a-installer", created_at: now, updated_at: now })
          .returning();
        return inserted!;
      });
      await t.insert(installationEvents).values({
        installation_id: row.id,
        kind: "creation",
        to_status: "a-installer",
        summary: input.proposal_id ? "Planifiée à partir de la proposition acceptée" : "Créée à la main",
        account,
        at: now,
      });
      return row;
    } catch (error) {
      if (attempt >= CODE_TRIES || !isUniqueViolation(error, "installations_code_unique")) throw error;
    }
  }
}

/** What the staff set when planning from a proposal: the visit, where, and whom to call there. */
export type PlanFromProposal = {
  client_name: string;
  address: string;
  contact_name: string;
  contact_phone: string;
  contact_email: string;
  planned_for: Date;
};

/** Plans the installation of an accepted proposal, in the caller's transaction: the client, the machine
 * (its name and picture as the proposal kept them), its sections and the products of each slot are
 * copied from the proposal. Null when the proposal is gone or not accepted. */
export async function insertInstallationFromProposal(
  t: Db,
  proposalId: string,
  plan: PlanFromProposal,
  account: string,
  now = new Date(),
): Promise<{ installation: InstallationRow; contactRequestId: string | null } | null> {
  const proposal = await getProposal(t, proposalId);
  if (!proposal || proposal.status !== "acceptee") return null;
  const slots = await listProposalSlots(t, proposalId);
  const installation = await insertInstallation(
    t,
    {
      ...plan,
      proposal_id: proposal.id,
      machine_id: proposal.machine_id,
      machine_name: proposal.machine_name,
      machine_image: proposal.machine_image,
      sections: proposal.sections,
      slots,
    },
    account,
    now,
  );
  return { installation, contactRequestId: proposal.contact_request_id };
}

export type InstallationFilters = { q?: string; status?: InstallationStatus | null };

// Lower case without accents, in SQL as normalizeForSearch writes the query: 'cote' finds 'Côté'.
const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyyoa";
const folded = (column: AnyColumn) => sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN})`;

/** The staff's list ('Parc installé'): planned ones first by their date, then the newest; filtered by
 * status and by a text found in the client's name, the code, the address or the contact's name. */
export function listInstallations(db: Db, { q = "", status = null }: InstallationFilters = {}) {
  const conditions: SQL[] = [];
  if (status) conditions.push(eq(installations.status, status));
  const needle = normalizeForSearch(q);
  if (needle) {
    const pattern = `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: AnyColumn) => sql`${folded(column)} like ${pattern}`;
    conditions.push(
      or(
        like(installations.client_name),
        like(installations.code),
        like(installations.address),
        like(installations.contact_name),
      )!,
    );
  }
  return db
    .select({
      id: installations.id,
      code: installations.code,
      client_name: installations.client_name,
      address: installations.address,
      machine_name: installations.machine_name,
      status: installations.status,
      planned_for: installations.planned_for,
      created_at: installations.created_at,
    })
    .from(installations)
    .where(and(...conditions))
    .orderBy(
      sql`case ${installations.status} when 'a-installer' then 0 when 'installee' then 1 else 2 end`,
      sql`case when ${installations.status} = 'a-installer' then ${installations.planned_for} end asc nulls last`,
      desc(installations.created_at),
    )
    .limit(500);
}

/** One installation with its history, oldest first; null when there is none with that id. */
export async function getInstallation(
  db: Db,
  id: string,
): Promise<(InstallationRow & { events: InstallationEvent[] }) | null> {
  const [row] = await db.select().from(installations).where(eq(installations.id, id));
  if (!row) return null;
  const events = await db
    .select()
    .from(installationEvents)
    .where(eq(installationEvents.installation_id, id))
    .orderBy(asc(installationEvents.at), asc(installationEvents.id));
  return { ...row, events };
}

/** The installation planned from a proposal, if any (the newest). */
export async function installationOfProposal(db: Db, proposalId: string): Promise<{ id: string; code: string } | null> {
  const [row] = await db
    .select({ id: installations.id, code: installations.code })
    .from(installations)
    .where(eq(installations.proposal_id, proposalId))
    .orderBy(desc(installations.created_at))
    .limit(1);
  return row ?? null;
}

/** The installations planned from these proposals, by proposal id. */
export async function installationsOfProposals(db: Db, proposalIds: readonly string[]) {
  if (proposalIds.length === 0) return new Map<string, string>();
  const rows = await db
    .select({ proposal_id: installations.proposal_id, id: installations.id })
    .from(installations)
    .where(inArray(installations.proposal_id, [...proposalIds]))
    .orderBy(asc(installations.created_at));
  return new Map(rows.map((r) => [r.proposal_id!, r.id]));
}

const NAME_COLUMNS = {
  id: installations.id,
  code: installations.code,
  client_name: installations.client_name,
  machine_name: installations.machine_name,
  address: installations.address,
};

/** What names these installations to the staff (code, client, machine, address), by id. */
export async function installationNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, InstallationName>();
  const rows = await db
    .select(NAME_COLUMNS)
    .from(installations)
    .where(inArray(installations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
/** The installations of these public codes, named as installationNames names them, by code. */
export async function installationNamesByCode(db: Db, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, InstallationName>();
  const rows = await db
    .select(NAME_COLUMNS)
    .from(installations)
    .where(inArray(installations.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, r]));
}
export type InstallationName = { id: string; code: string; client_name: string; machine_name: string; address: string };

export type MoveResult =
  | { ok: true; from: InstallationStatus; to: InstallationStatus; code: string; client_name: string }
  | { ok: false; reason: "missing" | "not-allowed" | "unchanged" };

/** Moves an installation to another status when its rules allow it (model.ts), and keeps the change in
 * its history with its date. The row is locked meanwhile: two staff pressing at once make one change. */
export async function moveInstallation(
  db: Db,
  id: string,
  to: InstallationStatus,
  account: string,
  now = new Date(),
): Promise<MoveResult> {
  return db.transaction(async (t) => {
    const [row] = await t
      .select({ status: installations.status, code: installations.code, client_name: installations.client_name })
      .from(installations)
      .where(eq(installations.id, id))
      .for("update");
    if (!row) return { ok: false, reason: "missing" } as const;
    if (row.status === to) return { ok: false, reason: "unchanged" } as const;
    if (!canMoveInstallation(row.status, to)) return { ok: false, reason: "not-allowed" } as const;
    await t.update(installations).set({ status: to, updated_at: now }).where(eq(installations.id, id));
    await t
      .insert(installationEvents)
      .values({ installation_id: id, kind: "statut", from_status: row.status, to_status: to, account, at: now });
    return { ok: true, from: row.status, to, code: row.code, client_name: row.client_name } as const;
  });
}

/** Moves an installation's planned visit (still to install) and keeps the change in its history, in the
 * caller's transaction; null when it no longer exists or is no longer to install. */
export async function replanInstallation(
  t: Db,
  id: string,
  plannedFor: Date,
  { account, summary, now = new Date() }: { account: string; summary: string; now?: Date },
): Promise<{ row: InstallationRow; changes: number } | null> {
  const [row] = await t
    .update(installations)
    .set({ planned_for: plannedFor, updated_at: now })
    .where(and(eq(installations.id, id), eq(installations.status, "a-installer")))
    .returning();
  if (!row) return null;
  await t.insert(installationEvents).values({ installation_id: id, kind: "date", summary, account, at: now });
  const [counted] = await t
    .select({ n: sql<number>`count(*)::int` })
    .from(installationEvents)
    .where(and(eq(installationEvents.installation_id, id), eq(installationEvents.kind, "date")));
  return { row, changes: counted?.n ?? 1 };
}

/** Replaces an installation's layout (sections and slot products) and keeps the change in its history;
 * null when it no longer exists, else its code and client. */
export async function updateInstallationLayout(
  db: Db,
  id: string,
  layout: { sections: GridSection[]; slots: InstallationSlot[] },
  account: string,
  summary: string,
  now = new Date(),
): Promise<{ code: string; client_name: string } | null> {
  return db.transaction(async (t) => {
    const [updated] = await t
      .update(installations)
      .set({ sections: layout.sections, slots: layout.slots, updated_at: now })
      .where(eq(installations.id, id))
      .returning({ code: installations.code, client_name: installations.client_name });
    if (!updated) return null;
    await t.insert(installationEvents).values({ installation_id: id, kind: "disposition", summary, account, at: now });
    return updated;
  });
}

export type InstallationSwap = typeof installationSwaps.$inferSelect;

/** The swaps planned at an installation and not done yet, the oldest planned first. */
export function listPlannedSwaps(db: Db, installationId: string): Promise<InstallationSwap[]> {
  return db
    .select()
    .from(installationSwaps)
    .where(and(eq(installationSwaps.installation_id, installationId), isNull(installationSwaps.done_at)))
    .orderBy(asc(installationSwaps.planned_at), asc(installationSwaps.id));
}

type SwapRefusal = "missing" | "retired" | "bad-slot" | "product-gone";
type InstallationNamed = { code: string; client_name: string };

export type PlanSwapResult =
  | ({ ok: true; swap: InstallationSwap } & InstallationNamed)
  | { ok: false; reason: SwapRefusal | "slot-planned" | "same-product" };

/** Plans a swap for the next visit: the catalogue product (as it is now) to put in a slot of the
 * installation's layout, and the product it will replace. Refused for a retired machine, a slot
 * outside its sections, a slot that already has a swap planned, or the product already there. */
export async function planSwap(
  db: Db,
  installationId: string,
  target: { section: number; slot: number; productId: string },
  account: string,
  now = new Date(),
): Promise<PlanSwapResult> {
  return db.transaction(async (t) => {
    // Locked: two swaps planned at once for one slot cannot both pass the check below.
    const [row] = await t.select().from(installations).where(eq(installations.id, installationId)).for("update");
    if (!row) return { ok: false, reason: "missing" } as const;
    if (row.status === "retiree") return { ok: false, reason: "retired" } as const;
    if (!slotExists(row.sections, target.section, target.slot)) return { ok: false, reason: "bad-slot" } as const;
    const [planned] = await t
      .select({ id: installationSwaps.id })
      .from(installationSwaps)
      .where(
        and(
          eq(installationSwaps.installation_id, installationId),
          eq(installationSwaps.section, target.section),
          eq(installationSwaps.slot, target.slot),
          isNull(installationSwaps.done_at),
        ),
      );
    if (planned) return { ok: false, reason: "slot-planned" } as const;
    const [product] = await listProductCardsWithPrice(t, [target.productId]);
    if (!product) return { ok: false, reason: "product-gone" } as const;
    const current = row.slots.find((s) => s.section === target.section && s.slot === target.slot);
    if (current?.product_id === product.id) return { ok: false, reason: "same-product" } as const;
    const [swap] = await t
      .insert(installationSwaps)
      .values({
        installation_id: installationId,
        section: target.section,
        slot: target.slot,
        product_id: product.id,
        product_name: product.nom,
        product_price: product.prix,
        product_image: product.image,
        replaced_name: current?.product_name ?? null,
        account,
        planned_at: now,
      })
      .returning();
    return { ok: true, swap: swap!, code: row.code, client_name: row.client_name } as const;
  });
}

export type SwapDoneResult =
  ({ ok: true; summary: string } & InstallationNamed) | { ok: false; reason: SwapRefusal | "done" | "gone" };

/** Marks a planned swap done, in one transaction: the slot of the installation's layout gets the
 * product as the catalogue has it now (name, price, picture), the swap keeps what it replaced and when,
 * and the history says so. Refused, with nothing changed, when the swap is already done or was
 * cancelled, its product left the catalogue, or its slot left the layout. */
export async function markSwapDone(
  db: Db,
  installationId: string,
  swapId: string,
  account: string,
  now = new Date(),
): Promise<SwapDoneResult> {
  return db.transaction(async (t) => {
    const [row] = await t.select().from(installations).where(eq(installations.id, installationId)).for("update");
    if (!row) return { ok: false, reason: "missing" } as const;
    const [swap] = await t
      .select()
      .from(installationSwaps)
      .where(and(eq(installationSwaps.id, swapId), eq(installationSwaps.installation_id, installationId)))
      .for("update");
    if (!swap) return { ok: false, reason: "gone" } as const;
    if (swap.done_at) return { ok: false, reason: "done" } as const;
    if (row.status === "retiree") return { ok: false, reason: "retired" } as const;
    if (!slotExists(row.sections, swap.section, swap.slot)) return { ok: false, reason: "bad-slot" } as const;
    const [product] = swap.product_id ? await listProductCardsWithPrice(t, [swap.product_id]) : [];
    if (!product) return { ok: false, reason: "product-gone" } as const;
    const current = row.slots.find((s) => s.section === swap.section && s.slot === swap.slot);
    const placed: InstallationSlot = {
      section: swap.section,
      slot: swap.slot,
      product_id: product.id,
      product_name: product.nom,
      product_price: product.prix,
      product_image: product.image,
    };
    const slots = [...row.slots.filter((s) => s !== current), placed].sort(
      (a, b) => a.section - b.section || a.slot - b.slot,
    );
    const done = { ...swap, replaced_name: current?.product_name ?? null, product_name: product.nom };
    const summary = swapDoneSummary(done);
    await t.update(installations).set({ slots, updated_at: now }).where(eq(installations.id, installationId));
    await t
      .update(installationSwaps)
      .set({
        done_at: now,
        replaced_name: done.replaced_name,
        product_name: product.nom,
        product_price: product.prix,
        product_image: product.image,
      })
      .where(eq(installationSwaps.id, swapId));
    await t
      .insert(installationEvents)
      .values({ installation_id: installationId, kind: "echange", summary, account, at: now });
    return { ok: true, summary, code: row.code, client_name: row.client_name } as const;
  });
}

export type CancelSwapResult =
  ({ ok: true; change: string } & InstallationNamed) | { ok: false; reason: "done" | "gone" };

/** Cancels a swap not done yet: it is deleted (a swap done stays, it is the layout's history). */
export async function cancelSwap(db: Db, installationId: string, swapId: string): Promise<CancelSwapResult> {
  return db.transaction(async (t) => {
    const mine = and(eq(installationSwaps.id, swapId), eq(installationSwaps.installation_id, installationId));
    const [deleted] = await t
      .delete(installationSwaps)
      .where(and(mine, isNull(installationSwaps.done_at)))
      .returning();
    if (!deleted) {
      const [done] = await t.select({ id: installationSwaps.id }).from(installationSwaps).where(mine);
      return { ok: false, reason: done ? "done" : "gone" } as const;
    }
    const [row] = await t
      .select({ code: installations.code, client_name: installations.client_name })
      .from(installations)
      .where(eq(installations.id, installationId));
    return { ok: true, change: swapChange(deleted), code: row!.code, client_name: row!.client_name } as const;
  });
}

/** The products swaps put in an installation since `since`, the newest first, with their slot: what its
 * public page may call new (the caller keeps those still in their slot). */
export function listSwapsDoneSince(db: Db, installationId: string, since: Date) {
  return db
    .select({
      section: installationSwaps.section,
      slot: installationSwaps.slot,
      product_id: installationSwaps.product_id,
      product_name: installationSwaps.product_name,
      done_at: installationSwaps.done_at,
    })
    .from(installationSwaps)
    .where(and(eq(installationSwaps.installation_id, installationId), gte(installationSwaps.done_at, since)))
    .orderBy(desc(installationSwaps.done_at))
    .limit(50);
}

/** The installed machine whose public code is `code` (as stored), for its public page: what it holds
 * and where; null when no installation has that code or it is not installed now. */
export async function getInstalledMachine(db: Db, code: string) {
  const [row] = await db
    .select({
      id: installations.id,
      code: installations.code,
      client_name: installations.client_name,
      address: installations.address,
      machine_name: installations.machine_name,
      machine_image: installations.machine_image,
      slots: installations.slots,
    })
    .from(installations)
    .where(and(eq(installations.code, code), eq(installations.status, "installee")));
  return row ?? null;
}

/** The status of the installation a code names, installed or not; null when no installation has it. */
export async function installationStatusOfCode(db: Db, code: string): Promise<InstallationStatus | null> {
  const [row] = await db
    .select({ status: installations.status })
    .from(installations)
    .where(eq(installations.code, code));
  return row?.status ?? null;
}

/** Erasing a person (Law 25): an installation that names them keeps its machine, code and history, with
 * their name rewritten and the contact's email and phone cleared. Returns how many changed. */
export async function anonymiseInstallations(
  t: Db,
  needles: readonly string[],
  rewrite: (text: string) => string,
): Promise<number> {
  if (needles.length === 0) return 0;
  const rows = await t
    .select({ id: installations.id, client_name: installations.client_name, contact_name: installations.contact_name })
    .from(installations)
    .where(
      or(
        holdsAny(sql`${installations.client_name}`, needles),
        holdsAny(sql`${installations.contact_name}`, needles),
        holdsAny(sql`${installations.contact_email}`, needles),
      ),
    );
  for (const row of rows) {
    await t
      .update(installations)
      .set({
        client_name: rewrite(row.client_name),
        contact_name: rewrite(row.contact_name),
        contact_email: "",
        contact_phone: "",
      })
      .where(eq(installations.id, row.id));
  }
  const events = await t
    .select({ id: installationEvents.id, summary: installationEvents.summary })
    .from(installationEvents)
    .where(holdsAny(sql`${installationEvents.summary}`, needles));
  for (const event of events) {
    await t
      .update(installationEvents)
      .set({ summary: rewrite(event.summary) })
      .where(eq(installationEvents.id, event.id));
  }
  return rows.length;
}

// ---- The monthly report to the client (app/features/monthly-report) ----

/** The installations whose client gets the monthly report: installed now, installed before `before`
 * (the end of the month reported), with a contact's email, and not opted out. */
export function listReportableInstallations(db: Db, before: Date) {
  return db
    .select({
      id: installations.id,
      code: installations.code,
      client_name: installations.client_name,
      contact_name: installations.contact_name,
      contact_email: installations.contact_email,
      machine_name: installations.machine_name,
    })
    .from(installations)
    .where(
      and(
        eq(installations.status, "installee"),
        eq(installations.report_opt_out, false),
        sql`${installations.contact_email} <> ''`,
        sql`exists (select 1 from ${installationEvents} where ${installationEvents.installation_id} = ${installations.id} and ${installationEvents.to_status} = 'installee' and ${installationEvents.at} < ${before.toISOString()}::timestamptz)`,
      ),
    )
    .orderBy(asc(installations.code));
}

/** What changed in an installation's machine between two instants ([from, to)), oldest first: the
 * swaps done and the layouts changed (a swap's own history line is the swap itself). */
export async function installationChangesBetween(db: Db, id: string, { from, to }: { from: Date; to: Date }) {
  const range = (column: typeof installationSwaps.done_at | typeof installationEvents.at) =>
    sql`${column} >= ${from.toISOString()}::timestamptz and ${column} < ${to.toISOString()}::timestamptz`;
  const swaps = await db
    .select({
      section: installationSwaps.section,
      slot: installationSwaps.slot,
      product_name: installationSwaps.product_name,
      replaced_name: installationSwaps.replaced_name,
      done_at: installationSwaps.done_at,
    })
    .from(installationSwaps)
    .where(and(eq(installationSwaps.installation_id, id), range(installationSwaps.done_at)))
    .orderBy(asc(installationSwaps.done_at));
  const layouts = await db
    .select({ summary: installationEvents.summary, at: installationEvents.at })
    .from(installationEvents)
    .where(
      and(
        eq(installationEvents.installation_id, id),
        eq(installationEvents.kind, "disposition"),
        range(installationEvents.at),
      ),
    )
    .orderBy(asc(installationEvents.at));
  return { swaps: swaps.map((s) => ({ ...s, done_at: s.done_at! })), layouts };
}

/** An installation as its report's opt-out page names it; null when there is none with that id. */
export async function getReportSubscription(db: Db, id: string) {
  const [row] = await db
    .select({
      id: installations.id,
      code: installations.code,
      client_name: installations.client_name,
      machine_name: installations.machine_name,
      report_opt_out: installations.report_opt_out,
    })
    .from(installations)
    .where(eq(installations.id, id));
  return row ?? null;
}

/** The client's contact says no to the monthly report: later months skip this installation. */
export async function optOutOfMonthlyReport(db: Db, id: string): Promise<void> {
  await db
    .update(installations)
    .set({ report_opt_out: true })
    .where(and(eq(installations.id, id), eq(installations.report_opt_out, false)));
}

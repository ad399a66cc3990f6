// The installations: this module alone reads and writes installations, installation_events and
// installation_swaps. An installation is created by hand or planned from an accepted proposal (its
// layout and products copied in the same transaction); each change of status or layout is kept in its
// history with its date and who made it.
import { and, asc, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { randomInt } from "node:crypto";
import type { Db } from "../../../server/db/client";
import { holdsAny } from "../../../server/db/text-match";
import { installationEvents, installations, type GridSection } from "../../../server/db/schema";
import { normalizeForSearch } from "~/rules/text";
import { getProposal, listProposalSlots } from "../proposals/store.server";
import { canMoveInstallation, newMachineCode, type InstallationStatus } from "./model";

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

/** What names these installations to the staff (code, client, machine, address), by id. */
export async function installationNames(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, InstallationName>();
  const rows = await db
    .select({
      id: installations.id,
      code: installations.code,
      client_name: installations.client_name,
      machine_name: installations.machine_name,
      address: installations.address,
    })
    .from(installations)
    .where(inArray(installations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
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

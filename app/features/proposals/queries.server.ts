// What the proposal screens read: a client's proposal by its token, the staff's list, the requests a
// proposal may be linked to, a proposal to revise and a machine's template.
import type { Db } from "../../../server/db/client";
import type { ChangeRequestEntry, Proposal } from "../../../server/db/schema";
import { listProductCards } from "~/features/catalogue/products.server";
import { getContactRequestPerson, listLinkableContactRequests } from "~/features/contact-requests/store.server";
import { formatDate } from "~/lib/dates";
import type { ChosenProduct, CustomiserState } from "~/features/customiser/state";
import { expiresAt, isExpired, proposalState, type ProposalItem, type ProposalState } from "./rules";
import { isUuid } from "~/rules/id";
import { installationsOfProposals } from "~/features/installations/store.server";
import {
  getLayoutTemplate,
  getLayoutTemplateSummary,
  getMachineProposal,
  getProposalByToken,
  listPlacedProducts,
  listProposalItems,
  listProposalSummaries,
  newestAfter,
} from "./store.server";

export type ClientProposal = Proposal & {
  items: ProposalItem[];
  expired: boolean;
  expiresAt: Date;
  /** The token of the newest version when this one was revised. */
  newerToken: string | null;
};

export async function getClientProposal(db: Db, token: string, now = new Date()): Promise<ClientProposal | null> {
  const p = await getProposalByToken(db, token);
  if (!p) return null;
  const [items, newerToken] = await Promise.all([listProposalItems(db, p.id), newestAfter(db, p.id)]);
  return { ...p, items, expired: isExpired(p.created_at, now), expiresAt: expiresAt(p.created_at), newerToken };
}

export type ProposalRow = {
  id: string;
  token: string;
  version: number;
  client_name: string;
  client_email: string;
  machine_name: string;
  machine_id: string | null;
  created_at: Date;
  /** The staff member who sent it, or empty. */
  account: string;
  /** When the client accepted it ('2 décembre 2026 à 8 h 05'), or null. */
  acceptedWhen: string | null;
  state: ProposalState;
  replaced: boolean;
  /** Every change the client asked for, oldest first, with when it was asked ('2 décembre 2026 à 8 h 05'). */
  change_requests: (ChangeRequestEntry & { when: string })[];
  /** The installation planned from it, if any. */
  installationId: string | null;
};

/** The staff's list, newest first. */
export async function listProposals(db: Db, now = new Date()): Promise<ProposalRow[]> {
  const rows = await listProposalSummaries(db);
  const replaced = new Set(rows.map((r) => r.previous_id).filter(Boolean));
  const installed = await installationsOfProposals(
    db,
    rows.filter((r) => r.status === "acceptee").map((r) => r.id),
  );
  return rows.map(({ previous_id: _p, status, change_requests, accepted_at, ...r }) => ({
    ...r,
    acceptedWhen: accepted_at && formatDate(accepted_at, "dateTime"),
    change_requests: change_requests.map((c) => ({ ...c, when: formatDate(c.at, "dateTime") })),
    state: proposalState({ status, created_at: r.created_at }, now),
    replaced: replaced.has(r.id),
    installationId: installed.get(r.id) ?? null,
  }));
}

export type RequestChoice = { id: string; label: string };

/** The requests a proposal may be linked to (not those held as spam), newest first, each named by its
 * person, address and when it came. */
export async function listRequestChoices(db: Db): Promise<RequestChoice[]> {
  const rows = await listLinkableContactRequests(db);
  // When it came tells apart two requests of one person.
  return rows.map((r) => ({ id: r.id, label: `${r.nom} — ${r.courriel}, ${formatDate(r.created_at, "dateTime")}` }));
}

export type RequestPrefill = { id: string; nom_complet: string; courriel: string };

export async function getRequestPrefill(db: Db, id: string | null): Promise<RequestPrefill | null> {
  if (!id || !isUuid(id)) return null;
  return getContactRequestPerson(db, id);
}

/** A layout to start from: the sections and the product in each slot. */
export type StartingLayout = CustomiserState;

function toState(sections: Proposal["sections"], chosen: { section: number; slot: number; product: ChosenProduct }[]) {
  const state: CustomiserState = {
    sections: sections.map((s, i) => ({ id: `s${i + 1}`, ...s })),
    selections: {},
    nextId: sections.length + 1,
  };
  for (const c of chosen) state.selections[`s${c.section + 1}:${c.slot}`] = c.product;
  return state;
}

export type Revision = {
  previousId: string;
  client_name: string;
  client_email: string;
  contact_request_id: string | null;
  message: string;
  layout: StartingLayout;
};

/** 'Réviser': a proposal of this machine, as the customiser's starting layout and the form's values.
 * Products deleted since are left out. */
export async function getRevision(db: Db, id: string | null, machineId: string): Promise<Revision | null> {
  if (!id || !isUuid(id)) return null;
  const p = await getMachineProposal(db, id, machineId);
  if (!p) return null;
  const placed = await listPlacedProducts(db, p.id);
  // A deleted product's items keep a null product_id: they are left out.
  const ids = [...new Set(placed.flatMap((i) => (i.product_id ? [i.product_id] : [])))];
  const byId = new Map((await listProductCards(db, ids)).map((c) => [c.id, c]));
  return {
    previousId: p.id,
    client_name: p.client_name,
    client_email: p.client_email,
    contact_request_id: p.contact_request_id,
    message: p.message,
    layout: toState(
      p.sections,
      placed.flatMap((i) => {
        const product = i.product_id ? byId.get(i.product_id) : undefined;
        return product ? [{ section: i.section, slot: i.slot, product }] : [];
      }),
    ),
  };
}

/** A machine's saved template as a starting layout; products deleted since are left out. */
export async function getTemplate(db: Db, machineId: string): Promise<StartingLayout | null> {
  const t = await getLayoutTemplate(db, machineId);
  if (!t) return null;
  const entries = Object.entries(t.products);
  const ids = [...new Set(entries.map(([, id]) => id))];
  const found = await listProductCards(db, ids);
  const byId = new Map(found.map((p) => [p.id, p]));
  const chosen = entries.flatMap(([key, id]) => {
    const [section, slot] = key.split(":").map(Number);
    const product = byId.get(id);
    return product && Number.isInteger(section) && Number.isInteger(slot)
      ? [{ section: section!, slot: slot!, product }]
      : [];
  });
  return toState(t.sections, chosen);
}

export type TemplateStatus = { exists: boolean; updatedAt: string | null; products: number };

export async function templateStatus(db: Db, machineId: string): Promise<TemplateStatus> {
  if (!isUuid(machineId)) return { exists: false, updatedAt: null, products: 0 };
  const t = await getLayoutTemplateSummary(db, machineId);
  return t
    ? { exists: true, updatedAt: t.updated_at.toISOString(), products: Object.keys(t.products).length }
    : { exists: false, updatedAt: null, products: 0 };
}

// What the installations' staff screens read: the list with its search and filter ('Parc installé'),
// the form 'Planifier l'installation' prefilled from an accepted proposal and its request, and one
// installation with its layout, history, tickets, its users' suggestions and the swaps planned.
import type { Db } from "../../../server/db/client";
import { getContactRequestReach } from "~/features/contact-requests/store.server";
import { listMachineCards } from "~/features/machines/store.server";
import { getProposal } from "~/features/proposals/store.server";
import { listInstallationTickets, listInstallationVotes } from "~/features/service/store.server";
import { ticketStatusLabel } from "~/features/service/model";
import { isUuid } from "~/rules/id";
import { canMoveInstallation, installationStatusLabel, type InstallationStatus } from "./model";
import { getInstallation, installationOfProposal, listInstallations, listPlannedSwaps } from "./store.server";
import { swapPlannerData, swapsPageData } from "./swaps-queries.server";
import { momentWhen, visitWhen } from "./when";
import { formatDate } from "~/lib/dates";

const STATUSES: readonly InstallationStatus[] = ["a-installer", "installee", "retiree"];

/** The status filter as the address gives it (?statut=installee); null for every status. */
function statusFilter(value: string | null): InstallationStatus | null {
  return STATUSES.find((s) => s === value) ?? null;
}

export type InstallationListRow = {
  id: string;
  code: string;
  client_name: string;
  address: string;
  machine_name: string;
  status: InstallationStatus;
  statusLabel: string;
  /** 'mercredi 9 décembre 2026 à 9 h 30', or null when no date is set. */
  plannedWhen: string | null;
};

export async function installationsListData(db: Db, url: URL) {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  const status = statusFilter(url.searchParams.get("statut"));
  const rows = await listInstallations(db, { q, status });
  return {
    q,
    status,
    statuses: STATUSES.map((value) => ({ value, label: installationStatusLabel(value) })),
    installations: rows.map((r): InstallationListRow => ({
      id: r.id,
      code: r.code,
      client_name: r.client_name,
      address: r.address,
      machine_name: r.machine_name,
      status: r.status,
      statusLabel: installationStatusLabel(r.status),
      plannedWhen: r.planned_for && visitWhen(r.planned_for),
    })),
  };
}

const sameName = (a: string, b: string) => a.trim().localeCompare(b.trim(), "fr-CA", { sensitivity: "base" }) === 0;

/** The form's starting values: from an accepted proposal (?proposition=id) and the request it answers,
 * or empty with the machines to choose from. */
export async function newInstallationData(db: Db, url: URL) {
  const proposalId = url.searchParams.get("proposition");
  const proposal = proposalId && isUuid(proposalId) ? await getProposal(db, proposalId) : null;
  if (proposal && proposal.status === "acceptee") {
    const [request, existing] = await Promise.all([
      proposal.contact_request_id ? getContactRequestReach(db, proposal.contact_request_id) : null,
      installationOfProposal(db, proposal.id),
    ]);
    return {
      proposal: { id: proposal.id, machine_name: proposal.machine_name, existing },
      machines: [],
      prefill: {
        // A proposal is addressed to a person; their name is not the business's, so it is left to type.
        client_name: request && sameName(proposal.client_name, request.nom_complet) ? "" : proposal.client_name,
        contact_name: request?.nom_complet ?? proposal.client_name,
        contact_email: proposal.client_email,
        contact_phone: request?.numero_telephone ?? "",
        address: "",
      },
    };
  }
  const machines = await listMachineCards(db);
  return {
    proposal: null,
    // A proposal asked for that is gone or not accepted: the page says so.
    proposalMissing: Boolean(proposalId),
    machines: machines.map((m) => ({ id: m.id, nom: m.nom })),
    prefill: { client_name: "", contact_name: "", contact_email: "", contact_phone: "", address: "" },
  };
}

/** When an installation last moved to `status`, as its history says; null when it never did. */
function statusSince(events: readonly { kind: string; to_status: string | null; at: Date }[], status: string) {
  const moved = events.filter((e) => e.kind === "statut" && e.to_status === status).at(-1);
  // The day: a machine marked installed after the fact has no meaningful hour.
  return moved ? formatDate(moved.at) : null;
}

/** One installation's page: its facts, layout, history (newest first), tickets, the products its users
 * suggested and the swaps planned; `url` says which product the staff are choosing for a swap. */
export async function installationPageData(db: Db, id: string | undefined, url?: URL) {
  if (!isUuid(id)) return null;
  const installation = await getInstallation(db, id);
  if (!installation) return null;
  const [tickets, votes, planned, planner] = await Promise.all([
    listInstallationTickets(db, id),
    listInstallationVotes(db, id),
    listPlannedSwaps(db, id),
    swapPlannerData(db, url),
  ]);
  const { events, ...row } = installation;
  return {
    ...swapsPageData(row, votes, planned, planner),
    installation: {
      ...row,
      statusLabel: installationStatusLabel(row.status),
      plannedWhen: row.planned_for && visitWhen(row.planned_for),
      /** When it reached its present status ('Installée', 'Retirée'), from its history. */
      statusWhen: statusSince(events, row.status),
    },
    next: STATUSES.filter((to) => canMoveInstallation(row.status, to)).map((to) => ({
      value: to,
      label: installationStatusLabel(to),
    })),
    history: events
      .slice()
      .reverse()
      .map((e) => ({
        id: e.id,
        when: momentWhen(e.at),
        at: e.at.toISOString(),
        text:
          e.kind === "statut" && e.from_status && e.to_status
            ? `${installationStatusLabel(e.from_status)} → ${installationStatusLabel(e.to_status)}`
            : e.summary || "Modification",
        account: e.account,
      })),
    tickets: tickets.map((t) => ({
      id: t.id,
      code: t.code,
      kind: t.kind === "remboursement" ? "Remboursement" : "Problème",
      statusLabel: ticketStatusLabel(t.status),
      received: momentWhen(t.received_at),
    })),
  };
}

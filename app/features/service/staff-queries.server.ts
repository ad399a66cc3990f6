// What the service screens read: the inbox ('Service') with its view, type and search kept in the
// address, one ticket with its notes and replies, and the refund log with its totals per machine and
// month. Each ticket is named by its machine and client, with the time left before the promised
// response and the recurring-fault flag of its machine.
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import { readTicketPhoto } from "./photo.server";
import { installationNames, listInstallations, type InstallationName } from "~/features/installations/store.server";
import { momentWhen } from "~/features/installations/when";
import { formatCents, paymentLabel, problemLabel, refundMethodLabel } from "~/features/machine-page/forms";
import { isoLocal } from "~/lib/dates";
import { isUuid } from "~/rules/id";
import { listAccounts } from "../../../server/auth/users";
import { assigneeChoices } from "~/features/team/assignment.server";
import {
  minutesLeft,
  monthStarts,
  receivedLabel,
  recurringFaults,
  ticketStatusLabel,
  timeLeftText,
  type TicketStatus,
} from "./model";
import {
  countOpenTickets,
  getTicket,
  getTicketPhotoKey,
  listInbox,
  listRefundsGiven,
  recentProblems,
  refundTotalsByMachine,
  refundTotalsByMethod,
  refundTotalsByPeriod,
  type InboxView,
} from "./store.server";

const VIEWS: { value: InboxView; label: string }[] = [
  { value: "ouverts", label: "À traiter" },
  { value: "resolus", label: "Résolus" },
  { value: "tous", label: "Tous" },
];
const KINDS = [
  { value: "probleme", label: "Problèmes" },
  { value: "remboursement", label: "Remboursements" },
] as const;

/** Whose tickets the inbox shows (`?pour=`): the person's own, those given to no one, or everyone's. */
const WHOSE = [
  { value: "moi", label: "Mes signalements" },
  { value: "personne", label: "Non assignés" },
] as const;

/** The inbox shows this many tickets, and as many more at each 'Afficher plus' (?n=100…), up to 500;
 * a search finds the others. */
const INBOX_PAGE = 50;
const INBOX_MAX = 500;
const DAY_MS = 86_400_000;

/** What a ticket is, in a few words: 'N'a pas distribué', 'Remboursement de 2,50 $'. */
export function ticketWhat(t: { kind: string; problem: string | null; refund_cents: number | null }): string {
  return t.kind === "remboursement"
    ? `Remboursement de ${formatCents(t.refund_cents ?? 0)}`
    : problemLabel(t.problem ?? "autre");
}

/** 'section 1, emplacement 3' from a slot as tickets keep it ('1:3', counted from 0). */
function slotText(slot: string): string {
  const [section, place] = slot.split(":").map(Number) as [number, number];
  return `section ${section + 1}, emplacement ${place + 1}`;
}

/** The recurring faults of these machines, by installation: what failed three times or more in 30
 * days ('Chips BBQ', 'section 1, emplacement 3'). */
async function faultsOf(db: Db, installationIds: readonly string[], now: Date): Promise<Map<string, string[]>> {
  const problems = await recentProblems(db, installationIds, new Date(now.getTime() - 30 * DAY_MS));
  const byMachine = new Map<string, typeof problems>();
  for (const p of problems) byMachine.set(p.installation_id, [...(byMachine.get(p.installation_id) ?? []), p]);
  const faults = new Map<string, string[]>();
  for (const [id, list] of byMachine) {
    const found = recurringFaults(
      list.map((p) => ({ receivedAt: p.received_at, productId: p.product_id, slot: p.slot })),
      now,
    );
    const names = [
      ...found.products.map((pid) => list.find((p) => p.product_id === pid)?.product_name ?? "Un produit"),
      ...found.slots.map(slotText),
    ];
    if (names.length > 0) faults.set(id, names);
  }
  return faults;
}

/** A ticket's time left, for an open one. */
function dueState(status: TicketStatus, due: Date, now: Date, answered: boolean) {
  if (status === "resolu") return null;
  if (answered) return { text: "Réponse envoyée", late: false };
  const minutes = minutesLeft(due, now);
  return { text: timeLeftText(minutes), late: minutes < 0 };
}

const machineOf = (name: InstallationName | undefined) =>
  name
    ? { id: name.id, code: name.code, client: name.client_name, machine: name.machine_name }
    : { id: null, code: "", client: "Installation supprimée", machine: "" };

/** A ticket reference as typed ('s-7k2mq', 'S-7K2MQ'), or null. */
function ticketCode(q: string): string | null {
  const m = /^s-?([0-9a-z]{5})$/i.exec(q.trim());
  return m ? `S-${m[1]!.toUpperCase()}` : null;
}

/** The inbox's address showing `n` tickets, its other filters kept. */
function nextHref(url: URL, n: number): string {
  const params = new URLSearchParams(url.search);
  params.set("n", String(n));
  return `?${params.toString()}`;
}

/** `notified`: the staff addresses each new ticket is emailed to (SERVICE_EMAIL, else LEADS_EMAIL);
 * null when email is not configured. */
export async function serviceInboxData(
  db: Db,
  url: URL,
  { notified, me }: { notified: string[] | null; me: string },
  now = new Date(),
) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const whose = WHOSE.find((w) => w.value === url.searchParams.get("pour"))?.value ?? null;
  const assignee = whose === "moi" ? { account: me } : whose === "personne" ? ("none" as const) : null;
  const view = VIEWS.find((v) => v.value === url.searchParams.get("vue"))?.value ?? "ouverts";
  const kind = KINDS.find((k) => k.value === url.searchParams.get("type"))?.value ?? null;
  const asked = Number(url.searchParams.get("n"));
  const limit = Number.isInteger(asked) && asked > INBOX_PAGE ? Math.min(asked, INBOX_MAX) : INBOX_PAGE;
  const code = q ? ticketCode(q) : null;
  const installationIds = q ? (await listInstallations(db, { q })).map((i) => i.id) : null;
  const [rows, counts, accounts] = await Promise.all([
    listInbox(db, { view, kind, code, installationIds, assignee, limit: limit + 1 }),
    countOpenTickets(db, now),
    listAccounts(db),
  ]);
  const names = new Map(accounts.map((account) => [account.id, account.name]));
  const more = rows.length > limit;
  if (more) rows.pop();
  const machineIds = [...new Set(rows.map((r) => r.installation_id))];
  const [machines, faults] = await Promise.all([installationNames(db, machineIds), faultsOf(db, machineIds, now)]);
  return {
    notified,
    q,
    view,
    kind,
    whose,
    views: VIEWS,
    kinds: KINDS,
    whoses: WHOSE,
    counts,
    /** The address of the next tickets, or null when all are shown. */
    moreHref: more && limit < INBOX_MAX ? nextHref(url, limit + INBOX_PAGE) : null,
    /** More than INBOX_MAX match: a search or a filter finds the others. */
    capped: more && limit >= INBOX_MAX,
    tickets: rows.map((r) => ({
      id: r.id,
      code: r.code,
      what: ticketWhat(r),
      product: r.product_name,
      status: r.status,
      statusLabel: ticketStatusLabel(r.status),
      urgent: r.urgent && r.status !== "resolu",
      due: dueState(r.status, r.due_at, now, r.answered),
      received: `${receivedLabel(r.kind)} ${momentWhen(r.received_at)}`,
      machine: machineOf(machines.get(r.installation_id)),
      assignee: r.assigned_to ? (names.get(r.assigned_to) ?? null) : null,
      faults: faults.get(r.installation_id) ?? [],
      photo: r.has_photo,
      // How the person can be answered: by email first, as the reply form does.
      reach: r.has_email ? ("courriel" as const) : r.has_phone ? ("telephone" as const) : null,
    })),
  };
}

export type ServiceInboxData = Awaited<ReturnType<typeof serviceInboxData>>;
export type InboxTicket = ServiceInboxData["tickets"][number];

/** One ticket's page; null when there is none with that id. */
export async function ticketPageData(db: Db, id: string | undefined, { mail }: { mail: boolean }, now = new Date()) {
  if (!isUuid(id)) return null;
  const ticket = await getTicket(db, id);
  if (!ticket) return null;
  const [names, faults, choices] = await Promise.all([
    installationNames(db, [ticket.installation_id]),
    faultsOf(db, [ticket.installation_id], now),
    assigneeChoices(db, "/edit-service", ticket.assigned_to),
  ]);
  const facts: { label: string; value: string }[] = [
    ...(ticket.product_name ? [{ label: "Produit", value: ticket.product_name }] : []),
    ...(ticket.occurred_at ? [{ label: "Quand", value: momentWhen(ticket.occurred_at) }] : []),
    ...(ticket.payment_method ? [{ label: "Payé par", value: paymentLabel(ticket.payment_method) }] : []),
    ...(ticket.refund_method
      ? [{ label: "Remboursement souhaité", value: refundMethodLabel(ticket.refund_method) }]
      : []),
    { label: receivedLabel(ticket.kind), value: momentWhen(ticket.received_at) },
    { label: "Réponse promise avant", value: momentWhen(ticket.due_at) },
  ];
  return {
    ticket: {
      id: ticket.id,
      code: ticket.code,
      kind: ticket.kind,
      what: ticketWhat(ticket),
      description: ticket.description,
      status: ticket.status,
      statusLabel: ticketStatusLabel(ticket.status),
      urgent: ticket.urgent,
      due: dueState(
        ticket.status,
        ticket.due_at,
        now,
        ticket.notes.some((n) => n.kind === "reponse"),
      ),
      email: ticket.contact_email,
      photo: ticket.photo_key !== null,
      phone: ticket.contact_phone,
      refundAsked: ticket.refund_cents,
      refundMethod: ticket.refund_method,
      resolved:
        ticket.status === "resolu" && ticket.resolved_at
          ? {
              when: momentWhen(ticket.resolved_at),
              by: ticket.resolved_by ?? "",
              refund:
                ticket.refund_logged_cents !== null
                  ? `${formatCents(ticket.refund_logged_cents)} · ${refundMethodLabel(ticket.refund_logged_method ?? "")}`
                  : null,
            }
          : null,
    },
    facts,
    machine: machineOf(names.get(ticket.installation_id)),
    faults: faults.get(ticket.installation_id) ?? [],
    notes: ticket.notes.map((n) => ({
      id: n.id,
      kind: n.kind,
      body: n.body,
      account: n.account,
      when: momentWhen(n.created_at),
      at: n.created_at.toISOString(),
    })),
    canEmail: Boolean(ticket.contact_email) && mail,
    mail,
    /** Who follows it up (an account id, or null), and the accounts it may be given to. */
    assignment: { current: ticket.assigned_to, choices },
  };
}

type Refund = Awaited<ReturnType<typeof listRefundsGiven>>[number];

const named = (r: Refund, names: Map<string, InstallationName>) => ({
  id: r.id,
  code: r.code,
  at: r.resolved_at!,
  when: momentWhen(r.resolved_at!),
  month: isoLocal(r.resolved_at!).day.slice(0, 7),
  cents: r.cents!,
  amount: formatCents(r.cents!),
  method: r.method ? refundMethodLabel(r.method) : "",
  by: r.resolved_by ?? "",
  machine: machineOf(names.get(r.installation_id)),
});

/** Each list of the refund log shows at most this many lines; the CSV has them all. */
const LOG_LINES = 50;

/** The refund log: each of the last 12 months with its count and total, and for the month chosen
 * (?mois=2026-11, this month by default) its totals per machine, the costliest first, and its refunds. */
export async function refundLogData(db: Db, url: URL, now = new Date()) {
  const starts = monthStarts(now, 12);
  const totals = await refundTotalsByPeriod(db, starts);
  const months = starts
    .slice(0, 12)
    .map((at, i) => {
      const total = totals.find((t) => t.period === i);
      const cents = total?.cents ?? 0;
      return { value: isoLocal(at).day.slice(0, 7), count: total?.count ?? 0, cents, amount: formatCents(cents) };
    })
    .reverse();
  const chosen = months.find((m) => m.value === url.searchParams.get("mois")) ?? months[0]!;
  const index = 11 - months.indexOf(chosen);
  const period = { from: starts[index]!, to: starts[index + 1]! };
  const [machines, methods, refunds] = await Promise.all([
    refundTotalsByMachine(db, period),
    refundTotalsByMethod(db, period),
    listRefundsGiven(db, period, LOG_LINES),
  ]);
  const names = await installationNames(db, [
    ...machines.slice(0, LOG_LINES).map((m) => m.installation_id),
    ...refunds.map((r) => r.installation_id),
  ]);
  return {
    months,
    month: chosen,
    yearTotal: formatCents(months.reduce((sum, m) => sum + m.cents, 0)),
    machines: machines.slice(0, LOG_LINES).map((t) => ({
      machine: machineOf(names.get(t.installation_id)),
      count: t.count,
      amount: formatCents(t.cents),
    })),
    otherMachines: Math.max(0, machines.length - LOG_LINES),
    methods: methods.map((m) => ({
      label: refundMethodLabel(m.method ?? ""),
      count: m.count,
      amount: formatCents(m.cents),
    })),
    refunds: refunds.map((r) => named(r, names)),
    otherRefunds: Math.max(0, chosen.count - refunds.length),
  };
}

/** Every refund of the last 12 months with its machine, for the CSV file. */
export async function refundLogRows(db: Db, now = new Date()) {
  const starts = monthStarts(now, 12);
  const refunds = await listRefundsGiven(db, { from: starts[0]!, to: starts[12]! });
  const names = await installationNames(
    db,
    refunds.map((r) => r.installation_id),
  );
  return refunds.map((r) => named(r, names));
}

/** A ticket's photo as the staff's route answers it (never cached, never sniffed); null when there is
 * none (no such ticket, no photo, or its object gone). */
export async function ticketPhotoResponse(
  services: Pick<Services, "db" | "storage">,
  id: string | undefined,
): Promise<Response | null> {
  const name = isUuid(id) ? await getTicketPhotoKey(services.db, id) : null;
  const bytes = name ? await readTicketPhoto(services, name) : null;
  if (!bytes) return null;
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(bytes.length),
      // 'X-Content-Type-Options: nosniff' is on every answer of the site (server/security.ts).
      "Cache-Control": "private, no-store",
    },
  });
}

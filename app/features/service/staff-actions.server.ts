// What the staff do on a service ticket: take it in hand, resolve it (a refund logged with its amount,
// how it was given, when and by whom), reopen it, note something, or answer the person by email at
// the address they left (queued in the outbox in the same transaction as the reply kept on the ticket).
// Each form is read by its schema (staff-schema.ts) and answered as every staff form is (staffAnswer).
// The route modules have already called requireAdmin.
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { installationNames } from "~/features/installations/store.server";
import { formatCents } from "~/features/machine-page/forms";
import { publishedSite } from "~/features/site-texts/store.server";
import { MSG } from "~/lib/messages";
import { formatDate } from "~/lib/dates";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { renderTicketReply } from "./reply-email.server";
import { TICKET_MESSAGES, ticketSchema, type TicketIntent, type TicketResult } from "./staff-schema";
import { ticketWhat } from "./staff-queries.server";
import { addTicketNote, getTicket, setTicketAssignee, setTicketStatus } from "./store.server";
import { assignableAccount, renderAssignmentEmail } from "~/features/team/assignment.server";

const INTENTS: readonly string[] = ["prendre-en-charge", "rouvrir", "confier", "resoudre", "note", "repondre"];

type Answer = { result: TicketResult; status?: number; journal?: string };

const refused = (intent: TicketIntent, message: string, status: number): Answer => ({
  result: { ok: false, intent, toasts: [failure(MSG.error, message)] },
  status,
});

/** The reply: kept on the ticket and queued for the person's address in one transaction. */
async function reply({ db, config }: Services, id: string, body: string, account: string, now: Date): Promise<Answer> {
  const ticket = await getTicket(db, id);
  if (!ticket) return refused("repondre", TICKET_MESSAGES.gone, 404);
  if (!ticket.contact_email) return refused("repondre", TICKET_MESSAGES.noAddress, 409);
  if (!config.mail) return refused("repondre", TICKET_MESSAGES.noMail, 409);
  const [site, names] = await Promise.all([
    publishedSite(db, config.site),
    installationNames(db, [ticket.installation_id]),
  ]);
  const what = ticketWhat(ticket);
  const email = await renderTicketReply(
    body,
    {
      code: ticket.code,
      what,
      refund: ticket.kind === "remboursement" ? formatCents(ticket.refund_cents ?? 0) : null,
      client_name: names.get(ticket.installation_id)?.client_name ?? "",
      received_at: ticket.received_at,
      description: ticket.description,
    },
    site,
  );
  const to = ticket.contact_email;
  // The person's answer reaches the team that follows the service, not the sending address.
  const replyTo = (config.mail.service ?? config.mail.leads).join(", ");
  const kept = await db.transaction(async (t) => {
    const note = await addTicketNote(t, { ticket_id: id, kind: "reponse", body, account }, now);
    if (note) await enqueueEmail(t, config.mail, { purpose: "service-reply", to, replyTo, ...email }, now);
    return note;
  });
  if (!kept) return refused("repondre", TICKET_MESSAGES.gone, 404);
  kickOutbox(db);
  return {
    result: { ok: true, intent: "repondre", toasts: [success("Réponse envoyée", `Elle part à ${to}.`)] },
    journal: `${ticket.code} : réponse envoyée`,
  };
}

/** 'Responsable': gives the ticket to an active account of the service (or to no one) and emails that
 * person, in the same transaction, unless they gave it to themselves. */
async function assign(
  { db, config }: Services,
  id: string,
  accountId: string | null,
  by: string,
  now: Date,
): Promise<Answer> {
  const assignee = accountId ? await assignableAccount(db, accountId, "/edit-service") : null;
  if (accountId && !assignee) return refused("confier", TICKET_MESSAGES.assignee, 400);
  const ticket = await getTicket(db, id);
  if (!ticket) return refused("confier", TICKET_MESSAGES.gone, 404);
  const mail = config.mail;
  const machine = (await installationNames(db, [ticket.installation_id])).get(ticket.installation_id);
  const where = machine ? `, chez ${machine.client_name}, machine ${machine.code}` : "";
  const due = ticket.status === "resolu" ? "" : `, réponse promise avant le ${formatDate(ticket.due_at, "dateTime")}`;
  const email =
    mail &&
    assignee?.email &&
    assignee.name !== by &&
    ticket.assigned_to !== accountId &&
    (await renderAssignmentEmail(
      {
        assignee: assignee.name,
        by,
        what: `le signalement ${ticket.code} (${ticketWhat(ticket).toLowerCase()}${where}${due})`,
        subject: `Signalement confié : ${ticket.code}, ${ticketWhat(ticket)}`,
        path: `/edit-service/${id}`,
        button: "Ouvrir le signalement",
      },
      await publishedSite(db, config.site),
    ));
  const before = await db.transaction(async (t) => {
    const row = await setTicketAssignee(t, id, assignee, by, now);
    if (row && email)
      await enqueueEmail(t, mail, { purpose: "assignment", to: assignee.email!, account: by, ...email }, now);
    return row;
  });
  if (!before) return refused("confier", TICKET_MESSAGES.gone, 404);
  if (email) kickOutbox(db);
  const title = assignee ? `${ticket.code} confié à ${assignee.name}` : `${ticket.code} n'est plus confié à personne`;
  return {
    result: { ok: true, intent: "confier", toasts: [success(title, email ? "Un courriel l'en avertit." : undefined)] },
    journal: title,
  };
}

async function act(services: Services, request: Request, account: string, now: Date): Promise<Answer> {
  const read = await readStaffForm(request, ticketSchema);
  if (!read.ok) {
    const intent = INTENTS.includes(read.intent ?? "") ? (read.intent as TicketIntent) : "invalid";
    return {
      result: {
        ok: false,
        intent,
        toasts: [failure(MSG.error, Object.values(read.fieldErrors)[0] ?? "Demande invalide.")],
        fieldErrors: read.fieldErrors,
      },
      status: 400,
    };
  }
  const input = read.input;
  if (input.intent === "repondre") return reply(services, input.id, input.texte, account, now);
  if (input.intent === "confier") return assign(services, input.id, input.compte || null, account, now);
  if (input.intent === "note") {
    const note = await services.db.transaction((t) =>
      addTicketNote(t, { ticket_id: input.id, kind: "note", body: input.texte, account }, now),
    );
    if (!note) return refused("note", TICKET_MESSAGES.gone, 404);
    return { result: { ok: true, intent: "note", toasts: [success("Note ajoutée")] } };
  }
  const to = input.intent === "resoudre" ? "resolu" : "en-cours";
  // The schema asks how a refund is given whenever there is one.
  const refund =
    input.intent === "resoudre" && input.remboursement !== null && input.mode
      ? { cents: input.remboursement, method: input.mode }
      : null;
  const moved = await setTicketStatus(services.db, input.id, to, { account, now, refund });
  if (!moved.ok)
    return moved.reason === "missing"
      ? refused(input.intent, TICKET_MESSAGES.gone, 404)
      : refused(input.intent, TICKET_MESSAGES.unchanged, 409);
  const code = moved.ticket.code;
  if (input.intent === "resoudre") {
    const given = refund ? `Remboursement de ${formatCents(refund.cents)} noté.` : undefined;
    return {
      result: { ok: true, intent: "resoudre", toasts: [success(`${code} résolu`, given)] },
      journal: `${code} : résolu${refund ? `, ${formatCents(refund.cents)} remboursés` : ""}`,
    };
  }
  const title = input.intent === "rouvrir" ? `${code} rouvert` : `${code} pris en charge`;
  return { result: { ok: true, intent: input.intent, toasts: [success(title)] }, journal: title };
}

/** A ticket's page: every form on it. */
export async function ticketAction(
  services: Services,
  request: Request,
  account: string,
  note: (summary: string) => void,
  now = new Date(),
) {
  const done = await act(services, request, account, now);
  if (done.journal) note(done.journal);
  return staffAnswer(request, services.secret, done.result, { status: done.status });
}

// What the staff change in the inbox (/edit-demandes) and on a request's page (/edit-demandes/:id): a
// request's stage, its notes, a reply to the prospect, sending a failed email or forwarding again,
// releasing a request held as spam, erasing a request with everything attached. The route modules
// have already called requireAdmin.
import { publishedSite } from "../site-texts/store.server";
import { kickContactDelivery } from "./delivery.server";
import type { Services } from "../../../server/context";
import { assignableAccount, renderAssignmentEmail } from "~/features/team/assignment.server";
import type { StaffRole } from "~/rules/staff-roles";
import { oneLine } from "./emails/facts";
import { formatDate } from "~/lib/dates";
import {
  addContactNote,
  assignContactRequest,
  editContactNote,
  getContactRequest,
  releaseHeldContactRequest,
  replyToContactRequestInStage,
  requeueContactRequest,
  setContactStage,
} from "./store.server";
import { erasePerson } from "./erasure.server";
import { deleteTicketPhotos } from "../service/photo.server";
import { forgetProposalPdfs } from "~/features/proposals/pdf-renderer.server";
import type { ContactRequest } from "../../../server/db/schema";
import { enqueueEmail, requeueMessage } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { queueNewRequestEmails } from "~/features/contact-requests/emails/queue.server";
import { renderStaffReply, replySubject } from "~/features/contact-requests/emails/staff-reply.server";
import { MSG } from "~/lib/messages";
import { erasureSummary } from "~/features/contact-requests/erasure";
import type { StaffToast } from "~/lib/staff-action";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import {
  ContactRequestActionSchema,
  INTENTS,
  validationToast,
  type Intent,
  type RequestActionResult,
} from "./staff-schema";
import { stageLabel } from "./stages";

/** Erases a request with its notes, stage changes, emails, the proposals made for it (every version)
 * and the journal's mentions of its person (app/features/contact-requests/erasure.server.ts). */
async function deleteContactRequest({ db, config }: Pick<Services, "db" | "config">, id: string) {
  const counts = await erasePerson(db, { requestId: id });
  if (counts) await forgetStoredPdfs(config.dataDir, counts.proposalIds);
  return counts !== null;
}

/** The PDFs kept on disk for erased proposals hold the person's name: they go with them. */
async function forgetStoredPdfs(dataDir: string, proposalIds: readonly string[]) {
  await Promise.all(proposalIds.map((id) => forgetProposalPdfs(dataDir, id)));
}

/** Queues a reply to the prospect and moves a new request to 'En cours', in one transaction. */
async function replyToContactRequest(
  { db, config }: Pick<Services, "db" | "config">,
  id: string,
  { subject, body }: { subject: string; body: string },
  account: string,
  now = new Date(),
) {
  if (!config.mail) return "no-mail" as const;
  const site = await publishedSite(db, config.site);
  const mail = config.mail;
  return replyToContactRequestInStage(
    db,
    id,
    async (t, request) => {
      const rendered = await renderStaffReply({ subject, body }, request, site);
      return enqueueEmail(
        t,
        mail,
        { purpose: "reply", to: request.courriel, contactRequestId: id, account, ...rendered },
        now,
      );
    },
    account,
    now,
  );
}

/** 'Ce n'est pas un indésirable': forwarded and emailed as if it had just arrived, once. */
async function releaseContactRequest({ db, config, secret }: Pick<Services, "db" | "config" | "secret">, id: string) {
  const site = await publishedSite(db, config.site);
  const row = await releaseHeldContactRequest(db, id, (tx, released) =>
    queueNewRequestEmails(tx, { mail: config.mail, site, secret }, released),
  );
  if (row) {
    kickContactDelivery(db);
    kickOutbox(db);
  }
  return row;
}

const NOT_FOUND = "Demande introuvable : elle a peut-être été supprimée.";
const OWNER_ONLY = "Seul le propriétaire du site peut effacer une demande ou une personne.";
const ASSIGNEE_REFUSED = "Cette personne ne peut pas suivre les demandes : choisissez un compte actif du rôle Ventes.";

/** 'Responsable': gives the request to an active account that opens the requests (or to no one) and
 * emails that person, unless they gave it to themselves. */
async function assign(
  { db, config }: Pick<Services, "db" | "config">,
  id: string,
  accountId: string | null,
  by: string,
  now = new Date(),
) {
  const assignee = accountId ? await assignableAccount(db, accountId, "/edit-demandes") : null;
  if (accountId && !assignee) return "refused" as const;
  const current = await getContactRequest(db, id);
  if (!current) return null;
  const mail = config.mail;
  const emailed = Boolean(mail && assignee?.email && assignee.name !== by && current.assigned_to !== accountId);
  const email =
    emailed &&
    (await renderAssignmentEmail(
      {
        assignee: assignee!.name,
        by,
        what: `la demande de ${oneLine(current.nom_complet)}, reçue le ${formatDate(current.timestamp, "dateTime")}`,
        subject: `Demande confiée : ${oneLine(current.nom_complet)}`,
        path: `/edit-demandes/${id}`,
        button: "Ouvrir la demande",
      },
      await publishedSite(db, config.site),
    ));
  // The assignment and its email in one transaction: both or neither.
  const request = await db.transaction(async (t) => {
    const before = await assignContactRequest(t, id, accountId);
    if (before && email)
      await enqueueEmail(
        t,
        mail,
        { purpose: "assignment", to: assignee!.email!, contactRequestId: id, account: by, ...email },
        now,
      );
    return before;
  });
  if (!request) return null;
  if (email) kickOutbox(db);
  return { request, assignee: assignee?.name ?? null, emailed };
}

/** How the activity log names a request: by when it arrived, never by the person (an erased request
 * leaves no name behind in the log). */
const requestLabel = (row: Pick<ContactRequest, "created_at">) =>
  `Demande reçue le ${formatDate(row.created_at, "dateTime")}`;

/** The inbox's and a request's page's action. `note` describes the change for the activity log (null:
 * nothing changed); `user`: who makes the change (erasing is the owner's); `onRequestPage`: posted from the request's own page, which an erasure removes. */
export async function contactRequestsAction(
  services: Services,
  request: Request,
  user: { name: string; roles: readonly StaffRole[] },
  note: (summary: string | null) => void = () => {},
  { onRequestPage = false } = {},
) {
  const { db, config } = services;
  const answer = (result: RequestActionResult, status?: number) =>
    // Once erased, the request's page is gone: it sends every client to the inbox, with the toast.
    staffAnswer(request, services.secret, result, {
      status,
      doneUrl: result.intent === "supprimer" ? "/edit-demandes" : undefined,
      pageGone: onRequestPage && result.intent === "supprimer",
    });
  const ok = (intent: Intent, toast: StaffToast) => answer({ ok: true, intent, toasts: [toast] });
  const fail = (intent: Intent, message: string, status: number) =>
    answer({ ok: false, intent, toasts: [failure(MSG.error, message)] }, status);

  const read = await readStaffForm(request, ContactRequestActionSchema);
  if (!read.ok) {
    const { fieldErrors } = read;
    const intent = (INTENTS as readonly string[]).includes(read.intent ?? "") ? (read.intent as Intent) : "invalid";
    return answer({ ok: false, intent, toasts: [validationToast(fieldErrors)], fieldErrors }, 400);
  }
  const action = read.input;
  const account = user.name;
  // Erasing is irreversible and answers the privacy law: the owner's alone.
  if ((action.intent === "supprimer" || action.intent === "effacer-personne") && !user.roles.includes("proprietaire"))
    return fail(action.intent, OWNER_ONLY, 403);
  switch (action.intent) {
    case "renvoyer": {
      const row = await requeueContactRequest(db, action.id);
      if (!row) return fail(action.intent, "Cette demande n'est plus en échec : rien à renvoyer.", 409);
      kickContactDelivery(db);
      note(requestLabel(row));
      return ok(action.intent, success("Demande remise en file d'envoi"));
    }
    case "statut": {
      const before = await getContactRequest(db, action.id);
      const row = before && (await setContactStage(db, action.id, action.stage, { account }));
      if (!before || !row) return fail(action.intent, NOT_FOUND, 404);
      if (row === "unchanged") {
        note(null);
        return ok(action.intent, success(`La demande est déjà « ${stageLabel(action.stage)} ».`));
      }
      note(`${requestLabel(before)} : ${stageLabel(before.stage)} → ${stageLabel(action.stage)}`);
      return ok(action.intent, success(`Statut changé : ${stageLabel(action.stage)}`));
    }
    case "assigner": {
      const given = await assign(services, action.id, action.compte || null, account);
      if (given === "refused") return fail(action.intent, ASSIGNEE_REFUSED, 400);
      if (!given) return fail(action.intent, NOT_FOUND, 404);
      note(`${requestLabel(given.request)} : ${given.assignee ?? "personne"}`);
      return ok(
        action.intent,
        given.assignee
          ? success(`Demande confiée à ${given.assignee}`, given.emailed ? "Un courriel l'en avertit." : undefined)
          : success("La demande n'est plus confiée à personne"),
      );
    }
    case "note": {
      const row = await getContactRequest(db, action.id);
      if (!row) return fail(action.intent, NOT_FOUND, 404);
      await addContactNote(db, action.id, action.body, account);
      note(requestLabel(row));
      return ok(action.intent, success("Note ajoutée"));
    }
    case "note-modifier": {
      const edited = await editContactNote(db, action.id, action.noteId, action.body);
      const row = edited && (await getContactRequest(db, action.id));
      if (!row) return fail(action.intent, "Note introuvable : elle a peut-être été supprimée.", 404);
      note(requestLabel(row));
      return ok(action.intent, success("Note modifiée"));
    }
    case "repondre": {
      const result = await replyToContactRequest(
        services,
        action.id,
        {
          subject: action.subject || replySubject(await publishedSite(services.db, config.site)),
          body: action.body,
        },
        account,
      );
      if (result === "no-mail") {
        return fail(
          action.intent,
          "L'envoi de courriels n'est pas configuré (SMTP_URL) : la réponse n'est pas partie.",
          409,
        );
      }
      const row = result && (await getContactRequest(db, action.id));
      if (!row) return fail(action.intent, NOT_FOUND, 404);
      kickOutbox(db);
      note(requestLabel(row));
      return ok(action.intent, success("Réponse en cours d'envoi"));
    }
    case "renvoyer-courriel": {
      const message = await requeueMessage(db, action.messageId);
      if (!message || message.contact_request_id !== action.id) {
        return fail(action.intent, "Ce courriel n'est plus en échec : rien à renvoyer.", 409);
      }
      kickOutbox(db);
      const row = await getContactRequest(db, action.id);
      note(row ? requestLabel(row) : "");
      return ok(action.intent, success("Courriel remis en file d'envoi"));
    }
    case "liberer": {
      const row = await releaseContactRequest(services, action.id);
      if (!row) return fail(action.intent, "Cette demande n'est plus dans les indésirables.", 409);
      note(requestLabel(row));
      return ok(action.intent, success("Demande libérée : elle est transmise et envoyée par courriel"));
    }
    case "supprimer": {
      const row = await getContactRequest(db, action.id);
      if (!row || !(await deleteContactRequest(services, action.id))) return fail(action.intent, NOT_FOUND, 404);
      note(requestLabel(row));
      return ok(action.intent, success("Demande supprimée, avec ses notes, ses courriels et ses propositions"));
    }
    case "effacer-personne": {
      const counts = await erasePerson(db, { email: action.courriel });
      if (counts) {
        await forgetStoredPdfs(services.config.dataDir, counts.proposalIds);
        await deleteTicketPhotos(services, counts.ticketPhotos);
      }
      const total = counts
        ? counts.requests + counts.proposals + counts.messages + counts.journal + counts.installations + counts.tickets
        : 0;
      if (!counts || total === 0) {
        return fail(
          action.intent,
          "Aucune demande, proposition ni courriel ne porte cette adresse : rien à effacer.",
          404,
        );
      }
      // The journal's line says what went, never whom.
      note(erasureSummary(counts));
      return ok(action.intent, success("Personne effacée", erasureSummary(counts)));
    }
  }
}

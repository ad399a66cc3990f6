// What the staff change on proposals from the list and the machine editor: send a proposal's link
// again, clear a machine's template. Each form is read by its schema (schema.ts) and answered as every
// staff form is (staffAnswer). The route modules have already called requireAdmin.
import { data } from "react-router";
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { MSG } from "~/lib/messages";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { isUuid } from "~/rules/id";
import { publishedSite } from "../site-texts/store.server";
import { renderClientEmail } from "./emails.server";
import { clearTemplateSchema, resendSchema, type ClearTemplateResult, type ResendResult } from "./list-schema";
import { refusedToast, STAFF_MSG } from "./staff-messages";
import { deleteLayoutTemplate, getProposal } from "./store.server";

type Deps = Pick<Services, "db" | "config">;

/** 'Renvoyer': the same link, emailed again. */
async function resendProposal({ db, config }: Deps, id: string, account: string, now = new Date()): Promise<boolean> {
  const p = await getProposal(db, id);
  if (!p || !config.mail) return false;
  const email = await renderClientEmail(p, await publishedSite(db, config.site));
  await enqueueEmail(
    db,
    config.mail,
    { purpose: "proposal-resent", to: p.client_email, contactRequestId: p.contact_request_id, account, ...email },
    now,
  );
  kickOutbox(db);
  return true;
}

/** /edit-propositions' 'Renvoyer'. */
export async function proposalsListAction(services: Services, request: Request, account: string) {
  const answer = (result: ResendResult) => staffAnswer(request, services.secret, result);
  const read = await readStaffForm(request, resendSchema);
  if (!read.ok) return answer({ ok: false, intent: "invalid", toasts: [refusedToast(read)] });
  if (!(await resendProposal(services, read.input.id, account)))
    return answer({ ok: false, intent: "resend", toasts: [failure(MSG.error, STAFF_MSG.notResent)] });
  return answer({ ok: true, intent: "resend", toasts: [success(STAFF_MSG.resent)] });
}

/** /edit-propositions/modele/{machineId}'s 'Supprimer le modèle'. */
export async function templateAction(services: Services, request: Request, machineId: string | undefined) {
  if (!isUuid(machineId)) throw data(null, { status: 404 });
  const answer = (result: ClearTemplateResult) => staffAnswer(request, services.secret, result);
  const read = await readStaffForm(request, clearTemplateSchema);
  if (!read.ok) return answer({ ok: false, intent: "invalid", toasts: [refusedToast(read)] });
  await deleteLayoutTemplate(services.db, machineId);
  return answer({ ok: true, intent: "clear-template", toasts: [success(STAFF_MSG.templateCleared)] });
}

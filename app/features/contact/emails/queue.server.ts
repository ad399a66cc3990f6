// The two emails of a new request, queued in the transaction that stores it: the staff notification
// (to LEADS_EMAIL, Reply-To the prospect) and the prospect's confirmation. Nothing is rendered nor
// queued when email is not configured.
import type { MailSettings } from "../../../../server/config";
import type { Db } from "../../../../server/db/client";
import { enqueueEmail, type EmailMessage } from "../../../../server/outbox/messages";
import type { EmailSite, RequestForEmail } from "./facts";
import { renderProspectConfirmation } from "./prospect-confirmation.server";
import { renderStaffNotification } from "./staff-notification.server";

export type QueuedRequestEmails = { staff: EmailMessage; confirmation: EmailMessage } | null;

/** Call with the transaction that stored the request, then kickOutbox(db) once it has committed. */
export async function queueNewRequestEmails(
  tx: Db,
  { mail, site }: { mail: MailSettings | undefined; site: EmailSite },
  request: RequestForEmail,
): Promise<QueuedRequestEmails> {
  if (!mail) return null;
  const [staff, confirmation] = await Promise.all([
    renderStaffNotification(request, site),
    renderProspectConfirmation(request, site),
  ]);
  const staffRow = await enqueueEmail(tx, mail, {
    purpose: "staff-notification",
    to: mail.leads,
    contactRequestId: request.id,
    ...staff,
  });
  const confirmationRow = await enqueueEmail(tx, mail, {
    purpose: "prospect-confirmation",
    to: request.courriel,
    contactRequestId: request.id,
    ...confirmation,
  });
  return { staff: staffRow!, confirmation: confirmationRow! };
}

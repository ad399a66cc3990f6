// The two emails of a new request, queued in the transaction that stores it: the staff notification
// (to LEADS_EMAIL, Reply-To the prospect) and the prospect's confirmation, which a mailbox gets at most
// once a day (app/features/contact-requests/confirmations.server.ts). Nothing is rendered nor queued when email is not
// configured.
import type { MailSettings } from "../../../../server/config";
import { claimConfirmation } from "../confirmations.server";
import type { Db } from "../../../../server/db/client";
import { enqueueEmail, type EmailMessage } from "../../../../server/outbox/messages";
import type { EmailSite, RequestForEmail } from "./facts";
import { renderProspectConfirmation } from "./prospect-confirmation.server";
import { renderStaffNotification, type RenderedEmail } from "./staff-notification.server";

/** The confirmation is null when the address already got one in the past 24 hours. */
export type QueuedRequestEmails = { staff: EmailMessage; confirmation: EmailMessage | null } | null;

/** The site's secret keys the hash under which an address's last confirmation is kept. */
type QueueOptions = { secret: string; now?: Date };

export type RenderedRequestEmails = { staff: RenderedEmail; confirmation: RenderedEmail };

/** Renders a request's two emails (outside any transaction: rendering takes a few milliseconds that
 * a transaction holding a lock should not wait for). */
export async function renderNewRequestEmails(
  site: EmailSite,
  request: RequestForEmail,
): Promise<RenderedRequestEmails> {
  const [staff, confirmation] = await Promise.all([
    renderStaffNotification(request, site),
    renderProspectConfirmation(request, site),
  ]);
  return { staff, confirmation };
}

/** Queues emails already rendered for the request `request` (its id and address). */
export async function queueRenderedRequestEmails(
  tx: Db,
  mail: MailSettings | undefined,
  request: Pick<RequestForEmail, "id" | "courriel">,
  { staff, confirmation }: RenderedRequestEmails,
  { secret, now = new Date() }: QueueOptions,
): Promise<QueuedRequestEmails> {
  if (!mail) return null;
  const staffRow = await enqueueEmail(tx, mail, {
    purpose: "staff-notification",
    to: mail.leads,
    contactRequestId: request.id,
    ...staff,
  });
  const confirmationRow = (await claimConfirmation(tx, secret, request.courriel, now))
    ? await enqueueEmail(tx, mail, {
        purpose: "prospect-confirmation",
        to: request.courriel,
        contactRequestId: request.id,
        ...confirmation,
      })
    : null;
  return { staff: staffRow!, confirmation: confirmationRow ?? null };
}

/** Call with the transaction that stored the request, then kickOutbox(db) once it has committed. */
export async function queueNewRequestEmails(
  tx: Db,
  { mail, site, secret, now }: { mail: MailSettings | undefined; site: EmailSite } & QueueOptions,
  request: RequestForEmail,
): Promise<QueuedRequestEmails> {
  if (!mail) return null;
  return queueRenderedRequestEmails(tx, mail, request, await renderNewRequestEmails(site, request), { secret, now });
}

// What the client changes on their proposal (/proposition/{jeton}): its first view, the acceptance and
// the change requests. Each change and the emails it causes are written in one transaction; the outbox
// is woken after the commit.
import type { Services } from "../../../server/context";
import { publishedSite } from "../site-texts/store.server";
import type { Db, Tx } from "../../../server/db/client";
import type { ChangeRequestEntry, Proposal } from "../../../server/db/schema";
import { delayEmail, enqueueEmail, rewriteWaitingEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { recordGoal } from "../statistics/store.server";
import { renderAcceptedClientEmail, renderStaffEmail, type StaffContact } from "./emails.server";
import { getContactRequestPhone, moveContactRequestForward } from "~/features/contact-requests/store.server";
import { CLIENT_MSG, PROPOSAL_LIMITS, PROPOSAL_MSG, PROPOSAL_VALID_DAYS } from "./rules";
import {
  appendChangeRequest,
  countChangeRequests,
  getAcceptedAt,
  markAccepted,
  setChangesNotified,
} from "./store.server";

type Deps = Pick<Services, "db" | "config">;

const validSince = (now: Date) => new Date(now.getTime() - PROPOSAL_VALID_DAYS * 24 * 60 * 60 * 1000);

export type ClientActionResult =
  { ok: true; kind: "accepted" | "changes" } | { ok: false; message: string; field?: "change_request" };

const CLOSED = "Cette proposition ne peut plus être modifiée : elle a expiré ou une version plus récente existe.";

/** The client's phone, from the request the proposal answers (a proposal itself has none). */
async function staffContact(t: Db, row: Proposal): Promise<StaffContact> {
  const phone = row.contact_request_id ? await getContactRequestPhone(t, row.contact_request_id) : null;
  return { client_email: row.client_email, phone: phone || null, contact_request_id: row.contact_request_id };
}

/** 'Accepter la proposition': recorded once, by a conditional update, so two presses at the same time
 * accept it once and email the staff and the client once; the linked request becomes 'Gagnée'. */
export async function acceptProposal(
  { db, config }: Deps,
  token: string,
  now = new Date(),
): Promise<ClientActionResult> {
  const site = await publishedSite(db, config.site);
  const result = await db.transaction(async (t) => {
    const row = await markAccepted(t, token, validSince(now), now);
    if (!row) return null;
    await recordGoal(t, "proposition_acceptee", { path: "/proposition/:jeton", now });
    if (row.contact_request_id) await moveContactRequestForward(t, row.contact_request_id, "gagnee", now);
    if (config.mail) {
      const contact = await staffContact(t, row);
      const toStaff = await renderStaffEmail(row, contact, { kind: "accepted", at: now }, site);
      await enqueueEmail(
        t,
        config.mail,
        {
          purpose: "proposal-accepted",
          to: config.mail.leads,
          replyTo: row.client_email,
          contactRequestId: row.contact_request_id,
          ...toStaff,
        },
        now,
      );
      const toClient = await renderAcceptedClientEmail(
        { ...row, accepted_at: now, reachable_by_phone: contact.phone !== null },
        site,
      );
      await enqueueEmail(
        t,
        config.mail,
        {
          purpose: "proposal-accepted-client",
          to: row.client_email,
          contactRequestId: row.contact_request_id,
          ...toClient,
        },
        now,
      );
    }
    return row;
  });
  if (result) {
    kickOutbox(db);
    return { ok: true, kind: "accepted" };
  }
  // A second press: it is accepted already, nothing changes.
  if (await getAcceptedAt(db, token)) return { ok: true, kind: "accepted" };
  return { ok: false, message: CLOSED };
}

/** The staff hear of a proposal's change requests at most once an hour. */
const CHANGES_EMAIL_INTERVAL_MS = 60 * 60 * 1000;
/** A proposal keeps this many change requests; past it the client is asked to call. */
const MAX_CHANGE_REQUESTS = 50;

/** 'Demander des modifications': the client's message is kept on the proposal, with every earlier one,
 * and emailed to the staff: at once when no email about this proposal's changes went out in the past
 * hour; otherwise an email due an hour after the last one gathers it with any that follow (nothing is
 * lost, and 20 posts are not 20 emails). */
export async function requestChanges(
  { db, config }: Deps,
  token: string,
  raw: unknown,
  now = new Date(),
): Promise<ClientActionResult> {
  const message = typeof raw === "string" ? raw.trim() : "";
  if (!message) return { ok: false, message: PROPOSAL_MSG.changeRequired, field: "change_request" };
  if (message.length > PROPOSAL_LIMITS.changeRequest)
    return { ok: false, message: PROPOSAL_MSG.tooLong(PROPOSAL_LIMITS.changeRequest), field: "change_request" };
  const site = await publishedSite(db, config.site);
  const entry: ChangeRequestEntry = { at: now.toISOString(), text: message };
  const result = await db.transaction(async (t) => {
    const row = await appendChangeRequest(t, token, entry, {
      validSince: validSince(now),
      max: MAX_CHANGE_REQUESTS,
      now,
    });
    if (!row) return null;
    if (config.mail) await notifyChanges(t, config.mail, row, site, now);
    return row;
  });
  if (!result) {
    const count = await countChangeRequests(db, token);
    return { ok: false, message: count >= MAX_CHANGE_REQUESTS ? CLIENT_MSG.tooMany : CLOSED };
  }
  kickOutbox(db);
  return { ok: true, kind: "changes" };
}

/** The staff's email about `row`'s change requests (its row is locked by the caller's update): the
 * waiting email takes the new request, or a new one goes now (none in the past hour) or an hour after
 * the last. Each email holds the requests made since the one before it. */
async function notifyChanges(
  t: Tx,
  mail: NonNullable<Services["config"]["mail"]>,
  row: Proposal,
  site: Awaited<ReturnType<typeof publishedSite>>,
  now: Date,
) {
  const entries = row.change_requests.map((e) => ({ at: new Date(e.at), text: e.text }));
  // A new email repeats a request made at the very millisecond of the last rather than miss it.
  const after = (since: Date | null, inclusive: boolean) =>
    entries.filter((e) => !since || e.at.getTime() > since.getTime() - (inclusive ? 1 : 0));
  const contact = await staffContact(t, row);
  const render = (since: Date | null, inclusive = true) =>
    renderStaffEmail(row, contact, { kind: "changes", requests: after(since, inclusive) }, site);
  const last = row.changes_notified_at;
  if (last && last.getTime() > now.getTime() && row.changes_email_id) {
    // An email waits: it now gathers this request too, unless a worker has started on it.
    const since = new Date(last.getTime() - CHANGES_EMAIL_INTERVAL_MS);
    const email = await render(since, false);
    if (await rewriteWaitingEmail(t, row.changes_email_id, email)) return;
  }
  const recent = last && now.getTime() - last.getTime() < CHANGES_EMAIL_INTERVAL_MS;
  // Past the hour: now. Within it: an hour after the last (a waiting email already taken: now, with
  // what it held, rather than lose a request).
  const sendAt = recent && last.getTime() <= now.getTime() ? new Date(last.getTime() + CHANGES_EMAIL_INTERVAL_MS) : now;
  const since = last && last.getTime() > now.getTime() ? new Date(last.getTime() - CHANGES_EMAIL_INTERVAL_MS) : last;
  const email = await render(since);
  const queued = await enqueueEmail(
    t,
    mail,
    {
      purpose: "proposal-changes",
      to: mail.leads,
      replyTo: row.client_email,
      contactRequestId: row.contact_request_id,
      ...email,
    },
    now,
  );
  if (!queued) return;
  if (sendAt.getTime() > now.getTime()) await delayEmail(t, queued.id, sendAt);
  await setChangesNotified(t, row.id, sendAt, queued.id);
}

// outbox_messages: everything the site sends, written in the same transaction as what caused it and
// sent afterwards by the worker (./worker.ts). A message holds its whole content from the start (the
// caller renders it), so sending it again later gives the very same email.
import { and, asc, count, desc, eq, exists, inArray, isNull, lte, or, sql, type AnyColumn } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import type { MailSettings } from "../config";
import type { Db } from "../db/client";
import { outboxMessages, type OutboxMessage } from "../db/schema";
import { holdsAny } from "../db/text-match";
import type { EmailPurpose } from "./purposes";

/** A file sent with an email, as text (a calendar invitation): kept whole in the payload. */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/** What an email row carries in `payload`: every header, both parts and its files, final. */
type EmailPayload = {
  from: string;
  to: string[];
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  attachments?: EmailAttachment[];
  headers?: Record<string, string>;
};

export type NewEmail = {
  /** What it is for: 'staff-notification', 'prospect-confirmation', 'reply'… (./purposes.ts). */
  purpose: EmailPurpose;
  to: string | readonly string[];
  /** Where an answer from a mail client goes (the prospect, for the staff notification). */
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  /** The request it belongs to: erasing the request erases the message too. */
  contactRequestId?: string | null;
  /** The staff member who wrote it (a reply); the site's own messages have none. */
  account?: string;
  /** Files sent with it (text only). */
  attachments?: readonly EmailAttachment[];
  /** More headers, by name ('List-Unsubscribe'); never one the message already writes (From, To,
   * Subject, Message-ID, Content-Type…). */
  headers?: Readonly<Record<string, string>>;
};

export type EmailMessage = Omit<OutboxMessage, "payload"> & { payload: EmailPayload };

// Header values are one line: a line break in a name or a subject could otherwise start a new header.
const oneLine = (value: string) => value.replace(/[\r\n]+/g, " ").trim();

// Headers the payload or the mailer write: a caller's header may not replace or repeat them.
const OWN_HEADERS = /^(from|to|cc|bcc|reply-to|sender|subject|date|message-id|mime-version|content-.*|return-path)$/i;

/** The caller's extra headers, checked: a name is letters, digits and hyphens, and not one of ours. */
function extraHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const checked: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (!/^[A-Za-z][A-Za-z0-9-]*$/.test(name) || OWN_HEADERS.test(name))
      throw new Error(`An email cannot carry the header '${name}'.`);
    checked[name] = oneLine(value);
  }
  return checked;
}

/** A Message-ID unique to this message, in the sender's domain: '<uuid@exemple.ca>'. */
function newMessageId(fromAddress: string): string {
  const domain = fromAddress.slice(fromAddress.lastIndexOf("@") + 1) || "localhost";
  return `<${randomUUID()}@${domain}>`;
}

/** Queues an email in the caller's transaction (`tx`, or the database for a message on its own): it
 * is sent only if that transaction commits. Returns null, queuing nothing, when email is not
 * configured (no SMTP_URL): a message that nobody could send is not kept for later, where it would go
 * out days late. Wake the worker with kickOutbox(db) once the transaction has committed. */
export async function enqueueEmail(
  tx: Db,
  mail: MailSettings | undefined,
  email: NewEmail,
  now = new Date(),
): Promise<EmailMessage | null> {
  if (!mail) return null;
  const to = [...new Set((typeof email.to === "string" ? [email.to] : email.to).map((a) => a.trim()).filter(Boolean))];
  if (to.length === 0) throw new Error("An email needs at least one recipient.");
  const payload: EmailPayload = {
    from: mail.from,
    to,
    ...(email.replyTo ? { replyTo: oneLine(email.replyTo) } : {}),
    subject: oneLine(email.subject),
    html: email.html,
    text: email.text,
    ...(email.attachments?.length
      ? { attachments: email.attachments.map((a) => ({ ...a, filename: oneLine(a.filename) })) }
      : {}),
    ...(email.headers && Object.keys(email.headers).length ? { headers: extraHeaders(email.headers) } : {}),
  };
  const [row] = await tx
    .insert(outboxMessages)
    .values({
      kind: "email",
      purpose: email.purpose,
      contact_request_id: email.contactRequestId ?? null,
      account: email.account ?? "",
      message_id: newMessageId(mail.fromAddress),
      payload,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
    })
    .returning();
  return row as EmailMessage;
}

// ---- The worker's side ----

export type ClaimedMessage = EmailMessage & { leaseUntil: Date };

/** Takes up to `limit` due pending messages for this worker. In one transaction the due rows are
 * locked with FOR UPDATE SKIP LOCKED (rows another worker is claiming right now are skipped) and
 * leased: their next attempt moves to the lease's end, so no other worker takes them meanwhile. A
 * worker that dies mid-send lets the lease run out; another sends the message again, with the same
 * Message-ID. */
export async function claimDueMessages(
  db: Db,
  { now = new Date(), limit = 10, leaseMs = 120_000 }: { now?: Date; limit?: number; leaseMs?: number } = {},
): Promise<ClaimedMessage[]> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.status, "pending"), lte(outboxMessages.next_attempt_at, now)))
      .orderBy(asc(outboxMessages.next_attempt_at))
      .limit(limit)
      .for("update", { skipLocked: true });
    if (due.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    await tx
      .update(outboxMessages)
      .set({ next_attempt_at: leaseUntil, claimed_until: leaseUntil })
      .where(
        inArray(
          outboxMessages.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({
      ...(row as EmailMessage),
      next_attempt_at: leaseUntil,
      claimed_until: leaseUntil,
      leaseUntil,
    }));
  });
}

/** The claim is still ours: pending, with the lease we set (not run out and taken by another). */
const stillClaimed = (claim: ClaimedMessage) =>
  and(
    eq(outboxMessages.id, claim.id),
    eq(outboxMessages.status, "pending"),
    eq(outboxMessages.claimed_until, claim.leaseUntil),
  );

const merge = (before: readonly string[], more: readonly string[]) => [...new Set([...before, ...more])];

/** Every recipient has accepted the message. */
export async function markMessageSent(
  db: Db,
  claim: ClaimedMessage,
  accepted: readonly string[],
  now = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      status: "sent",
      sent_at: now,
      attempts: claim.attempts + 1,
      last_error: null,
      claimed_until: null,
      accepted: merge(claim.accepted, accepted),
    })
    .where(stillClaimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Records a failed attempt: retry at `retryAt` (to the recipients not in `accepted` yet), or
 * `failed` (kept, with the reason) when retryAt is null. */
export async function markMessageAttemptFailed(
  db: Db,
  claim: ClaimedMessage,
  error: string,
  retryAt: Date | null,
  accepted: readonly string[] = [],
): Promise<boolean> {
  const rows = await db
    .update(outboxMessages)
    .set({
      attempts: claim.attempts + 1,
      last_error: error.slice(0, 1000),
      claimed_until: null,
      accepted: merge(claim.accepted, accepted),
      ...(retryAt ? { next_attempt_at: retryAt } : { status: "failed" as const }),
    })
    .where(stillClaimed(claim))
    .returning({ id: outboxMessages.id });
  return rows.length > 0;
}

/** Gives a claim back untouched (the worker is stopping): due again at once. */
export async function releaseMessageClaim(db: Db, claim: ClaimedMessage, now = new Date()): Promise<void> {
  await db.update(outboxMessages).set({ next_attempt_at: now, claimed_until: null }).where(stillClaimed(claim));
}

/** When the earliest pending message is due (null when none is pending). */
export async function nextMessageDueAt(db: Db): Promise<Date | null> {
  const [row] = await db
    .select({ at: outboxMessages.next_attempt_at })
    .from(outboxMessages)
    .where(eq(outboxMessages.status, "pending"))
    .orderBy(asc(outboxMessages.next_attempt_at))
    .limit(1);
  return row?.at ?? null;
}

// ---- For the staff screens ----

/** The messages of one request, oldest first (its thread). */
export async function listMessagesForContactRequest(db: Db, contactRequestId: string): Promise<EmailMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.contact_request_id, contactRequestId))
    .orderBy(asc(outboxMessages.created_at), asc(outboxMessages.id));
  return rows as EmailMessage[];
}

/** Messages that will not be sent without the staff (a permanent refusal or the last retry), newest
 * first. */
export async function listFailedMessages(
  db: Db,
  { limit = 50, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<EmailMessage[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.status, "failed"))
    .orderBy(desc(outboxMessages.created_at), desc(outboxMessages.id))
    .limit(limit)
    .offset(offset);
  return rows as EmailMessage[];
}

/** How many messages failed (the staff panel's warning). */
export async function countFailedMessages(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(outboxMessages).where(eq(outboxMessages.status, "failed"));
  return row?.value ?? 0;
}

export async function getOutboxMessage(db: Db, id: string): Promise<EmailMessage | null> {
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  return (row as EmailMessage | undefined) ?? null;
}

/** 'Renvoyer': a failed message goes back to the outbox with a fresh retry schedule, to the
 * recipients that have not accepted it yet. */
export async function requeueMessage(db: Db, id: string, now = new Date()): Promise<EmailMessage | null> {
  const [row] = await db
    .update(outboxMessages)
    .set({ status: "pending", attempts: 0, next_attempt_at: now, claimed_until: null })
    .where(and(eq(outboxMessages.id, id), eq(outboxMessages.status, "failed")))
    .returning();
  return (row as EmailMessage | undefined) ?? null;
}

/** Deletes the emails sent before `cutoff`, and the failed ones whose last attempt was before it;
 * those still to be sent stay. Returns how many went. */
export async function deleteEmailsDoneBefore(t: Db, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const rows = await t
    .delete(outboxMessages)
    .where(
      or(
        and(
          eq(outboxMessages.status, "sent"),
          sql`coalesce(${outboxMessages.sent_at}, ${outboxMessages.created_at}) < ${at}::timestamptz`,
        ),
        and(
          eq(outboxMessages.status, "failed"),
          sql`greatest(${outboxMessages.created_at}, ${outboxMessages.next_attempt_at}, ${outboxMessages.claimed_until}) < ${at}::timestamptz`,
        ),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** Deletes the emails linked to one of the requests, and those whose message (as JSON text) holds one
 * of the texts: every such email, or with `onlyUnlinked` those linked to no request. Returns how many
 * went. */
export async function deleteEmailsAbout(
  t: Db,
  {
    requestIds,
    texts,
    onlyUnlinked,
  }: { requestIds: readonly string[]; texts: readonly string[]; onlyUnlinked: boolean },
): Promise<number> {
  const holdsText = texts.length > 0 ? holdsAny(sql`${outboxMessages.payload}::text`, texts) : sql`false`;
  const rows = await t
    .delete(outboxMessages)
    .where(
      or(
        requestIds.length > 0 ? inArray(outboxMessages.contact_request_id, [...requestIds]) : sql`false`,
        onlyUnlinked ? and(isNull(outboxMessages.contact_request_id), holdsText) : holdsText,
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

/** Whether one of the emails about the request `requestId` names (a column of the caller's query)
 * failed: a condition for the staff inbox's 'Échecs'. */
export const failedEmailExists = (requestId: AnyColumn) =>
  exists(
    sql`(select 1 from ${outboxMessages} where ${outboxMessages.contact_request_id} = ${requestId} and ${outboxMessages.status} = 'failed')`,
  );

/** A waiting email takes a new subject and body, unless a worker has started on it: true when it did. */
export async function rewriteWaitingEmail(
  t: Db,
  id: string,
  email: { subject: string; html: string; text: string },
): Promise<boolean> {
  const updated = await t
    .update(outboxMessages)
    .set({
      payload: sql`${outboxMessages.payload} || ${JSON.stringify({ subject: email.subject, html: email.html, text: email.text })}::jsonb`,
    })
    .where(
      and(
        eq(outboxMessages.id, id),
        eq(outboxMessages.status, "pending"),
        eq(outboxMessages.attempts, 0),
        isNull(outboxMessages.claimed_until),
      ),
    )
    .returning({ id: outboxMessages.id });
  return updated.length > 0;
}

/** A queued email waits until `sendAt`. */
export async function delayEmail(t: Db, id: string, sendAt: Date): Promise<void> {
  await t.update(outboxMessages).set({ next_attempt_at: sendAt }).where(eq(outboxMessages.id, id));
}

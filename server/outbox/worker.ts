// The outbox worker: sends the queued emails through SMTP (SMTP_URL). Each instance of the site runs
// one; they share the work through the database (claims use FOR UPDATE SKIP LOCKED plus a lease), so
// a message is never sent by two of them at once, and one that dies mid-send loses nothing: its lease
// runs out and another sends the message again, with the same Message-ID.
import { createTransport, type Transporter } from "nodemailer";
import addressparser from "nodemailer/lib/addressparser";
import { nextAttemptAt, nextRetryDelay } from "../lib/retry";
import type { Db } from "../db/client";
import { startClaimLoop, type ClaimLoop } from "../lib/claim-loop";
import type { Logger } from "../lib/log";
import {
  claimDueMessages,
  markMessageAttemptFailed,
  markMessageSent,
  nextMessageDueAt,
  releaseMessageClaim,
  type ClaimedMessage,
} from "./messages";
import { classifyRejectedRecipients, classifySendError, type SendVerdict } from "./smtp-errors";
import { registerOutboxWorker, unregisterOutboxWorker } from "./wake";

/** Longest wait for each step of a send: connecting, the greeting, each answer. */
const SEND_STEP_TIMEOUT_MS = 15_000;

export type OutboxWorkerOptions = {
  db: Db;
  smtpUrl: string;
  log?: Pick<Logger, "info" | "warn" | "error">;
  /** Per step of a send (default 15 s). */
  timeoutMs?: number;
  /** Messages claimed and sent together (default 5). */
  batchSize?: number;
  /** Longest sleep between two looks at the outbox (default 10 s); a new message wakes it at once. */
  pollMs?: number;
  /** How long a claim keeps other workers away (default 120 s, well above a send's timeouts). */
  leaseMs?: number;
  /** Delay before the next attempt after `attempts` failures, or null to give up (default:
   * server/lib/retry.ts, about a day in all). */
  retryDelay?: (attempts: number) => number | null;
};

/** Wakes at once with kick(); see server/lib/claim-loop.ts. */
export type OutboxWorker = ClaimLoop;

export function startOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    db,
    smtpUrl,
    log,
    timeoutMs = SEND_STEP_TIMEOUT_MS,
    batchSize = 5,
    pollMs = 10_000,
    leaseMs = 120_000,
    retryDelay = (attempts: number) => nextRetryDelay(attempts),
  } = options;
  // One connection per send (no pool): nothing stays open between messages, and a server that went
  // away is simply connected to again at the next attempt.
  const transport: Transporter = createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });

  async function send(claim: ClaimedMessage, stopping: AbortSignal) {
    const { payload } = claim;
    const remaining = payload.to.filter((address) => !claim.accepted.includes(address));
    let verdict: SendVerdict;
    let accepted: string[] = [];
    try {
      const sender = addressparser(payload.from, { flatten: true })[0]?.address ?? payload.from;
      const info = await transport.sendMail({
        from: payload.from,
        to: payload.to,
        replyTo: payload.replyTo,
        subject: payload.subject,
        html: payload.html,
        text: payload.text,
        attachments: payload.attachments?.map(({ filename, contentType, content }) => ({
          filename,
          contentType,
          content,
        })),
        headers: payload.headers,
        // The same Message-ID and Date at every attempt: a repeat is the same email, which mail
        // clients show once.
        messageId: claim.message_id ?? undefined,
        date: claim.created_at,
        // The headers name every recipient; the envelope only those that have not accepted it yet.
        envelope: { from: sender, to: remaining },
        signal: stopping,
      });
      accepted = (info.accepted ?? []).map(String);
      const refused = classifyRejectedRecipients(
        ((info as { rejectedErrors?: unknown[] }).rejectedErrors ?? []) as Parameters<
          typeof classifyRejectedRecipients
        >[0],
      );
      if (!refused) {
        await markMessageSent(db, claim, accepted);
        log?.info({ id: claim.id, attempts: claim.attempts + 1 }, "Email sent");
        return;
      }
      verdict = refused;
    } catch (cause) {
      if (stopping.aborted) {
        await releaseMessageClaim(db, claim);
        return;
      }
      verdict = classifySendError(cause);
    }
    const attempts = claim.attempts + 1;
    const retryAt = verdict.retry ? nextAttemptAt(attempts, new Date(), retryDelay) : null;
    await markMessageAttemptFailed(db, claim, verdict.reason, retryAt, accepted);
    if (retryAt) log?.warn({ id: claim.id, attempts, error: verdict.reason, retryAt }, "Email not sent; will retry");
    else log?.error({ id: claim.id, attempts, error: verdict.reason }, "Email failed for good; kept with its reason");
  }

  const worker: ClaimLoop = startClaimLoop({
    claim: () => claimDueMessages(db, { limit: batchSize, leaseMs }),
    handle: send,
    nextDueAt: () => nextMessageDueAt(db),
    batchSize,
    pollMs,
    // The database may be restarting; look again later. Nothing is lost: messages stay pending.
    onError: (error) => log?.error({ err: error }, "Outbox loop failed"),
    onStopped: () => {
      transport.close();
      unregisterOutboxWorker(db, worker);
    },
  });
  registerOutboxWorker(db, worker);
  return worker;
}

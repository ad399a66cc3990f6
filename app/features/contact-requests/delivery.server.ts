// The delivery worker: forwards stored contact requests to CONTACT_WEBHOOK_URL (the outbox pattern).
// Each instance of the site runs one; they share the work through the database (claims use
// FOR UPDATE SKIP LOCKED plus a lease), so a request is never sent by two of them at once.
import { webhookBody } from "./webhook";
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import {
  claimDueContactRequests,
  markContactAttemptFailed,
  markContactDelivered,
  nextContactDueAt,
  releaseContactClaim,
  type ClaimedContactRequest,
} from "./store.server";
import { startClaimLoop, type ClaimLoop } from "../../../server/lib/claim-loop";
import type { Logger } from "../../../server/lib/log";
import { nextAttemptAt, nextRetryDelay } from "../../../server/lib/retry";
import { signWebhookBody, SIGNATURE_HEADER } from "./webhook-signature.server";

const DELIVERY_TIMEOUT_MS = 10_000;

export type DeliveryOptions = {
  db: Db;
  webhookUrl: string;
  log?: Pick<Logger, "info" | "warn" | "error">;
  /** Per request (default 10 s). */
  timeoutMs?: number;
  /** Requests claimed and sent together (default 5). */
  batchSize?: number;
  /** Longest sleep between two looks at the outbox (default 10 s); a new request wakes it at once. */
  pollMs?: number;
  /** How long a claim keeps other workers away (default 60 s, well above the timeout). */
  leaseMs?: number;
  /** Delay before the next attempt after `attempts` failures, or null to give up (default: retry.ts). */
  retryDelay?: (attempts: number) => number | null;
  fetch?: typeof fetch;
  /** CONTACT_WEBHOOK_SECRET: each call then carries a signature header (signature.ts). */
  secret?: string;
};

/** Wakes at once with kick(); see server/lib/claim-loop.ts. */
export type DeliveryWorker = ClaimLoop;

// Workers by database, on globalThis so that the action that stores a request can wake the worker
// even when the two were loaded as separate module copies (Vite's dev server, tests).
const REGISTRY = Symbol.for("distributrices.contact-delivery");
type Registry = WeakMap<object, Set<DeliveryWorker>>;
function registry(): Registry {
  const scope = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (scope[REGISTRY] ??= new WeakMap());
}

/** Wakes the workers of this database, if any (none when CONTACT_WEBHOOK_URL is not set). */
export function kickContactDelivery(db: Db): void {
  for (const worker of registry().get(db) ?? []) worker.kick();
}

export function startDeliveryWorker(options: DeliveryOptions): DeliveryWorker {
  const {
    db,
    webhookUrl,
    log,
    timeoutMs = DELIVERY_TIMEOUT_MS,
    batchSize = 5,
    pollMs = 10_000,
    leaseMs = 60_000,
    retryDelay = (attempts: number) => nextRetryDelay(attempts),
    fetch: send = globalThis.fetch,
    secret,
  } = options;

  async function deliver(claim: ClaimedContactRequest, stopping: AbortSignal) {
    let error: string;
    try {
      const body = JSON.stringify(webhookBody(claim));
      const headers: Record<string, string> = { "content-type": "application/json", "idempotency-key": claim.id };
      if (secret) headers[SIGNATURE_HEADER] = signWebhookBody(secret, body);
      const response = await send(webhookUrl, {
        method: "POST",
        headers,
        body,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), stopping]),
      });
      await response.body?.cancel().catch(() => {});
      if (response.ok) {
        await markContactDelivered(db, claim);
        log?.info({ id: claim.id, attempts: claim.attempts + 1 }, "Contact request delivered");
        return;
      }
      error = `Le webhook a répondu ${response.status}${response.statusText ? ` (${response.statusText})` : ""}.`;
    } catch (cause) {
      if (stopping.aborted) {
        await releaseContactClaim(db, claim);
        return;
      }
      error = describeError(cause, timeoutMs);
    }
    const attempts = claim.attempts + 1;
    const retryAt = nextAttemptAt(attempts, new Date(), retryDelay);
    await markContactAttemptFailed(db, claim, error, retryAt);
    if (retryAt) log?.warn({ id: claim.id, attempts, error, retryAt }, "Contact delivery failed; will retry");
    else log?.error({ id: claim.id, attempts, error }, "Contact delivery failed for good; request kept in the inbox");
  }

  const worker: ClaimLoop = startClaimLoop({
    claim: () => claimDueContactRequests(db, { limit: batchSize, leaseMs }),
    handle: deliver,
    nextDueAt: () => nextContactDueAt(db),
    batchSize,
    pollMs,
    // The database may be restarting; look again later. Nothing is lost: requests stay pending.
    onError: (error) => log?.error({ err: error }, "Contact delivery loop failed"),
    onStopped: () => void registry().get(db)?.delete(worker),
  });
  const workers = registry().get(db) ?? new Set();
  workers.add(worker);
  registry().set(db, workers);
  return worker;
}

function describeError(cause: unknown, timeoutMs: number): string {
  const error = cause as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error?.name === "TimeoutError") {
    const limit = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
    return `Aucune réponse du webhook en ${limit}.`;
  }
  const code = error?.cause?.code ?? error?.cause?.message ?? error?.message ?? String(cause);
  return `Webhook injoignable (${code}).`;
}

/** Started by startServer when CONTACT_WEBHOOK_URL is set; without it requests are only stored and
 * shown in /edit-demandes. */
export function startContactDelivery(services: Pick<Services, "db" | "config" | "log">): DeliveryWorker | null {
  const { db, config, log } = services;
  const url = config.contactWebhookUrl;
  if (!url) {
    log.info("CONTACT_WEBHOOK_URL is not set: contact requests are stored and shown in /edit-demandes only");
    return null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
    if (parsed.protocol !== "https:" && parsed.protocol !== "http:") throw new Error("protocol");
  } catch {
    log.error("CONTACT_WEBHOOK_URL is not an http(s) URL: contact requests are stored but not forwarded");
    return null;
  }
  log.info({ host: parsed.host }, "Contact requests are forwarded to the webhook");
  if (!config.contactWebhookSecret) log.warn("CONTACT_WEBHOOK_SECRET is not set: webhook calls are not signed");
  return startDeliveryWorker({ db, webhookUrl: url, log, secret: config.contactWebhookSecret });
}

// Waking the outbox workers, and whether email is on: what the code that queues a message needs,
// without loading the mail library (./worker.ts loads it, only when SMTP_URL is set).
import type { ServerConfig } from "../config";
import type { Db } from "../db/client";

export type Wakeable = { kick(): void };

// Workers by database, on globalThis so that the code that queues a message can wake the worker even
// when the two were loaded as separate module copies (Vite's dev server, tests).
const REGISTRY = Symbol.for("distributrices.outbox-worker");
type Registry = WeakMap<object, Set<Wakeable>>;
function registry(): Registry {
  const scope = globalThis as unknown as Record<symbol, Registry | undefined>;
  return (scope[REGISTRY] ??= new WeakMap());
}

export function registerOutboxWorker(db: Db, worker: Wakeable): void {
  const workers = registry().get(db) ?? new Set();
  workers.add(worker);
  registry().set(db, workers);
}

export function unregisterOutboxWorker(db: Db, worker: Wakeable): void {
  registry().get(db)?.delete(worker);
}

/** Wakes this database's workers (none when email is not configured). Call it once the transaction
 * that queued a message has committed: woken earlier, a worker would not see the message yet. */
export function kickOutbox(db: Db): void {
  for (const worker of registry().get(db) ?? []) worker.kick();
}

/** Email is configured (SMTP_URL with MAIL_FROM and LEADS_EMAIL): what the staff panel shows. */
export function emailConfigured(config: Pick<ServerConfig, "mail">): boolean {
  return config.mail !== undefined;
}

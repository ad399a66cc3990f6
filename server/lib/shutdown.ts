// The graceful stop of one instance (SIGTERM), as a sequence of injected steps so that its order and
// its time limits can be tested with a fake clock (shutdown.test.ts). startServer supplies the real
// steps; docs/decisions/2026-11-24-readiness-and-drain.md says why this order.
import type { Logger } from "./log";

export type ShutdownSteps = {
  /** /readyz answers 503 from now on: a balancer that probes it stops sending new requests. */
  markDraining(): void;
  /** Refuses retry-safe requests (503) and serves the others until a proxy in front has stopped
   * sending here (no new connection for a moment). */
  handOff(): Promise<void>;
  /** Stops accepting connections; idle keep-alive connections end now, the others after their
   * current response. Resolves once every connection has ended. */
  closeServer(): Promise<void>;
  /** Cuts the connections still open once the timeout has passed. */
  destroyConnections(): void;
  /** Stops the background work. The contact delivery finishes a send in progress if it can within
   * `graceMs`, else gives its request back to the outbox. */
  stopBackgroundJobs(graceMs: number): Promise<void>;
  /** Stops listening to database notifications. */
  stopNotifications(): Promise<void>;
  closeDatabase(): Promise<void>;
};

export type Clock = {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const realClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type ShutdownOptions = {
  /** How long to keep serving after markDraining (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** The longest wait for requests in flight; the background work gets what is left of it. */
  timeoutMs: number;
  clock?: Clock;
  log?: Pick<Logger, "info" | "warn" | "error">;
};

export type ShutdownResult = {
  /** Connections were still open at the timeout and were cut. */
  timedOut: boolean;
};

/** A promise that resolves after `ms`, and a way to drop its timer (so that nothing outlives us). */
function delay(clock: Clock, ms: number): { done: Promise<void>; cancel(): void } {
  let handle: unknown;
  const done = new Promise<void>((resolve) => {
    handle = clock.setTimeout(resolve, ms);
  });
  return { done, cancel: () => clock.clearTimeout(handle) };
}

/** Drain, hand off, stop taking connections, finish what is in flight, stop background work, close the
 * database last. Never throws: a failed step is logged and the next one still runs. */
export async function shutdown(steps: ShutdownSteps, options: ShutdownOptions): Promise<ShutdownResult> {
  const { drainMs, timeoutMs, clock = realClock, log } = options;
  const attempt = async (what: string, step: () => Promise<void>) => {
    try {
      await step();
    } catch (error) {
      log?.error({ err: error }, `Shutdown: ${what} failed`);
    }
  };

  steps.markDraining();
  if (drainMs > 0) {
    log?.info({ drainMs }, "Shutdown: draining (readiness 503, still serving)");
    await delay(clock, drainMs).done;
  }

  await attempt("handing off to the other instances", () => steps.handOff());
  const started = clock.now();
  const closed = steps.closeServer().then(
    () => false,
    (error: unknown) => {
      log?.error({ err: error }, "Shutdown: closing the HTTP server failed");
      return false;
    },
  );
  const limit = delay(clock, timeoutMs);
  const timedOut = await Promise.race([closed, limit.done.then(() => true)]);
  limit.cancel();
  if (timedOut) {
    log?.warn({ timeoutMs }, "Shutdown: requests still in flight at the timeout; connections cut");
    steps.destroyConnections();
  }

  const graceMs = Math.max(0, timeoutMs - (clock.now() - started));
  await attempt("stopping background work", () => steps.stopBackgroundJobs(graceMs));
  await attempt("stopping notifications", () => steps.stopNotifications());
  await attempt("closing the database", () => steps.closeDatabase());
  log?.info({ timedOut }, "Shutdown: done");
  return { timedOut };
}

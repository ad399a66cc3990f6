import type { EventEmitter } from "node:events";

/** How long the server must have had no request before it gives memory back. */
export const IDLE_MS = 3000;

type FullCollection = () => void;

/**
 * Once requests stop for IDLE_MS, one full garbage collection that also shrinks the young
 * generation, which V8 otherwise keeps at its largest size after start-up or a burst of traffic
 * (about 30 MB of a small server). Needs `--expose-gc` (package.json's start scripts); without it, does nothing. At
 * most one collection per quiet period, and never while requests come in.
 */
export function releaseMemoryWhenIdle(
  server: Pick<EventEmitter, "on" | "off">,
  {
    collect = fullCollection(),
    now = Date.now,
    setTimer = (run: () => void, ms: number) => setTimeout(run, ms).unref(),
    clearTimer = (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  }: {
    collect?: FullCollection | null;
    now?: () => number;
    setTimer?: (run: () => void, ms: number) => unknown;
    clearTimer?: (timer: unknown) => void;
  } = {},
): () => void {
  if (!collect) return () => {};
  let lastRequest = 0;
  let timer: unknown = null;
  const check = () => {
    const quietFor = now() - lastRequest;
    if (quietFor < IDLE_MS) {
      timer = setTimer(check, IDLE_MS - quietFor);
      return;
    }
    timer = null;
    collect();
  };
  const onRequest = () => {
    lastRequest = now();
    // One timer per quiet period, not one per request.
    timer ??= setTimer(check, IDLE_MS);
  };
  server.on("request", onRequest);
  onRequest(); // start-up leaves garbage too
  return () => {
    server.off("request", onRequest);
    if (timer !== null) clearTimer(timer);
    timer = null;
  };
}

/** V8's "last resort" collection (the one it runs under memory pressure): unlike a plain major GC it
 * also releases the young generation's unused pages. */
function fullCollection(): FullCollection | null {
  const gc = (globalThis as { gc?: (options: object) => void }).gc;
  return gc ? () => gc({ type: "major", execution: "sync", flavor: "last-resort" }) : null;
}

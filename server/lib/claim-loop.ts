// The loop shared by the workers that send what the database holds (the outbox's emails, the contact
// webhook): claim a batch of due rows, handle them together, then sleep until the next row is due
// (at most pollMs). Instances share the rows through their claims, so the loop itself knows nothing
// of other instances; kick() wakes it at once when a row was just written.

export type ClaimLoop = {
  /** Look now (a row was just written or re-queued). */
  kick(): void;
  /** Resolves once nothing is in flight (tests). */
  idle(): Promise<void>;
  /** One look now, resolved when it is over: what a test waits for before checking nothing was sent. */
  look(): Promise<void>;
  /** Claims nothing more and lets the handlers in flight finish. With `graceMs`, those still running
   * after that long see their signal aborted (they give their row back). */
  stop(options?: { graceMs?: number }): Promise<void>;
};

export type ClaimLoopOptions<T> = {
  /** Claims up to batchSize due rows. */
  claim: () => Promise<T[]>;
  /** Handles one claimed row; `signal` is aborted when stop's grace has run out. */
  handle: (row: T, signal: AbortSignal) => Promise<void>;
  /** When the next row falls due, if any. */
  nextDueAt: () => Promise<Date | null>;
  batchSize: number;
  /** Longest sleep between two looks. */
  pollMs: number;
  /** A look failed (the database may be restarting): nothing is lost, the rows stay due. */
  onError: (error: unknown) => void;
  /** Called once stopped (to unregister the worker). */
  onStopped?: () => void;
};

const MIN_SLEEP_MS = 50;

export function startClaimLoop<T>(options: ClaimLoopOptions<T>): ClaimLoop {
  const { claim, handle, nextDueAt, batchSize, pollMs, onError, onStopped } = options;
  let stopped = false;
  const abort = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;
  let again = false;

  function schedule(ms: number) {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(run, ms);
    timer.unref?.();
  }

  async function loop() {
    let sleep = pollMs;
    try {
      for (;;) {
        again = false;
        const claimed = await claim();
        await Promise.all(claimed.map((row) => handle(row, abort.signal)));
        if (stopped) return;
        if (claimed.length === batchSize || again) continue;
        const next = await nextDueAt();
        if (next) sleep = Math.min(pollMs, Math.max(MIN_SLEEP_MS, next.getTime() - Date.now()));
        return;
      }
    } catch (error) {
      if (!stopped) onError(error);
    } finally {
      running = null;
      schedule(again ? 0 : sleep);
    }
  }

  function run() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop();
  }

  const worker: ClaimLoop = {
    kick() {
      if (running) again = true;
      else schedule(0);
    },
    async idle() {
      while (running) await running;
    },
    async look() {
      await worker.idle();
      if (stopped) return;
      clearTimeout(timer);
      running = loop();
      await running;
    },
    async stop({ graceMs } = {}) {
      stopped = true;
      clearTimeout(timer);
      if (graceMs !== undefined && running) {
        let late: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([worker.idle(), new Promise((resolve) => (late = setTimeout(resolve, graceMs)))]);
        clearTimeout(late);
        abort.abort();
      }
      await worker.idle();
      onStopped?.();
    },
  };
  schedule(0); // rows left by a previous run go out at once
  return worker;
}

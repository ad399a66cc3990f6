import type { Logger } from "./log";

export type PeriodicJob = {
  /** Resolves once the current run, if any, has finished (tests). */
  idle(): Promise<void>;
  /** No more runs; waits for the current one. */
  stop(): Promise<void>;
};

/** Runs `work` now, then `intervalMs` after each run ends. A failed run is logged and tried again at
 * the next interval; nothing keeps the process alive. */
export function startPeriodicJob({
  work,
  intervalMs,
  log,
  failure,
}: {
  work: () => Promise<unknown>;
  intervalMs: number;
  log?: Pick<Logger, "error">;
  /** The log message of a failed run. */
  failure: string;
}): PeriodicJob {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | null = null;

  function run() {
    if (stopped) return;
    running = work()
      .then(
        () => {},
        (error: unknown) => {
          if (!stopped) log?.error({ err: error }, failure);
        },
      )
      .finally(() => {
        running = null;
        if (stopped) return;
        timer = setTimeout(run, intervalMs);
        timer.unref?.();
      });
  }

  run();
  return {
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
    },
  };
}

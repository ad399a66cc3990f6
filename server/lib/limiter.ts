export class LimiterFullError extends Error {
  constructor() {
    super("Too many tasks waiting");
  }
}

export type Limiter = {
  /** Runs the task once a slot is free; throws LimiterFullError at once when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T>;
  readonly running: number;
  readonly waiting: number;
};

/** A semaphore with a bounded queue: at most `concurrency` tasks at once, at most `queue` waiting. */
export function createLimiter({ concurrency, queue }: { concurrency: number; queue: number }): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
    async run(task) {
      if (running >= concurrency) {
        if (waiting.length >= queue) throw new LimiterFullError();
        // The slot is handed over by the task that ends, so `running` already counts this one.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        running++;
      }
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

import { describe, expect, it } from "vitest";
import { shutdown, type Clock, type ShutdownSteps } from "./shutdown";

/** A clock that moves only when told to. */
function fakeClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout(callback, ms) {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    pending: () => timers.size,
    /** Moves time on, firing due timers in order, and lets the promises they settle run. */
    advance: async (ms: number) => {
      const end = now + ms;
      for (;;) {
        await flush();
        const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = due[1].at;
        due[1].callback();
      }
      now = end;
      await flush();
    },
  };
}

const flush = async () => {
  for (let i = 0; i < 20; i++) await Promise.resolve();
};

/** Steps that record what happened, with the server's connections ending when `endConnections` is called. */
function recordingSteps(time: () => number) {
  const events: string[] = [];
  const record = (what: string) => {
    events.push(`${what}@${time()}`);
    return Promise.resolve();
  };
  let endConnections!: () => void;
  const steps: ShutdownSteps = {
    markDraining: () => void events.push(`draining@${time()}`),
    handOff: () => record("handoff"),
    closeServer: () => {
      events.push(`close@${time()}`);
      return new Promise((resolve) => (endConnections = resolve));
    },
    destroyConnections: () => {
      events.push(`destroy@${time()}`);
      endConnections();
    },
    stopBackgroundJobs: (graceMs) => record(`jobs(grace ${graceMs})`),
    stopNotifications: () => record("unlisten"),
    closeDatabase: () => record("database"),
  };
  return { events, steps, endConnections: () => endConnections() };
}

describe("shutdown", () => {
  it("drains first, then closes the server, waits for requests in flight, and closes the database last", async () => {
    const { clock, advance, pending } = fakeClock();
    const { events, steps, endConnections } = recordingSteps(clock.now);
    let finished = false;
    const done = shutdown(steps, { drainMs: 5000, timeoutMs: 30_000, clock }).then((result) => {
      finished = true;
      return result;
    });

    await advance(0);
    expect(events).toEqual(["draining@0"]); // still serving: nothing closed during the drain
    await advance(4999);
    expect(events).toEqual(["draining@0"]);
    await advance(1);
    expect(events).toEqual(["draining@0", "handoff@5000", "close@5000"]);

    await advance(2000); // a request still in flight: the rest waits for it
    expect(events).toHaveLength(3);
    endConnections();
    await advance(0);
    expect(finished).toBe(true);
    expect(await done).toEqual({ timedOut: false });
    expect(events).toEqual([
      "draining@0",
      "handoff@5000",
      "close@5000",
      "jobs(grace 28000)@7000", // the background work gets what is left of the timeout
      "unlisten@7000",
      "database@7000",
    ]);
    expect(pending()).toBe(0); // no timer left behind to keep the process alive
  });

  it("cuts the connections still open at the timeout, then goes on", async () => {
    const { clock, advance } = fakeClock();
    const { events, steps } = recordingSteps(clock.now);
    const done = shutdown(steps, { drainMs: 100, timeoutMs: 1000, clock });
    await advance(1099);
    expect(events).toEqual(["draining@0", "handoff@100", "close@100"]);
    await advance(1);
    expect(await done).toEqual({ timedOut: true });
    expect(events).toEqual([
      "draining@0",
      "handoff@100",
      "close@100",
      "destroy@1100",
      "jobs(grace 0)@1100",
      "unlisten@1100",
      "database@1100",
    ]);
  });

  it("with no drain period, closes the server at once", async () => {
    const { clock, advance } = fakeClock();
    const { events, steps, endConnections } = recordingSteps(clock.now);
    const done = shutdown(steps, { drainMs: 0, timeoutMs: 1000, clock });
    await advance(0);
    expect(events).toEqual(["draining@0", "handoff@0", "close@0"]);
    endConnections();
    await done;
    expect(events.at(-1)).toBe("database@0");
  });

  it("waits for the background work before closing the database", async () => {
    const { clock, advance } = fakeClock();
    const { events, steps, endConnections } = recordingSteps(clock.now);
    let finishDelivery!: () => void;
    steps.stopBackgroundJobs = () => {
      events.push(`jobs@${clock.now()}`);
      return new Promise((resolve) => (finishDelivery = resolve));
    };
    const done = shutdown(steps, { drainMs: 0, timeoutMs: 1000, clock });
    await advance(0);
    endConnections();
    await advance(300);
    expect(events).toEqual(["draining@0", "handoff@0", "close@0", "jobs@0"]);
    finishDelivery();
    await done;
    expect(events).toEqual(["draining@0", "handoff@0", "close@0", "jobs@0", "unlisten@300", "database@300"]);
  });

  it("a failing step is logged and the database is still closed", async () => {
    const { clock, advance } = fakeClock();
    const { events, steps, endConnections } = recordingSteps(clock.now);
    steps.stopBackgroundJobs = () => Promise.reject(new Error("webhook"));
    steps.stopNotifications = () => Promise.reject(new Error("connection lost"));
    const errors: string[] = [];
    const log = { info: () => {}, warn: () => {}, error: (_: unknown, message?: string) => void errors.push(message!) };
    const done = shutdown(steps, { drainMs: 0, timeoutMs: 1000, clock, log });
    await advance(0);
    endConnections();
    await done;
    expect(errors).toEqual(["Shutdown: stopping background work failed", "Shutdown: stopping notifications failed"]);
    expect(events.at(-1)).toBe("database@0");
  });
});

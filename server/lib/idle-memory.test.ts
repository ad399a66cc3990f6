import { EventEmitter } from "node:events";
import { describe, expect, it } from "vitest";
import { IDLE_MS, releaseMemoryWhenIdle } from "./idle-memory";

/** A server that emits "request" and a clock whose timers run when the test moves time on. */
function harness() {
  const server = new EventEmitter();
  let clock = 0;
  let timers: { at: number; run: () => void }[] = [];
  let collections = 0;
  const stop = releaseMemoryWhenIdle(server, {
    collect: () => collections++,
    now: () => clock,
    setTimer: (run, ms) => {
      const timer = { at: clock + ms, run };
      timers.push(timer);
      return timer;
    },
    clearTimer: (timer) => (timers = timers.filter((t) => t !== timer)),
  });
  const advance = (ms: number) => {
    const end = clock + ms;
    for (;;) {
      const due = timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((t) => t !== due);
      clock = due.at;
      due.run();
    }
    clock = end;
  };
  return { request: () => server.emit("request"), advance, collections: () => collections, timers: () => timers, stop };
}

describe("releaseMemoryWhenIdle", () => {
  it("collects once after requests stop for IDLE_MS, not while they come in", () => {
    const h = harness();
    for (let i = 0; i < 10; i++) {
      h.request();
      h.advance(IDLE_MS / 2);
    }
    expect(h.collections()).toBe(0);
    h.advance(IDLE_MS / 2);
    expect(h.collections()).toBe(1);
    h.advance(IDLE_MS * 10);
    expect(h.collections()).toBe(1);
  });

  it("collects again after the next burst, and keeps one timer however many requests", () => {
    const h = harness();
    h.request();
    h.advance(IDLE_MS);
    for (let i = 0; i < 100; i++) h.request();
    expect(h.timers()).toHaveLength(1);
    h.advance(IDLE_MS);
    expect(h.collections()).toBe(2);
  });

  it("does nothing without a collector (Node started without --expose-gc), and stops cleanly", () => {
    const server = new EventEmitter();
    releaseMemoryWhenIdle(server, { collect: null });
    expect(server.listenerCount("request")).toBe(0);
    const h = harness();
    h.request();
    h.stop();
    expect(h.timers()).toHaveLength(0);
    h.advance(IDLE_MS);
    expect(h.collections()).toBe(0);
  });
});

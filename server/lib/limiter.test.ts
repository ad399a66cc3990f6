import { describe, expect, it } from "vitest";
import { createLimiter, LimiterFullError } from "./limiter";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

describe("createLimiter", () => {
  it("runs at most `concurrency` tasks at once and starts the next as one ends", async () => {
    const limiter = createLimiter({ concurrency: 2, queue: 10 });
    const gates = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const runs = gates.map((gate, i) =>
      limiter.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(1);
    gates[0]!.resolve();
    expect(await runs[0]).toBe(0);
    await Promise.resolve();
    expect(started).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(2);
    gates[1]!.resolve();
    gates[2]!.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2]);
    expect(limiter.running).toBe(0);
    expect(limiter.waiting).toBe(0);
  });

  it("refuses at once beyond the queue, and frees the slot of a task that throws", async () => {
    const limiter = createLimiter({ concurrency: 1, queue: 1 });
    const gate = deferred();
    const first = limiter.run(() => gate.promise.then(() => Promise.reject(new Error("échec"))));
    const second = limiter.run(() => Promise.resolve("deuxième"));
    await expect(limiter.run(() => Promise.resolve("troisième"))).rejects.toBeInstanceOf(LimiterFullError);
    gate.resolve();
    await expect(first).rejects.toThrow("échec");
    expect(await second).toBe("deuxième");
    expect(limiter.running).toBe(0);
    expect(await limiter.run(() => Promise.resolve("libre"))).toBe("libre");
  });
});

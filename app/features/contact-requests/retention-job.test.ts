// The purge's scheduling, with a stand-in database (the query itself: tests/integration/contact-retention.test.ts).
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../../../server/db/client";
import { startRetentionJob, type RetentionJob } from "./retention-job.server";

const jobs: RetentionJob[] = [];
afterEach(async () => {
  await Promise.all(jobs.splice(0).map((job) => job.stop()));
});

/** A database whose purge fails at its first delete `failures` times, then deletes nothing; `locked`
 * is whether the purge's advisory lock is free (no other instance purging). `calls.count`: the purges
 * that reached their deletes. */
function fakeDb(failures: number, { locked = true } = {}) {
  const calls = { count: 0 };
  const none = () => Promise.resolve([]);
  const db = {
    transaction: (work: (t: unknown) => Promise<unknown>) => {
      let started = false;
      return work({
        execute: () => Promise.resolve({ rows: [{ locked }] }),
        select: () => ({ from: () => ({ where: none }) }),
        delete() {
          if (!started) {
            started = true;
            calls.count++;
            if (calls.count <= failures) throw new Error("connection refused");
          }
          return { where: () => ({ returning: none }) };
        },
        update: () => ({ set: () => ({ where: () => ({ returning: none }) }) }),
      });
    },
  } as unknown as Db;
  return { db, calls };
}

const waitUntil = async (check: () => boolean, timeoutMs = 2000) => {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

describe("retention job", () => {
  it("logs a failed purge instead of throwing, and tries again at the next interval", async () => {
    const { db, calls } = fakeDb(2);
    const log = { info: vi.fn(), error: vi.fn() };
    const job = startRetentionJob({ db, log, intervalMs: 10 });
    jobs.push(job);
    await waitUntil(() => log.info.mock.calls.length > 0);
    expect(calls.count).toBe(3);
    expect(log.error).toHaveBeenCalledTimes(2);
    expect((log.error.mock.calls[0]![0] as { err: unknown }).err).toBeInstanceOf(Error);
    expect(log.info.mock.calls[0]![0]).toMatchObject({ deleted: 0, proposals: 0, emails: 0 });
  });

  it("runs once at start, then no more once stopped", async () => {
    const { db, calls } = fakeDb(0);
    const job = startRetentionJob({ db, intervalMs: 10 });
    await job.idle();
    expect(calls.count).toBe(1);
    await job.stop();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.count).toBe(1);
  });

  it("skips the run while another instance holds the purge's lock", async () => {
    const { db, calls } = fakeDb(0, { locked: false });
    const log = { info: vi.fn(), error: vi.fn() };
    const job = startRetentionJob({ db, log, intervalMs: 60_000 });
    jobs.push(job);
    await job.idle();
    expect(calls.count).toBe(0);
    expect(log.info).toHaveBeenCalledWith("Retention purge running on another instance");
  });
});

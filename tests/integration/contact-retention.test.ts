// The privacy policy's retention promise on a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): requests inactive for longer than the retention period are deleted, the
// others are kept, whatever their delivery state.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactRetentionCutoff } from "../../app/features/contact-requests/retention";
import pg from "pg";
import {
  purgeExpiredContactRequests,
  RETENTION_LOCK_ID,
  startRetentionJob,
} from "../../app/features/contact-requests/retention-job.server";
import {
  deleteContactRequestsInactiveSince,
  getContactRequest,
  insertContactRequest,
  requeueContactRequest,
  setContactStage,
} from "../../app/features/contact-requests/store.server";
import type { Database } from "../../server/db/client";
import { contactRequests } from "../../server/db/schema";
import { createTestDatabase, TEST_DB } from "../support/db";
import { newContactRequest } from "../support/contact-requests";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(contactRequests);
});

const NOW = new Date("2026-11-21T12:00:00.000Z");
const DAY = 24 * 60 * 60 * 1000;
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

let counter = 0;
async function store(createdAt: Date) {
  counter++;
  return insertContactRequest(
    database.db,
    newContactRequest({
      nom_complet: `Client ${counter}`,
      courriel: `client${counter}@exemple.ca`,
      description_demande: "Une distributrice pour la salle des employés.",
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-14-days",
      prefere_telephone: false,
      numero_telephone: null,
      timestamp: createdAt.toISOString(),
      ip_hash: null,
    }),
    createdAt,
  );
}

const exists = async (id: string) => (await getContactRequest(database.db, id)) !== null;

describe("contact request retention", () => {
  it("deletes a request older than two years and keeps a recent one", async () => {
    const old = await store(ago(3 * 365));
    const recent = await store(ago(30));
    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(1);
    expect(await exists(old.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    // A second pass finds nothing more.
    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(0);
  });

  it("counts from the last activity, to the second around the cutoff", async () => {
    const cutoff = contactRetentionCutoff(NOW);
    const justOver = await store(new Date(cutoff.getTime() - 1000));
    const justUnder = await store(new Date(cutoff.getTime() + 1000));
    expect(await deleteContactRequestsInactiveSince(database.db, cutoff)).toBe(1);
    expect(await exists(justOver.id)).toBe(false);
    expect(await exists(justUnder.id)).toBe(true);
  });

  it("keeps an old request handled recently, deletes one delivered and handled long ago", async () => {
    const handledRecently = await store(ago(3 * 365));
    await setContactStage(database.db, handledRecently.id, "en-cours", { now: ago(100) });
    const handledLongAgo = await store(ago(3 * 365));
    await database.db
      .update(contactRequests)
      .set({ status: "delivered", delivered_at: ago(3 * 365 - 1), handled_at: ago(2 * 365 + 30) })
      .where(eq(contactRequests.id, handledLongAgo.id));

    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(1);
    expect(await exists(handledRecently.id)).toBe(true);
    expect(await exists(handledLongAgo.id)).toBe(false);
  });

  it("keeps an old request sent again recently ('Renvoyer') or in flight", async () => {
    const requeued = await store(ago(3 * 365));
    await database.db.update(contactRequests).set({ status: "failed" }).where(eq(contactRequests.id, requeued.id));
    expect(await requeueContactRequest(database.db, requeued.id, ago(10))).not.toBeNull();
    const delivered = await store(ago(3 * 365));
    await database.db
      .update(contactRequests)
      .set({ status: "delivered", delivered_at: ago(20) })
      .where(eq(contactRequests.id, delivered.id));
    const leased = await store(ago(3 * 365));
    await database.db
      .update(contactRequests)
      .set({ next_attempt_at: new Date(NOW.getTime() + 60_000) })
      .where(eq(contactRequests.id, leased.id));

    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(0);
    for (const row of [requeued, delivered, leased]) expect(await exists(row.id)).toBe(true);
  });

  it("purges at start and logs how many requests it deleted", async () => {
    const old = await store(ago(800));
    const recent = await store(ago(1));
    const log = { info: vi.fn(), error: vi.fn() };
    const job = startRetentionJob({ db: database.db, log, now: () => NOW });
    await job.idle();
    await job.stop();
    expect(await exists(old.id)).toBe(false);
    expect(await exists(recent.id)).toBe(true);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]![0]).toMatchObject({ deleted: 1, cutoff: contactRetentionCutoff(NOW) });
    expect(log.error).not.toHaveBeenCalled();
  });

  it("runs on one instance at a time (advisory lock), and again once it is free", async () => {
    const old = await store(ago(3 * 365));
    if (TEST_DB === "postgres") {
      // Another instance's purge in progress: its transaction holds the lock on another connection.
      const url = (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString!;
      const other = new pg.Client({ connectionString: url });
      await other.connect();
      try {
        await other.query("begin");
        await other.query("select pg_advisory_xact_lock($1)", [RETENTION_LOCK_ID]);
        const log = { info: vi.fn(), error: vi.fn() };
        expect(await purgeExpiredContactRequests(database.db, { now: NOW, log })).toBeNull();
        expect(await exists(old.id)).toBe(true);
        expect(log.info).toHaveBeenCalledWith("Retention purge running on another instance");
      } finally {
        await other.query("rollback");
        await other.end();
      }
    }
    // The lock is the transaction's: a purge that ended leaves it free for the next.
    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(1);
    expect(await exists(old.id)).toBe(false);
    expect(await purgeExpiredContactRequests(database.db, { now: NOW })).toBe(0);
  });
});

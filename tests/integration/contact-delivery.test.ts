// The outbox on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) and a real HTTP
// receiver: retries, a receiver that stays down, restarts, and workers racing for the same rows.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ContactWebhookBody } from "../../app/features/contact-requests/webhook";
import {
  startDeliveryWorker,
  type DeliveryWorker,
  type DeliveryOptions,
} from "../../app/features/contact-requests/delivery.server";
import { RETRY_DELAYS_MS } from "../../server/lib/retry";
import { verifyWebhookSignature } from "../../app/features/contact-requests/webhook-signature.server";
import {
  claimDueContactRequests,
  getContactRequest,
  insertContactRequest,
  requeueContactRequest,
} from "../../app/features/contact-requests/store.server";
import { openDatabase, type Database } from "../../server/db/client";
import { contactRequests } from "../../server/db/schema";
import { createTestDatabase, TEST_DB } from "../support/db";
import { deadUrl, startReceiver, waitFor, type Receiver } from "./contact-receiver";
import { newContactRequest } from "../support/contact-requests";

let database: Database;
let receiver: Receiver;
const workers: DeliveryWorker[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(contactRequests);
  receiver = await startReceiver();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await receiver.close();
});

const fast = (extra: Partial<DeliveryOptions> = {}): DeliveryOptions => ({
  db: database.db,
  webhookUrl: receiver.url,
  pollMs: 100,
  retryDelay: (attempts) => (attempts < 10 ? 20 : null),
  ...extra,
});

function start(options: DeliveryOptions): DeliveryWorker {
  const worker = startDeliveryWorker(options);
  workers.push(worker);
  return worker;
}

let counter = 0;
async function store(overrides: Partial<Parameters<typeof insertContactRequest>[1]> = {}, db = database.db) {
  counter++;
  return insertContactRequest(
    db,
    newContactRequest({
      nom_complet: `Client ${counter}`,
      courriel: `client${counter}@exemple.ca`,
      description_demande: "Une distributrice pour la salle des employés.",
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-14-days",
      prefere_telephone: true,
      numero_telephone: "418 555-0142",
      timestamp: new Date().toISOString(),
      ip_hash: null,
      ...overrides,
    }),
  );
}

const row = (id: string) => getContactRequest(database.db, id);
/** The row once it reaches this status, else null (for waitFor). */
const rowWith = async (id: string, status: string) => {
  const current = await row(id);
  return current?.status === status ? current : null;
};

describe("delivery to the webhook", () => {
  it("signs each call with CONTACT_WEBHOOK_SECRET, so the receiver can check where it comes from", async () => {
    const request = await store();
    start(fast({ secret: "secret-partagé-avec-l-automatisation" }));
    await waitFor(() => rowWith(request.id, "delivered"));
    const [call] = receiver.delivered();
    const header = call!.headers["x-signature"] as string;
    expect(verifyWebhookSignature("secret-partagé-avec-l-automatisation", call!.body, header)).toBe(true);
    expect(verifyWebhookSignature("un autre secret", call!.body, header)).toBe(false);
  });

  it("sends no signature header without a secret", async () => {
    const request = await store();
    start(fast());
    await waitFor(() => rowWith(request.id, "delivered"));
    expect(receiver.delivered()[0]!.headers["x-signature"]).toBeUndefined();
  });

  it("retries after failures and delivers exactly once, with the nine-field body and the Idempotency-Key", async () => {
    receiver.failNext(3, 503);
    const request = await store({
      type_emplacement: null,
      emplacement: null,
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
    });
    start(fast());
    const delivered = await waitFor(() => rowWith(request.id, "delivered"), 10_000, "delivery");

    expect(receiver.calls).toHaveLength(4);
    expect(receiver.delivered()).toHaveLength(1);
    const call = receiver.delivered()[0]!;
    const expected: ContactWebhookBody = {
      nom_complet: request.nom_complet,
      courriel: request.courriel,
      description_demande: request.description_demande,
      type_emplacement: null,
      emplacement: null,
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
      timestamp: request.timestamp,
    };
    expect(call.json).toStrictEqual(expected);
    expect(Object.keys(call.json as object)).toEqual([
      "nom_complet",
      "courriel",
      "description_demande",
      "type_emplacement",
      "emplacement",
      "date_installation",
      "prefere_telephone",
      "numero_telephone",
      "timestamp",
    ]);
    expect(call.headers["content-type"]).toBe("application/json");
    // Every attempt carries the same key, so the receiver can drop a repeat.
    expect(new Set(receiver.calls.map((c) => c.headers["idempotency-key"]))).toEqual(new Set([request.id]));
    expect(new Date(request.timestamp).toISOString()).toBe(request.timestamp);

    expect(delivered).toMatchObject({ status: "delivered", attempts: 4, last_error: null });
    expect(delivered.delivered_at).toBeInstanceOf(Date);
  });

  it("records why an attempt failed: an HTTP status, a refused connection, a timeout", async () => {
    receiver.failNext(1, 500);
    const first = await store();
    start(fast({ retryDelay: () => 60_000 }));
    await waitFor(async () => (await row(first.id))!.attempts === 1, 10_000, "first attempt");
    expect((await row(first.id))!.last_error).toBe("Le webhook a répondu 500 (Internal Server Error).");
    await Promise.all(workers.splice(0).map((w) => w.stop()));

    const refused = await store();
    start(fast({ webhookUrl: await deadUrl(), retryDelay: () => 60_000 }));
    await waitFor(async () => (await row(refused.id))!.attempts === 1, 10_000, "refused attempt");
    expect((await row(refused.id))!.last_error).toMatch(/^Webhook injoignable \(ECONNREFUSED\)\.$/);
    await Promise.all(workers.splice(0).map((w) => w.stop()));

    receiver.delay(1_000);
    const slow = await store();
    start(fast({ timeoutMs: 200, retryDelay: () => 60_000 }));
    await waitFor(async () => (await row(slow.id))!.attempts === 1, 10_000, "timed-out attempt");
    expect((await row(slow.id))!.last_error).toBe("Aucune réponse du webhook en 200 ms.");
    expect((await row(slow.id))!.status).toBe("pending");
  });

  it("keeps the request stored and pending while the receiver is down, first retry within a minute", async () => {
    receiver.down("drop");
    const request = await store();
    const before = Date.now();
    const worker = start({ db: database.db, webhookUrl: receiver.url, pollMs: 100 }); // the real retry schedule
    const after = await waitFor(
      async () => {
        const current = await row(request.id);
        return current && current.attempts >= 1 && current.last_error ? current : null;
      },
      10_000,
      "first failed attempt",
    );
    expect(after.status).toBe("pending");
    expect(after.delivered_at).toBeNull();
    expect(after.last_error).toMatch(/^Webhook injoignable/);
    const wait = after.next_attempt_at.getTime() - before;
    expect(wait).toBeGreaterThan(RETRY_DELAYS_MS[0] * 0.85);
    expect(wait).toBeLessThan(60_000);
    // Nothing more happens before the retry is due: the worker looks and sends nothing.
    await worker.look();
    await worker.look();
    expect(receiver.calls).toHaveLength(1);
    expect((await row(request.id))!.attempts).toBe(1);
  });

  it("gives up after the last retry: failed, kept, and sent again on request", async () => {
    receiver.down(502);
    const request = await store();
    start(fast({ retryDelay: (attempts) => (attempts < 3 ? 10 : null) }));
    const failed = await waitFor(() => rowWith(request.id, "failed"), 10_000, "failure");
    expect(failed).toMatchObject({
      status: "failed",
      attempts: 3,
      last_error: "Le webhook a répondu 502 (Bad Gateway).",
    });
    expect(receiver.calls).toHaveLength(3);

    receiver.up();
    expect(await requeueContactRequest(database.db, request.id)).toMatchObject({ status: "pending", attempts: 0 });
    workers[0]!.kick();
    await waitFor(async () => (await row(request.id))?.status === "delivered", 10_000, "delivery after requeue");
    expect(receiver.delivered()).toHaveLength(1);
    // Only failed requests can be re-queued.
    expect(await requeueContactRequest(database.db, request.id)).toBeNull();
  });

  it("sends nothing when the outbox is empty, and delivers a new request as soon as it is kicked", async () => {
    const worker = start(fast({ pollMs: 60_000 }));
    await worker.look();
    expect(receiver.calls).toHaveLength(0);
    const request = await store();
    worker.kick();
    await waitFor(async () => (await row(request.id))?.status === "delivered", 3_000, "kicked delivery");
  });
});

describe("restarts", () => {
  it("delivers requests stored while no worker ran, once one starts", async () => {
    const requests = [await store(), await store(), await store()];
    start(fast());
    await waitFor(
      async () => {
        const rows = await Promise.all(requests.map((r) => row(r.id)));
        return rows.every((r) => r?.status === "delivered");
      },
      10_000,
      "deliveries after start",
    );
    expect(receiver.calls.map((c) => c.headers["idempotency-key"]).sort()).toEqual(requests.map((r) => r.id).sort());
  });

  it("a worker stopped while the receiver is down leaves the request pending; a new worker delivers it", async () => {
    receiver.down("drop");
    const request = await store();
    start(fast({ retryDelay: () => 300 }));
    await waitFor(async () => (await row(request.id))!.attempts >= 1, 10_000, "failed attempt");
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    expect((await row(request.id))!.status).toBe("pending");

    receiver.up();
    start(fast()); // the restart: a new worker on the same database
    const delivered = await waitFor(() => rowWith(request.id, "delivered"), 10_000, "delivery after restart");
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
    expect(receiver.delivered()).toHaveLength(1);
  });

  it("a stop lets the send in flight finish: delivered once, nothing more claimed", async () => {
    receiver.delay(400);
    const first = await store();
    start(fast({ batchSize: 1 }));
    await waitFor(() => receiver.calls.length === 1, 5_000, "send in flight");
    const second = await store();
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    expect(await row(first.id)).toMatchObject({ status: "delivered", attempts: 1 });
    expect(await row(second.id)).toMatchObject({ status: "pending", attempts: 0 });
    expect(receiver.calls).toHaveLength(1);
  });

  it("a send still running when the stop's grace ends is given back and sent again at once after the restart", async () => {
    receiver.delay(2_000);
    const request = await store();
    start(fast());
    await waitFor(() => receiver.calls.length === 1, 5_000, "send in flight");
    const stopped = Date.now();
    await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 100 })));
    expect(Date.now() - stopped).toBeLessThan(1_500);
    const released = (await row(request.id))!;
    expect(released).toMatchObject({ status: "pending", attempts: 0 });
    expect(released.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());

    receiver.delay(0);
    start(fast());
    await waitFor(async () => (await row(request.id))?.status === "delivered", 10_000, "delivery after restart");
    expect(new Set(receiver.calls.map((c) => c.headers["idempotency-key"]))).toEqual(new Set([request.id]));
  });

  it("a crashed worker's claim runs out, then another worker sends the request", async () => {
    const request = await store();
    // A worker that claimed the row and died: its lease is never released.
    const [claim] = await claimDueContactRequests(database.db, { leaseMs: 2_000 });
    expect(claim?.id).toBe(request.id);
    const worker = start(fast());
    await worker.look();
    expect(receiver.calls).toHaveLength(0); // still leased
    await waitFor(async () => (await row(request.id))?.status === "delivered", 10_000, "delivery after the lease");
    expect(receiver.calls).toHaveLength(1);
  });
});

describe("several workers", () => {
  it(`deliver every request exactly once (${TEST_DB === "postgres" ? "two connection pools" : "one embedded database"})`, async () => {
    // On PostgreSQL each worker has its own pool, as two app instances would.
    let second: Database | null = null;
    if (TEST_DB === "postgres") {
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, poolSize: 5 });
    }
    try {
      receiver.delay(5);
      receiver.failNext(6, 503); // some retries in the mix
      const ids: string[] = [];
      for (let i = 0; i < 40; i++) ids.push((await store()).id);
      const dbs = [database.db, second?.db ?? database.db];
      for (let i = 0; i < 4; i++) start(fast({ db: dbs[i % 2]!, batchSize: 3 }));
      await waitFor(
        async () => {
          const [{ value }] = (await database.db
            .select({ value: sql<number>`count(*)`.mapWith(Number) })
            .from(contactRequests)
            .where(eq(contactRequests.status, "delivered"))) as [{ value: number }];
          return value === ids.length;
        },
        30_000,
        "every delivery",
      );
      const keys = receiver.delivered().map((c) => String(c.headers["idempotency-key"]));
      expect(keys).toHaveLength(ids.length);
      expect([...keys].sort()).toEqual([...ids].sort());
      // No request was ever in two sends at once: at most the 6 forced failures were repeats.
      expect(receiver.calls.length).toBe(ids.length + 6);
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await second?.close();
    }
  });
});

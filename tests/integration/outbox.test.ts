// The email outbox on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL) and a real SMTP
// server in this process: what arrives, a server that is down then up, permanent and temporary
// refusals, several recipients, workers racing, a send cut by a stop or by a lease running out.
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { queueNewRequestEmails } from "../../app/features/contact-requests/emails/queue.server";

import type { MailSettings } from "../../server/config";
import { insertContactRequest } from "../../app/features/contact-requests/store.server";
import { openDatabase, type Database, type Db } from "../../server/db/client";
import { contactRequests, outboxMessages } from "../../server/db/schema";
import {
  claimDueMessages,
  countFailedMessages,
  enqueueEmail,
  getOutboxMessage,
  listFailedMessages,
  listMessagesForContactRequest,
  requeueMessage,
  type NewEmail,
} from "../../server/outbox/messages";
import { emailConfigured, kickOutbox } from "../../server/outbox/wake";
import { startOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from "../../server/outbox/worker";
import { createTestDatabase, TEST_DB } from "../support/db";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { waitFor } from "./contact-receiver";
import { newContactRequest } from "../support/contact-requests";

let database: Database;
let smtp: TestSmtpServer;
const workers: OutboxWorker[] = [];

const MAIL: MailSettings = {
  smtpUrl: "smtp://127.0.0.1:25",
  from: "Boréal Distributrices <ventes@exemple.ca>",
  fromAddress: "ventes@exemple.ca",
  leads: ["equipe@exemple.ca", "direction@exemple.ca"],
};

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(outboxMessages);
  await database.db.delete(contactRequests);
  smtp = await startSmtpServer();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await smtp.close();
});

const fast = (extra: Partial<OutboxWorkerOptions> = {}): OutboxWorkerOptions => ({
  db: database.db,
  smtpUrl: smtp.url,
  pollMs: 100,
  timeoutMs: 2_000,
  retryDelay: (attempts) => (attempts < 10 ? 30 : null),
  ...extra,
});

function start(options: OutboxWorkerOptions): OutboxWorker {
  const worker = startOutboxWorker(options);
  workers.push(worker);
  return worker;
}

let counter = 0;
function email(overrides: Partial<NewEmail> = {}): NewEmail {
  counter++;
  return {
    purpose: "staff-notification",
    to: "equipe@exemple.ca",
    replyTo: "Éloïse Côté <eloise.cote@exemple.ca>",
    subject: `Nouvelle demande : Éloïse Côté — Hôpital, Lévis (${counter})`,
    html: `<p>Déjà reçue : « café crème » à l'étage ${counter}.</p>`,
    text: `Déjà reçue : « café crème » à l'étage ${counter}.`,
    ...overrides,
  };
}

async function queue(overrides: Partial<NewEmail> = {}, db: Db = database.db) {
  const row = await enqueueEmail(db, MAIL, email(overrides));
  return row!;
}

const message = (id: string) => getOutboxMessage(database.db, id);
const messageWith = async (id: string, status: string) => {
  const row = await message(id);
  return row?.status === status ? row : null;
};

async function storeRequest(db: Db = database.db) {
  return insertContactRequest(
    db,
    newContactRequest({
      nom_complet: "Éloïse Côté",
      courriel: "eloise.cote@exemple.ca",
      description_demande: "Deux distributrices pour l'hôpital.",
      type_emplacement: "hospital",
      emplacement: "levis",
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
      timestamp: new Date().toISOString(),
      ip_hash: null,
    }),
  );
}

describe("queuing", () => {
  it("queues nothing and says so when email is not configured", async () => {
    expect(await enqueueEmail(database.db, undefined, email())).toBeNull();
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);
    expect(emailConfigured({ mail: undefined })).toBe(false);
    expect(emailConfigured({ mail: MAIL })).toBe(true);
  });

  it("a message queued in a transaction that rolls back is never sent", async () => {
    const rollback = new Error("the cause failed");
    await expect(
      database.db.transaction(async (tx) => {
        await enqueueEmail(tx, MAIL, email());
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    const worker = start(fast());
    await worker.look();
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);
    expect(smtp.dataArrived).toBe(0);
  });

  it("a message queued with its cause goes out once the transaction commits and the worker is kicked", async () => {
    const worker = start(fast({ pollMs: 60_000 }));
    await worker.look();
    const row = await database.db.transaction(async (tx) => {
      const request = await insertContactRequest(
        tx,
        newContactRequest({
          nom_complet: "Éloïse Côté",
          courriel: "eloise.cote@exemple.ca",
          description_demande: "Une machine à café.",
          type_emplacement: null,
          emplacement: null,
          date_installation: null,
          prefere_telephone: false,
          numero_telephone: null,
          timestamp: new Date().toISOString(),
          ip_hash: null,
        }),
      );
      return (await enqueueEmail(tx, MAIL, email({ contactRequestId: request.id })))!;
    });
    const kicked = Date.now();
    kickOutbox(database.db);
    await smtp.waitForMessages(1, 3_000);
    expect(Date.now() - kicked).toBeLessThan(3_000);
    await waitFor(() => messageWith(row.id, "sent"), 3_000, "sent");
  });
});

describe("speed", () => {
  it("an idle worker hands a new email to the server within 5 s (p95 of 30, from the commit)", async () => {
    const worker = start(fast({ pollMs: 60_000 }));
    await worker.look();
    const waits: number[] = [];
    for (let i = 0; i < 30; i++) {
      const row = await queue();
      const committed = Date.now();
      kickOutbox(database.db);
      const received = await smtp.waitForMessages(i + 1, 10_000);
      expect(received[i]!.mail.messageId).toBe(row.message_id);
      waits.push(received[i]!.at - committed);
      await worker.idle();
    }
    waits.sort((a, b) => a - b);
    const p95 = waits[Math.ceil(waits.length * 0.95) - 1]!;
    expect(p95).toBeLessThan(5_000);
    if (process.env.OUTBOX_FIGURES) console.log(`commit → accepted: p50 ${waits[14]} ms, p95 ${p95} ms`);
  });
});

describe("what arrives", () => {
  it("both parts with accents intact, From, To, Reply-To, the Message-ID made when queued", async () => {
    const row = await queue({ to: MAIL.leads });
    expect(row.message_id).toMatch(/^<[0-9a-f-]{36}@exemple\.ca>$/);
    start(fast());
    const [received] = await smtp.waitForMessages(1);
    const mail = received!.mail;
    expect(mail.subject).toBe(row.payload.subject);
    expect(mail.subject).toContain("Nouvelle demande : Éloïse Côté — Hôpital, Lévis");
    expect(mail.text?.trim()).toBe(row.payload.text);
    expect(mail.html).toContain("« café crème » à l'étage");
    expect(mail.messageId).toBe(row.message_id);
    expect(mail.from?.value).toEqual([{ address: "ventes@exemple.ca", name: "Boréal Distributrices" }]);
    const to = Array.isArray(mail.to) ? mail.to : [mail.to!];
    expect(to.flatMap((t) => t.value.map((v) => v.address))).toEqual(MAIL.leads);
    expect(mail.replyTo?.value).toEqual([{ address: "eloise.cote@exemple.ca", name: "Éloïse Côté" }]);
    expect(received!.envelope).toEqual({ from: "ventes@exemple.ca", to: MAIL.leads });
    const sent = await waitFor(() => messageWith(row.id, "sent"), 5_000, "sent");
    expect(sent).toMatchObject({ attempts: 1, last_error: null, claimed_until: null, accepted: MAIL.leads });
    expect(sent.sent_at).toBeInstanceOf(Date);
  });

  it("a new request's two emails, queued with it: French texts and headers intact", async () => {
    const site = { name: "Boréal Distributrices", phone: "418 555-0142", publicUrl: "https://boreal.exemple.ca" };
    expect(
      await queueNewRequestEmails(
        database.db,
        { mail: undefined, site, secret: "s" },
        { ...(await storeRequest()), id: "x" },
      ),
    ).toBeNull();
    expect(await database.db.select().from(outboxMessages)).toHaveLength(0);

    const { request, queued } = await database.db.transaction(async (t) => {
      const request = await storeRequest(t);
      const queued = await queueNewRequestEmails(t, { mail: MAIL, site, secret: "s" }, request);
      return { request, queued: queued! };
    });
    expect(queued.staff).toMatchObject({ purpose: "staff-notification", contact_request_id: request.id });
    expect(queued.confirmation).toMatchObject({ purpose: "prospect-confirmation", contact_request_id: request.id });
    kickOutbox(database.db);
    start(fast({ batchSize: 1 }));
    const [first, second] = await smtp.waitForMessages(2);
    const byTo = (address: string) => [first!, second!].find((r) => r.envelope.to.includes(address))!.mail;
    const toStaff = byTo("equipe@exemple.ca");
    expect(toStaff.subject).toBe("Nouvelle demande\u00a0: Éloïse Côté — Hôpital, Lévis");
    expect(toStaff.messageId).toBe(queued.staff.message_id);
    expect(toStaff.replyTo?.value).toEqual([{ address: "eloise.cote@exemple.ca", name: "Éloïse Côté" }]);
    expect(toStaff.to && !Array.isArray(toStaff.to) ? toStaff.to.value.map((v) => v.address) : []).toEqual(MAIL.leads);
    expect(toStaff.text).toContain("Demande\u00a0: Deux distributrices pour l'hôpital.");
    expect(toStaff.text).toContain(`https://boreal.exemple.ca/login?retour=/edit-demandes/${request.id}`);
    expect(toStaff.html).toContain("Deux distributrices pour l&#x27;hôpital.");
    const toProspect = byTo("eloise.cote@exemple.ca");
    expect(toProspect.subject).toBe("Nous avons bien reçu votre demande — Boréal Distributrices");
    expect(toProspect.replyTo).toBeUndefined();
    expect(toProspect.text).toContain("dans les 24 heures");
    expect(toProspect.html).toContain("https://boreal.exemple.ca/politique-de-confidentialite");
  });

  it("a line break in a subject or a Reply-To cannot add a header", async () => {
    const row = await queue({
      subject: "Bonjour\r\nBcc: cible@exemple.ca",
      replyTo: "x@exemple.ca\nBcc: autre@exemple.ca",
    });
    start(fast());
    const [received] = await smtp.waitForMessages(1);
    expect(received!.mail.bcc).toBeUndefined();
    expect(received!.envelope.to).toEqual(["equipe@exemple.ca"]);
    expect(received!.raw).not.toMatch(/^Bcc:/im);
    expect(row.payload.subject).toBe("Bonjour Bcc: cible@exemple.ca");
  });

  it("extra headers arrive as given; a line break in one cannot add another, and ours cannot be replaced", async () => {
    const row = await queue({
      headers: {
        "List-Unsubscribe": "<https://boreal.exemple.ca/desabonnement/abc>\r\nBcc: cible@exemple.ca",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    });
    expect(row.payload.headers).toEqual({
      "List-Unsubscribe": "<https://boreal.exemple.ca/desabonnement/abc> Bcc: cible@exemple.ca",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    start(fast());
    const [received] = await smtp.waitForMessages(1);
    expect(received!.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r$/m);
    expect(received!.raw).toMatch(/^List-Unsubscribe: <https:\/\/boreal\.exemple\.ca\/desabonnement\/abc>/m);
    expect(received!.raw).not.toMatch(/^Bcc:/im);
    expect(received!.envelope.to).toEqual(["equipe@exemple.ca"]);
    for (const name of ["Bcc", "subject", "Content-Type", "Message-ID", "X Bad"])
      await expect(queue({ headers: { [name]: "x" } })).rejects.toThrow(`cannot carry the header '${name}'`);
  });
});

describe("retries and failures", () => {
  it("SMTP server down, then up: the message waits, then is sent exactly once", async () => {
    await smtp.stop();
    const row = await queue();
    start(fast({ retryDelay: () => 200 }));
    const waiting = await waitFor(
      async () => ((await message(row.id))!.attempts >= 2 ? message(row.id) : null),
      10_000,
      "failed attempts",
    );
    expect(waiting).toMatchObject({ status: "pending" });
    expect(waiting.last_error).toBe("Serveur de courriel injoignable (ECONNREFUSED).");
    await smtp.start();
    const sent = await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent after the server came back");
    expect(sent.attempts).toBeGreaterThanOrEqual(3);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.messageId).toBe(row.message_id);
  });

  it("550 on RCPT TO: failed at once, with the server's reason, listed among the failures", async () => {
    smtp.refuseRcpt(550);
    const row = await queue();
    start(fast());
    const failed = await waitFor(() => messageWith(row.id, "failed"), 10_000, "failure");
    expect(failed.attempts).toBe(1);
    expect(failed.last_error).toBe(
      "Refusé par le serveur de courriel : 550 5.1.1 Recipient address rejected: User unknown",
    );
    expect(smtp.received).toHaveLength(0);
    expect((await listFailedMessages(database.db)).map((m) => m.id)).toEqual([row.id]);
    expect(await countFailedMessages(database.db)).toBe(1);

    // 'Renvoyer' once the address is corrected on the server's side.
    smtp.ok();
    expect(await requeueMessage(database.db, row.id)).toMatchObject({ status: "pending", attempts: 0 });
    workers[0]!.kick();
    await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent after requeue");
    expect(smtp.received).toHaveLength(1);
    expect(await requeueMessage(database.db, row.id)).toBeNull();
    expect(await countFailedMessages(database.db)).toBe(0);
  });

  it("550 at the end of DATA: failed with the reason", async () => {
    smtp.refuseData(554, { message: "5.7.1 Message rejected as spam" });
    const row = await queue();
    start(fast());
    const failed = await waitFor(() => messageWith(row.id, "failed"), 10_000, "failure");
    expect(failed.last_error).toBe("Refusé par le serveur de courriel : 554 5.7.1 Message rejected as spam");
  });

  it("451 (greylisting) twice, then accepted: retried, sent once", async () => {
    smtp.refuseRcpt(451, { times: 2 });
    const row = await queue();
    start(fast());
    const sent = await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent");
    expect(sent.attempts).toBe(3);
    expect(smtp.received).toHaveLength(1);
  });

  it("451 at the end of DATA is retried too; the real schedule waits about 30 s", async () => {
    smtp.refuseData(451);
    const row = await queue();
    const before = Date.now();
    start({ db: database.db, smtpUrl: smtp.url, pollMs: 100 });
    const waiting = await waitFor(
      async () => ((await message(row.id))!.attempts === 1 ? message(row.id) : null),
      10_000,
      "first attempt",
    );
    expect(waiting.status).toBe("pending");
    expect(waiting.last_error).toBe("Refus temporaire du serveur de courriel : 451 4.3.0 Queue full, try again later");
    const wait = waiting.next_attempt_at.getTime() - before;
    expect(wait).toBeGreaterThan(25_000);
    expect(wait).toBeLessThan(60_000);
  });

  it("gives up after the last retry and keeps the message as failed", async () => {
    smtp.refuseRcpt(421);
    const row = await queue();
    start(fast({ retryDelay: (attempts) => (attempts < 3 ? 10 : null) }));
    const failed = await waitFor(() => messageWith(row.id, "failed"), 10_000, "failure");
    expect(failed.attempts).toBe(3);
    expect(failed.last_error).toMatch(/^Refus temporaire du serveur de courriel : 421 /);
  });
});

describe("several recipients", () => {
  it("one refused for good: the others get it once; the message is failed, naming who and why", async () => {
    smtp.refuseRcpt(550, { recipient: "direction@exemple.ca" });
    const row = await queue({ to: MAIL.leads });
    start(fast());
    const failed = await waitFor(() => messageWith(row.id, "failed"), 10_000, "failure");
    expect(failed.accepted).toEqual(["equipe@exemple.ca"]);
    expect(failed.last_error).toBe(
      "Refusé par le serveur de courriel pour direction@exemple.ca : 550 5.1.1 Recipient address rejected: User unknown",
    );
    expect(smtp.received.map((r) => r.envelope.to)).toEqual([["equipe@exemple.ca"]]);
  });

  it("one deferred (451): the others get it at once, the deferred one at the retry, never twice", async () => {
    smtp.refuseRcpt(451, { recipient: "direction@exemple.ca", times: 1 });
    const row = await queue({ to: MAIL.leads });
    start(fast());
    const sent = await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent");
    expect(sent.attempts).toBe(2);
    expect(sent.accepted).toEqual(MAIL.leads);
    expect(smtp.received.map((r) => r.envelope.to)).toEqual([["equipe@exemple.ca"], ["direction@exemple.ca"]]);
    expect(new Set(smtp.received.map((r) => r.mail.messageId))).toEqual(new Set([row.message_id]));
  });
});

describe("stops, crashes and several instances", () => {
  it("a stop lets the send in flight finish", async () => {
    smtp.holdData(300);
    const row = await queue();
    start(fast());
    await waitFor(() => smtp.dataArrived === 1, 5_000, "send in flight");
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    expect(await message(row.id)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("a send cut by the stop's grace is given back and sent again after the restart, same Message-ID", async () => {
    smtp.holdData(3_000);
    const row = await queue();
    start(fast({ timeoutMs: 10_000 }));
    await waitFor(() => smtp.dataArrived === 1, 5_000, "send in flight");
    const stopping = Date.now();
    await Promise.all(workers.splice(0).map((w) => w.stop({ graceMs: 100 })));
    expect(Date.now() - stopping).toBeLessThan(1_500);
    const released = (await message(row.id))!;
    expect(released).toMatchObject({ status: "pending", attempts: 0, claimed_until: null });
    expect(released.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());

    smtp.holdData(0);
    start(fast()); // the restart
    await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent after the restart");
    expect(smtp.received.length).toBeGreaterThanOrEqual(1);
    expect(new Set(smtp.received.map((r) => r.mail.messageId))).toEqual(new Set([row.message_id]));
  });

  it("a worker that dies mid-send: its lease runs out and another sends the message, same Message-ID", async () => {
    const row = await queue();
    // A worker that claimed the message and died: its lease is never released.
    const [claim] = await claimDueMessages(database.db, { leaseMs: 1_500 });
    expect(claim?.id).toBe(row.id);
    const worker = start(fast());
    await worker.look();
    expect(smtp.dataArrived).toBe(0); // still leased
    const sent = await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent after the lease");
    expect(sent.attempts).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.mail.messageId).toBe(row.message_id);
  });

  it("a lease that runs out during a slow send: sent again with the same Message-ID, recorded once", async () => {
    smtp.holdData(1_200);
    const row = await queue();
    start(fast({ leaseMs: 300, timeoutMs: 5_000 }));
    start(fast({ timeoutMs: 5_000 }));
    await waitFor(() => messageWith(row.id, "sent"), 10_000, "sent");
    await smtp.waitForMessages(2);
    expect(new Set(smtp.received.map((r) => r.mail.messageId))).toEqual(new Set([row.message_id]));
    expect((await message(row.id))!.status).toBe("sent");
  });

  it(`two workers send 200 emails, each exactly once (${TEST_DB === "postgres" ? "two connection pools" : "one embedded database"})`, async () => {
    let second: Database | null = null;
    if (TEST_DB === "postgres") {
      const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
        .connectionString;
      second = await openDatabase({ databaseUrl: url, poolSize: 5 });
    }
    try {
      smtp.refuseRcpt(451, { times: 5 }); // some retries in the mix
      const rows = await database.db.transaction(async (tx) => {
        const out = [];
        for (let i = 0; i < 200; i++) out.push((await enqueueEmail(tx, MAIL, email()))!);
        return out;
      });
      const began = Date.now();
      start(fast({ batchSize: 5 }));
      start(fast({ db: second?.db ?? database.db, batchSize: 5 }));
      await waitFor(
        async () => {
          const [{ value }] = (await database.db
            .select({ value: sql<number>`count(*)`.mapWith(Number) })
            .from(outboxMessages)
            .where(eq(outboxMessages.status, "sent"))) as [{ value: number }];
          return value === rows.length;
        },
        50_000,
        "every email sent",
      );
      if (process.env.OUTBOX_FIGURES) console.log(`200 emails, two workers: ${Date.now() - began} ms`);
      const ids = smtp.received.map((r) => r.mail.messageId);
      expect(ids).toHaveLength(rows.length);
      expect([...ids].sort()).toEqual(rows.map((r) => r.message_id).sort());
    } finally {
      await Promise.all(workers.splice(0).map((w) => w.stop()));
      await second?.close();
    }
  });
});

describe("for the staff screens", () => {
  it("a request's messages, oldest first; erasing the request erases them", async () => {
    const request = await storeRequest();
    const first = await queue({ contactRequestId: request.id, purpose: "staff-notification" });
    const second = await queue({
      contactRequestId: request.id,
      purpose: "prospect-confirmation",
      to: "eloise.cote@exemple.ca",
    });
    const other = await queue();
    expect((await listMessagesForContactRequest(database.db, request.id)).map((m) => m.id)).toEqual([
      first.id,
      second.id,
    ]);
    await database.db.delete(contactRequests).where(eq(contactRequests.id, request.id));
    expect(await listMessagesForContactRequest(database.db, request.id)).toEqual([]);
    expect(await message(first.id)).toBeNull();
    expect(await message(other.id)).not.toBeNull();
  });
});

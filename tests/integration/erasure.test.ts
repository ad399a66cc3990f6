// Erasure and retention on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), with a real
// SMTP server: a person with a request, notes, a reply, two versions of a proposal (the second
// accepted, the first with changes asked for) and a proposal not linked to the request is erased by
// address; then every text, JSON and array column of every table is searched for their name and
// address, and nothing is found. Their links answer 410; deleting one request erases what it led to;
// the retention periods delete proposals and emails, the clock moved instead of waited for.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toFormData } from "../../app/lib/form-values";
import { ERASED_PERSON } from "../../app/features/contact-requests/erasure";
import { purgeExpiredData } from "../../app/features/contact-requests/retention-job.server";
import { insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { selectRows } from "../../server/db/client";
import {
  activityLog,
  contactRequests,
  erasedProposalLinks,
  installations,
  outboxMessages,
  proposals,
  serviceTickets,
} from "../../server/db/schema";
import { enqueueEmail } from "../../server/outbox/messages";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let cookie: string;
let machineId: string;
const productIds: string[] = [];
const LEADS = "equipe@exemple.ca";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: LEADS,
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  cookie = await app.login();
  const machine = await insertMachine(app.db(), {
    nom: "Boréal Signature",
    description: "Une machine élégante.",
    images: ["/media/machine-images/chassis.jpg"],
    produits_par_rangee: 6,
    nombre_de_rangees: 6,
  });
  machineId = machine!.id;
  for (const [nom, prix] of [
    ["Café filtre corsé", 2.25],
    ["Éclair au chocolat", 3.5],
  ] as const)
    productIds.push((await insertProduct(app.db(), { nom, prix })).id);
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await settle();
  await app.db().delete(proposals);
  await app.db().delete(outboxMessages);
  await app.db().delete(contactRequests);
  await app.db().delete(activityLog);
  await app.db().delete(erasedProposalLinks);
  smtp.received.length = 0;
});

/** Lets the outbox worker send what the last request queued. */
async function settle() {
  await new Promise((r) => setTimeout(r, 200));
  await worker.idle();
}

let ipCounter = 0;
function contactForm(name: string, email: string) {
  return app.fetch("/contact", {
    method: "POST",
    headers: { "x-forwarded-for": `198.51.100.${++ipCounter}` },
    body: new URLSearchParams({
      nom_complet: name,
      courriel: email,
      description_demande: `Bonjour, c'est ${name} : une distributrice pour notre salle des employés.`,
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-3-months",
      prefere_telephone: "on",
      numero_telephone: "418 555-0142",
    }),
  });
}

async function requestOf(email: string) {
  const [row] = await app.db().select().from(contactRequests).where(eq(contactRequests.courriel, email));
  return row!;
}

/** Posts a form of the inbox or a request's page as the app's fetchers do. */
async function staffPost(path: string, fields: Record<string, unknown>) {
  const response = await app.fetch(`${path}.data`, { method: "POST", body: toFormData(fields), headers: { cookie } });
  return { status: response.status, text: await response.text() };
}

const layout = () =>
  JSON.stringify({
    sections: [{ rows: 6, cols: 6, position: { x: 20, y: 50 }, size: { width: 300, height: 400 } }],
    slots: [0, 1, 2].map((slot) => ({ section: 0, slot, productId: productIds[slot % 2] })),
  });

/** Sends a proposal through the customiser's form, as the staff do; returns the new row. */
async function sendProposal(fields: Record<string, string>) {
  const response = await app.fetch(`/creer-machine/${machineId}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({ intent: "send-proposal", layout: layout(), message: "", ...fields }),
  });
  expect(response.status).toBeLessThan(400);
  const [row] = await app
    .db()
    .select()
    .from(proposals)
    .orderBy(sql`created_at desc`)
    .limit(1);
  return row!;
}

function clientPost(token: string, fields: Record<string, string>) {
  return app.fetch(`/proposition/${token}`, {
    method: "POST",
    headers: { "x-forwarded-for": `203.0.113.${++ipCounter}` },
    body: new URLSearchParams(fields),
  });
}

/** Every text, JSON and array column of every table of the database, as information_schema lists
 * them; the "table.column" of each one holding one of the needles (case ignored). */
async function columnsHolding(needles: readonly string[]): Promise<string[]> {
  const columns = await selectRows<{ table_name: string; column_name: string }>(
    app.db(),
    sql`select c.table_name, c.column_name
          from information_schema.columns c
          join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
         where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
           and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'))
         order by 1, 2`,
  );
  expect(columns.length).toBeGreaterThan(40);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const conditions = sql.join(
      needles.map((needle) => sql`position(lower(${needle}) in lower(${sql.identifier(column_name)}::text)) > 0`),
      sql` or `,
    );
    const [row] = await selectRows<{ n: number }>(
      app.db(),
      sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${conditions}`,
    );
    if (row!.n > 0) found.push(`${table_name}.${column_name}`);
  }
  return found;
}

const PERSON = { name: "Élise D'Amours-Tremblay", email: "elise.damours@exemple.ca" };
// Her name as it may be written elsewhere (HTML escapes the apostrophe): the surname alone.
const PERSON_NEEDLES = [PERSON.name, PERSON.email, "Amours-Tremblay"];
const OTHER = { name: "Marc-Antoine Côté", email: "marc.cote@exemple.ca" };

describe("erasing a person by address (Law 25)", () => {
  it("leaves nothing that names them in any table, keeps everyone else, and their links answer 410", async () => {
    // Her request (the team's notification and her confirmation), and someone else's.
    expect((await contactForm(PERSON.name, PERSON.email)).status).toBe(302);
    expect((await contactForm(OTHER.name, OTHER.email)).status).toBe(302);
    const request = await requestOf(PERSON.email);
    const other = await requestOf(OTHER.email);
    const page = `/edit-demandes/${request.id}`;
    expect(
      (await staffPost(page, { id: request.id, intent: "note", body: `Rappeler ${PERSON.name} mardi.` })).status,
    ).toBe(200);
    expect(
      (
        await staffPost(page, {
          id: request.id,
          intent: "repondre",
          body: `Bonjour ${PERSON.name}, merci de votre demande.`,
        })
      ).status,
    ).toBe(200);
    expect((await staffPost(page, { id: request.id, intent: "statut", stage: "en-cours" })).status).toBe(200);

    // Two versions of her proposal: changes asked for on the first, the second accepted.
    const client = { client_name: PERSON.name, client_email: PERSON.email, contact_request_id: request.id };
    const first = await sendProposal(client);
    const changes = await clientPost(first.token, {
      intent: "changes",
      change_request: `Plus de thé glacé, s.v.p. Écrivez à ${PERSON.email}.`,
    });
    expect(changes.status).toBe(200);
    const second = await sendProposal({ ...client, previous_id: first.id });
    expect(second).toMatchObject({ version: 2, previous_id: first.id });
    expect((await clientPost(second.token, { intent: "accept" })).status).toBe(200);
    // A proposal emailed to her without a request, and one for the other person.
    const unlinked = await sendProposal({ client_name: PERSON.name, client_email: PERSON.email });
    const kept = await sendProposal({
      client_name: OTHER.name,
      client_email: OTHER.email,
      contact_request_id: other.id,
    });
    await settle();
    expect(smtp.received.filter((m) => m.envelope.to.includes(PERSON.email)).length).toBeGreaterThanOrEqual(5);

    // Her machine, installed with her as its contact; a problem she reported at it, and one from
    // someone else that names her.
    const machine = { address: "12, rue des Érables, Lévis", machine_name: "Boréal Élégance" };
    const [installed] = await app
      .db()
      .insert(installations)
      .values({
        ...machine,
        code: "BD-E7S2",
        client_name: `Bureau ${PERSON.name}`,
        contact_name: PERSON.name,
        contact_email: PERSON.email,
        contact_phone: "418 555-0177",
      })
      .returning();
    const ticket = { installation_id: installed!.id, kind: "probleme" as const, due_at: new Date() };
    await app
      .db()
      .insert(serviceTickets)
      .values([
        { ...ticket, code: "S-E7S2A", problem: "pas-distribue", contact_email: PERSON.email.toUpperCase() },
        { ...ticket, code: "S-E7S2B", problem: "autre", description: `Merci de prévenir ${PERSON.name}.` },
      ]);

    // Before: she is in the request, its note, the proposals, the emails and the journal.
    const before = await columnsHolding(PERSON_NEEDLES);
    for (const column of [
      "contact_requests.nom_complet",
      "contact_requests.courriel",
      "contact_request_notes.body",
      "proposals.client_name",
      "proposals.client_email",
      "proposals.change_request",
      "outbox_messages.payload",
      "activity_log.summary",
      "installations.client_name",
      "installations.contact_email",
      "service_tickets.contact_email",
      "service_tickets.description",
    ])
      expect(before).toContain(column);

    // The address as she wrote it to us, in other capitals: the confirmation is required.
    const typed = "Elise.DAmours@Exemple.CA";
    const refused = await staffPost("/edit-demandes", { intent: "effacer-personne", courriel: typed });
    expect(refused.status).toBe(400);
    expect(await columnsHolding([PERSON.email])).toContain("contact_requests.courriel");
    const notAnAddress = await staffPost("/edit-demandes", {
      intent: "effacer-personne",
      courriel: "elise",
      confirmation: "effacer",
    });
    expect(notAnAddress.status).toBe(400);
    expect(notAnAddress.text).toContain("Entrez l'adresse courriel complète de la personne");

    const erased = await staffPost("/edit-demandes", {
      intent: "effacer-personne",
      courriel: typed,
      confirmation: "effacer",
    });
    expect(erased.status).toBe(200);
    expect(erased.text).toContain("Personne effacée");
    expect(erased.text).toContain("1 demande, 3 propositions");

    // After: nothing, anywhere. Her machine stays, without her; her ticket goes, the other stays.
    expect(await columnsHolding(PERSON_NEEDLES)).toEqual([]);
    const [machineAfter] = await app.db().select().from(installations).where(eq(installations.id, installed!.id));
    expect(machineAfter).toMatchObject({ code: "BD-E7S2", contact_email: "", contact_phone: "" });
    expect(machineAfter!.contact_name).toBe(ERASED_PERSON);
    expect((await app.db().select().from(serviceTickets)).map((t) => t.code)).toEqual(["S-E7S2B"]);

    // The journal keeps what was done, without whom; its own line names no one.
    const journal = await app.db().select().from(activityLog);
    expect(journal.some((line) => line.summary.includes(`pour ${ERASED_PERSON}`))).toBe(true);
    const own = journal.filter((line) => line.action === "effacer-personne");
    expect(own).toHaveLength(1);
    expect(own[0]!.summary).toMatch(
      /^1 demande, 3 propositions, \d+ courriels, \d+ lignes? du journal anonymisées?, 1 signalement, 1 installation anonymisée$/,
    );

    // The other person is untouched: request, proposal, emails.
    expect(await requestOf(OTHER.email)).toBeDefined();
    expect(await columnsHolding([OTHER.email])).toEqual(
      expect.arrayContaining(["contact_requests.courriel", "proposals.client_email", "outbox_messages.payload"]),
    );
    expect((await app.db().select().from(proposals).where(eq(proposals.id, kept.id))).length).toBe(1);

    // Her links: gone (410, a French page), the PDF's too; an unknown token stays 404; another
    // person's proposal still opens.
    for (const p of [first, second, unlinked]) {
      const response = await app.fetch(`/proposition/${p.token}`);
      expect(response.status).toBe(410);
      const html = await response.text();
      expect(html).toContain("Cette proposition n&#x27;est plus disponible");
      expect(html).toContain('lang="fr-CA"');
      expect((await app.fetch(`/proposition/${p.token}.pdf`)).status).toBe(410);
    }
    expect((await app.fetch(`/proposition/${randomBytes(16).toString("hex")}`)).status).toBe(404);
    expect((await app.fetch(`/proposition/${kept.token}`)).status).toBe(200);
    // Answering on an erased link changes nothing.
    expect((await clientPost(second.token, { intent: "accept" })).status).toBeGreaterThanOrEqual(400);
    expect(await columnsHolding(PERSON_NEEDLES)).toEqual([]);

    // Erasing again finds nothing to erase, and says so.
    const again = await staffPost("/edit-demandes", {
      intent: "effacer-personne",
      courriel: typed,
      confirmation: "effacer",
    });
    expect(again.status).toBe(404);
    expect(again.text).toContain("rien à effacer");
  });

  it("is refused to a signed-out visitor, and changes nothing", async () => {
    await contactForm(PERSON.name, PERSON.email);
    const response = await app.fetch("/edit-demandes.data", {
      method: "POST",
      body: toFormData({ intent: "effacer-personne", courriel: PERSON.email, confirmation: "effacer" }),
    });
    expect(response.status).toBe(401);
    expect(await requestOf(PERSON.email)).toBeDefined();
  });
});

describe("deleting one request", () => {
  it("erases the proposals made for it (every version), their emails and the journal's mentions", async () => {
    await contactForm(PERSON.name, PERSON.email);
    const request = await requestOf(PERSON.email);
    const client = { client_name: PERSON.name, client_email: PERSON.email, contact_request_id: request.id };
    const first = await sendProposal(client);
    const second = await sendProposal({ ...client, previous_id: first.id });
    await settle();
    const deleted = await staffPost(`/edit-demandes/${request.id}`, {
      id: request.id,
      intent: "supprimer",
      confirmation: "supprimer",
    });
    expect(deleted.status).toBe(202);
    expect(await columnsHolding(PERSON_NEEDLES)).toEqual([]);
    for (const p of [first, second]) expect((await app.fetch(`/proposition/${p.token}`)).status).toBe(410);
    const journal = (await app.db().select().from(activityLog)).map((line) => line.summary);
    expect(journal.some((line) => line.includes(`pour ${ERASED_PERSON}`))).toBe(true);
  });
});

describe("retention", () => {
  const NOW = new Date("2026-12-02T12:00:00.000Z");
  const DAY = 24 * 60 * 60 * 1000;
  const ago = (days: number) => new Date(NOW.getTime() - days * DAY);

  async function proposalAt(fields: Partial<typeof proposals.$inferInsert>) {
    const [row] = await app
      .db()
      .insert(proposals)
      .values({
        token: randomBytes(16).toString("hex"),
        machine_name: "Boréal Signature",
        machine_image: "/placeholder.svg",
        sections: [],
        client_name: "Client ancien",
        client_email: "ancien@exemple.ca",
        ...fields,
      })
      .returning();
    return row!;
  }

  const exists = async (id: string) =>
    (await app.db().select({ id: proposals.id }).from(proposals).where(eq(proposals.id, id))).length > 0;

  it("deletes a proposal two years after its last change, and its link then answers 410", async () => {
    const old = await proposalAt({ created_at: ago(2 * 365 + 10) });
    const viewedLater = await proposalAt({ created_at: ago(3 * 365), viewed_at: ago(2 * 365 + 5) });
    const acceptedRecently = await proposalAt({ created_at: ago(3 * 365), status: "acceptee", accepted_at: ago(400) });
    const changesRecently = await proposalAt({ created_at: ago(3 * 365), change_requested_at: ago(30) });
    const recent = await proposalAt({ created_at: ago(700) });

    const purged = await purgeExpiredData(app.db(), { now: NOW });
    expect(purged).toMatchObject({ proposals: 2 });
    expect(await exists(old.id)).toBe(false);
    expect(await exists(viewedLater.id)).toBe(false);
    for (const p of [acceptedRecently, changesRecently, recent]) expect(await exists(p.id)).toBe(true);
    expect((await app.fetch(`/proposition/${old.token}`)).status).toBe(410);
    expect((await app.fetch(`/proposition/${old.token}.pdf`)).status).toBe(410);
    expect(await app.db().select().from(erasedProposalLinks)).toHaveLength(2);

    // A year later, the accepted one and the recent one go; the one with changes asked a month ago stays.
    expect(await purgeExpiredData(app.db(), { now: new Date(NOW.getTime() + 365 * DAY) })).toMatchObject({
      proposals: 2,
    });
    expect(await exists(changesRecently.id)).toBe(true);
  });

  it("deletes emails 90 days after sending or failing; those still to send stay", async () => {
    const mail = app.services.config.mail!;
    const email = async (status: "pending" | "sent" | "failed", at: Date) => {
      const row = await enqueueEmail(
        app.db(),
        mail,
        { purpose: "proposal", to: "ancien@exemple.ca", subject: "Votre proposition", html: "<p>x</p>", text: "x" },
        at,
      );
      await app
        .db()
        .update(outboxMessages)
        .set({
          status,
          sent_at: status === "sent" ? at : null,
          next_attempt_at: status === "pending" ? new Date(NOW.getTime() + 3_600_000) : at,
        })
        .where(eq(outboxMessages.id, row!.id));
      return row!.id;
    };
    const sentLongAgo = await email("sent", ago(91));
    const sentRecently = await email("sent", ago(89));
    const failedLongAgo = await email("failed", ago(120));
    const failedRecently = await email("failed", ago(10));
    const waiting = await email("pending", ago(200));

    expect(await purgeExpiredData(app.db(), { now: NOW })).toMatchObject({ emails: 2 });
    const left = (await app.db().select({ id: outboxMessages.id }).from(outboxMessages)).map((row) => row.id);
    expect(left).not.toContain(sentLongAgo);
    expect(left).not.toContain(failedLongAgo);
    expect(left).toEqual(expect.arrayContaining([sentRecently, failedRecently, waiting]));
  });

  it("clears a machine ticket's email and phone a year after it came; the ticket stays", async () => {
    const [machine] = await app
      .db()
      .insert(installations)
      .values({ code: "BD-R3T4", client_name: "Garage", address: "Lévis", contact_name: "", machine_name: "M" })
      .returning();
    const ticket = (code: string, received_at: Date) => ({
      code,
      installation_id: machine!.id,
      kind: "probleme" as const,
      problem: "pas-distribue" as const,
      contact_email: `${code}@exemple.ca`,
      contact_phone: "418 555-0100",
      received_at,
      due_at: received_at,
    });
    await app
      .db()
      .insert(serviceTickets)
      .values([ticket("S-OLD22", ago(366)), ticket("S-NEW22", ago(300))]);

    expect(await purgeExpiredData(app.db(), { now: NOW })).toMatchObject({ tickets: 1 });
    const rows = await app.db().select().from(serviceTickets).where(eq(serviceTickets.installation_id, machine!.id));
    const byCode = Object.fromEntries(rows.map((row) => [row.code, row]));
    expect(byCode["S-OLD22"]).toMatchObject({ contact_email: null, contact_phone: null });
    expect(byCode["S-NEW22"]).toMatchObject({ contact_email: "S-NEW22@exemple.ca", contact_phone: "418 555-0100" });
  });

  it("are said on the privacy page, with what a person can ask and where requests go", async () => {
    const html = await (await app.fetch("/politique-de-confidentialite")).text();
    const text = html
      .replace(/<[^>]+>/g, "")
      .replace(/&nbsp;|\u00a0/g, " ")
      .replace(/&#x27;|&#39;/g, "'");
    expect(text).toContain("au plus deux ans après notre dernier échange");
    expect(text).toContain("supprimée, avec chacune de ses versions, deux ans après sa dernière modification");
    expect(text).toContain("supprimés 90 jours après leur envoi");
    expect(text).toContain(
      "et la photo que vous y avez jointe, au plus un an après sa réception, puis ces coordonnées et la photo sont effacées",
    );
    expect(text).toContain("à vos signalements (avec leur photo)");
    expect(text).toContain("demander leur suppression");
    // No follow-up tool is connected here: the page does not say requests are sent to one.
    expect(text).toContain("où notre équipe traite les demandes");
    expect(text).not.toContain("outil interne");
  });
});

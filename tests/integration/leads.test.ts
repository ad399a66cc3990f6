// Leads from the contact form to a sale, on the built app with a real SMTP server in this process
// (PGlite, and PostgreSQL with TEST_DATABASE_URL): the staff email and the prospect's confirmation
// through the real form POST; a reply from a request's page and its thread; stage changes and notes;
// search; the CSV export read back; every spam path and a released request sent once; erasure.
import { parse } from "csv-parse/sync";
import { typography } from "~/lib/typography";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getContactRequest, listContactRequests } from "../../app/features/contact-requests/store.server";
import { csvDateTime, csvFileName } from "../../app/features/contact-requests/csv-columns";
import {
  contactConfirmations,
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  outboxMessages,
} from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";
import { waitFor } from "./contact-receiver";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let cookie: string;

const LEADS = "equipe@exemple.ca";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: LEADS,
    PUBLIC_URL: "https://boreal.exemple.ca",
    CONTACT_MAX_PER_HOUR: "30",
  });
  // A long poll: an email that arrives at once proves the form's action woke the worker.
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  cookie = await app.login();
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await quiet(); // what the previous test queued has gone out
  await app.db().delete(contactRequests);
  await app.db().delete(outboxMessages);
  await app.db().delete(contactConfirmations); // one confirmation a day per address: each test starts anew
  smtp.received.length = 0;
  app.services.config.contactMaxPerHour = 30;
});

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const valid = {
  nom_complet: "Éloïse Côté",
  courriel: "eloise.cote@exemple.ca",
  description_demande: "Deux distributrices pour la salle des employés de l'hôpital.",
  type_emplacement: "hospital",
  emplacement: "levis",
  date_installation: "1-3-months",
  prefere_telephone: "on",
  numero_telephone: "418 555-0188",
  duree_saisie: "42000",
};

function post(fields: Record<string, string>) {
  return app.fetch("/contact", {
    method: "POST",
    headers: { "x-forwarded-for": nextIp() },
    body: new URLSearchParams(fields),
  });
}

function act(fields: Record<string, string>, path = "/edit-demandes") {
  return app.fetch(path, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });
}

const page = (path: string) => app.fetch(path, { headers: { cookie } }).then((r) => r.text());

async function latest() {
  const [row] = await app.db().select().from(contactRequests);
  return row!;
}

const sentTo = (mails: ReceivedMail[], address: string) => mails.find((m) => m.envelope.to.includes(address))!.mail;

/** Nothing else arrives in the next moment (the worker had its chance). */
async function quiet(ms = 400) {
  await new Promise((r) => setTimeout(r, ms));
  await worker.idle();
}

describe("a new request", () => {
  it("reaches the staff and the prospect by email, through the real form", async () => {
    const started = Date.now();
    const response = await post(valid);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/confirmation");
    const mails = await smtp.waitForMessages(2, 5_000);
    expect(Date.now() - started).toBeLessThan(5_000);
    const request = await latest();
    expect(request).toMatchObject({ stage: "nouvelle", spam_check: null, status: "pending" });

    const staff = sentTo(mails, LEADS);
    expect(staff.subject).toBe("Nouvelle demande\u00a0: Éloïse Côté — Hôpital, Lévis");
    expect(staff.from?.value).toEqual([{ address: "ventes@exemple.ca", name: "Boréal Distributrices" }]);
    expect(staff.replyTo?.value).toEqual([{ address: "eloise.cote@exemple.ca", name: "Éloïse Côté" }]);
    expect(staff.text).toContain("Demande\u00a0: Deux distributrices pour la salle des employés de l'hôpital.");
    expect(staff.text).toContain("Numéro de téléphone\u00a0: 418\u00a0555-0188");
    expect(staff.text).toContain(`https://boreal.exemple.ca/login?retour=/edit-demandes/${request.id}`);
    expect(staff.html).toContain(`https://boreal.exemple.ca/login?retour=/edit-demandes/${request.id}`);

    const confirmation = sentTo(mails, "eloise.cote@exemple.ca");
    expect(confirmation.subject).toBe("Nous avons bien reçu votre demande — Boréal Distributrices");
    expect(confirmation.text).toContain("Bonjour Éloïse Côté,");
    expect(confirmation.text).toContain("dans les 24 heures");
    expect(confirmation.text).toContain("418\u00a0555-0142");
    expect(confirmation.text).toContain("https://boreal.exemple.ca/politique-de-confidentialite");

    // The request's page lists both emails as accepted.
    await waitFor(
      async () => (await app.db().select().from(outboxMessages)).every((m) => m.status === "sent"),
      5_000,
      "sent",
    );
    const html = await page(`/edit-demandes/${request.id}`);
    expect(html).toContain("Avis à l&#x27;équipe");
    expect(html).toContain("Confirmation au client");
    expect(html).toContain("Accepté par le serveur de courriel");
  });
});

describe("a request's page", () => {
  it("replies to the prospect from MAIL_FROM, keeps the reply in the thread, moves Nouvelle to En cours", async () => {
    await post(valid);
    await smtp.waitForMessages(2, 5_000);
    const request = await latest();
    expect((await act({ intent: "repondre", id: request.id, subject: "", body: "   " })).status).toBe(400);
    const answered = await act({
      intent: "repondre",
      id: request.id,
      subject: "",
      body: "Bonjour Éloïse,\n\nNous passerons jeudi à 10 h pour voir l'emplacement.",
    });
    expect(answered.status).toBe(200);
    const mails = await smtp.waitForMessages(3, 5_000);
    const reply = mails[2]!;
    expect(reply.envelope.to).toEqual(["eloise.cote@exemple.ca"]);
    expect(reply.mail.subject).toBe("Votre demande à Boréal Distributrices");
    expect(reply.mail.from?.value).toEqual([{ address: "ventes@exemple.ca", name: "Boréal Distributrices" }]);
    expect(reply.mail.text).toContain(typography("Nous passerons jeudi à 10 h pour voir l'emplacement."));
    expect(reply.mail.text).toContain("> Deux distributrices pour la salle des employés");
    // Unsigned by the staff: signed once, by the team.
    const signatures = (content: string | false | undefined) =>
      String(content).match(/équipe de Boréal Distributrices/g)?.length ?? 0;
    expect(signatures(reply.mail.text)).toBe(1);
    expect(signatures(reply.mail.html)).toBe(1);

    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("en-cours");
    await waitFor(
      async () => (await app.db().select().from(outboxMessages)).every((m) => m.status === "sent"),
      5_000,
      "sent",
    );
    const html = await page(`/edit-demandes/${request.id}`);
    expect(html).toContain("Réponse de l&#x27;équipe");
    expect(html).toContain("Nouvelle → En cours");
    // A second reply leaves a request already in progress where it is.
    await act({ intent: "statut", id: request.id, stage: "proposition-envoyee" });
    await act({
      intent: "repondre",
      id: request.id,
      subject: "Votre soumission",
      body: "La voici.\n\nCordialement,\nMarie Tremblay",
    });
    const [, , , second] = await smtp.waitForMessages(4, 5_000);
    expect(second!.mail.subject).toBe("Votre soumission");
    // Signed by the staff: their signature is the only one.
    expect(second!.mail.text).toContain("Cordialement,\nMarie Tremblay");
    expect(signatures(second!.mail.text)).toBe(0);
    expect(signatures(second!.mail.html)).toBe(0);
    expect(String(second!.mail.text).match(/Marie Tremblay/g)).toHaveLength(1);
    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("proposition-envoyee");
  });

  it("records stage changes with their dates and keeps editable notes", async () => {
    await post(valid);
    const request = await latest();
    expect((await act({ intent: "statut", id: request.id, stage: "proposition-envoyee" })).status).toBe(200);
    expect((await act({ intent: "statut", id: request.id, stage: "gagnee" })).status).toBe(200);
    expect((await act({ intent: "statut", id: request.id, stage: "gagnee" })).status).toBe(200); // unchanged
    const changes = await app
      .db()
      .select()
      .from(contactRequestStageChanges)
      .where(eq(contactRequestStageChanges.contact_request_id, request.id));
    expect(changes.map((c) => [c.from_stage, c.to_stage])).toEqual([
      ["nouvelle", "proposition-envoyee"],
      ["proposition-envoyee", "gagnee"],
    ]);

    expect((await act({ intent: "note", id: request.id, body: "" })).status).toBe(400);
    expect((await act({ intent: "note", id: request.id, body: "Rappeler lundi <b>matin</b>" })).status).toBe(200);
    const [note] = await app.db().select().from(contactRequestNotes);
    expect(note!.updated_at).toBeNull();
    expect(
      (await act({ intent: "note-modifier", id: request.id, noteId: note!.id, body: "Rappeler mardi" })).status,
    ).toBe(200);
    const [edited] = await app.db().select().from(contactRequestNotes);
    expect(edited).toMatchObject({ body: "Rappeler mardi" });
    expect(edited!.updated_at).toBeInstanceOf(Date);

    const html = await page(`/edit-demandes/${request.id}`);
    expect(html).toContain("Proposition envoyée → Gagnée");
    expect(html).toContain("Rappeler mardi");
    expect(html).toContain("modifiée le");
    const inbox = await page("/edit-demandes?dossier=gagnee");
    expect(inbox).toContain("Éloïse Côté");
    expect(inbox).toMatch(/Gagnées<span[^>]*><span class="sr-only">\(<\/span>1</);
  });
});

describe("search and export", () => {
  it("finds requests by name, email, phone or text, wildcards taken literally", async () => {
    await post(valid);
    await post({
      ...valid,
      nom_complet: "Marc Bouchard",
      courriel: "marc@gym-levis.ca",
      numero_telephone: "581 555-0111",
      description_demande: "Une machine à café pour le gym, 100% bio.",
    });
    const names = async (q: string) => {
      const html = await page(`/edit-demandes?q=${encodeURIComponent(q)}`);
      return ["Éloïse Côté", "Marc Bouchard"].filter((name) => html.includes(name));
    };
    expect(await names("bouchard")).toEqual(["Marc Bouchard"]);
    expect(await names("ELOISE.COTE@")).toEqual(["Éloïse Côté"]);
    expect(await names("581 555")).toEqual(["Marc Bouchard"]);
    expect(await names("salle des employés")).toEqual(["Éloïse Côté"]);
    expect(await names("100%")).toEqual(["Marc Bouchard"]);
    expect(await names("%")).toEqual(["Marc Bouchard"]);
    expect(await names("personne")).toEqual([]);
    expect(await page("/edit-demandes?q=personne")).toContain("Aucune demande ne correspond à cette recherche.");
  });

  it("exports the requests shown as CSV, formula cells neutralised", async () => {
    await post({ ...valid, nom_complet: "=SOMME(A1:A9)", description_demande: '+1 pour la machine; "citée"' });
    const formula = await latest();
    expect((await act({ intent: "note", id: formula.id, body: "Rappeler lundi, 10 h" })).status).toBe(200);
    expect((await act({ intent: "note", id: formula.id, body: "Visite faite" })).status).toBe(200);
    await post({ ...valid, nom_complet: "Marc Bouchard", courriel: "marc@gym-levis.ca" });
    const before = csvFileName(new Date());
    const response = await app.fetch("/edit-demandes/export.csv?q=SOMME", { headers: { cookie } });
    const after = csvFileName(new Date());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    // Named after the business's local day (America/Toronto), not the UTC one.
    expect([`attachment; filename="${before}"`, `attachment; filename="${after}"`]).toContain(
      response.headers.get("content-disposition"),
    );
    const body = Buffer.from(await response.arrayBuffer());
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    // ';' between cells, as French Excel reads them.
    expect(body.toString("utf8").split("\n")[0]).toMatch(/^\uFEFFReçue le;Statut;Nom complet;/);
    const records = parse<Record<string, string>>(body, { bom: true, columns: true, delimiter: ";" });
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      Statut: "Nouvelle",
      "Nom complet": "'=SOMME(A1:A9)",
      Courriel: "eloise.cote@exemple.ca",
      Téléphone: "418 555-0188",
      "Type d'emplacement": "Hôpital",
      Région: "Lévis",
      Demande: '\'+1 pour la machine; "citée"',
    });
    // ISO 8601 local time, which a spreadsheet sorts; the notes in their own column, oldest first.
    const notes = await app
      .db()
      .select()
      .from(contactRequestNotes)
      .where(eq(contactRequestNotes.contact_request_id, formula.id));
    const noteAt = (body: string) => csvDateTime(notes.find((note) => note.body === body)!.created_at);
    expect(records[0]!["Reçue le"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(records[0]!["Reçue le"]).toBe(csvDateTime(formula.timestamp));
    expect(records[0]!.Notes).toBe(
      `${noteAt("Rappeler lundi, 10 h")} : Rappeler lundi, 10 h\n\n${noteAt("Visite faite")} : Visite faite`,
    );
    const all = parse<Record<string, string>>(
      Buffer.from(await (await app.fetch("/edit-demandes/export.csv", { headers: { cookie } })).arrayBuffer()),
      { bom: true, columns: true, delimiter: ";" },
    );
    expect(all.map((r) => r["Nom complet"]).sort()).toEqual(["'=SOMME(A1:A9)", "Marc Bouchard"]);
  });
});

describe("spam kept apart", () => {
  const cases: [string, Record<string, string>, string][] = [
    ["honeypot", { ...valid, site_web: "https://promo.example" }, "honeypot"],
    ["fill time", { ...valid, duree_saisie: "900" }, "too-fast"],
    ["links", { ...valid, description_demande: "Voir https://a.example https://b.example https://c.example" }, "links"],
    ["text", { ...valid, description_demande: "Best casino bonus for your company, visit us today" }, "text"],
  ];
  for (const [name, fields, check] of cases) {
    it(`${name}: stored in Indésirables with its check, neither forwarded nor emailed`, async () => {
      const response = await post(fields);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/confirmation");
      await quiet();
      const request = await latest();
      expect(request).toMatchObject({ status: "held", spam_check: check });
      expect(request.spam_reason).toBeTruthy();
      expect(smtp.received).toHaveLength(0);
      expect(await app.db().select().from(outboxMessages)).toHaveLength(0);
      const folder = await page("/edit-demandes?dossier=indesirables");
      expect(folder).toContain("Éloïse Côté");
      expect(await page("/edit-demandes")).not.toContain("Éloïse Côté");
    });
  }

  it("without JavaScript (no fill time) a person still gets through", async () => {
    const { duree_saisie: _, ...withoutFillTime } = valid;
    expect((await post(withoutFillTime)).status).toBe(302);
    await smtp.waitForMessages(2, 5_000);
    expect(await latest()).toMatchObject({ spam_check: null });
  });

  it("the hourly ceiling for the whole site holds the requests beyond it, across addresses", async () => {
    app.services.config.contactMaxPerHour = 3;
    // Six people (each address its own sender and mailbox: no share of the ceiling is exceeded).
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        post({ ...valid, courriel: `personne${i}@exemple.ca` }).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual([302, 302, 302, 302, 302, 302]);
    await smtp.waitForMessages(6, 5_000);
    await quiet();
    const rows = await app.db().select().from(contactRequests);
    expect(rows.filter((r) => r.spam_check === null)).toHaveLength(3);
    expect(rows.filter((r) => r.spam_check === "hourly-ceiling")).toHaveLength(3);
    expect(smtp.received).toHaveLength(6); // two emails for each of the three let through
  });

  it("a released request is emailed as if it had just arrived, once; a held one can be deleted", async () => {
    await post({ ...valid, site_web: "https://promo.example" });
    await quiet();
    const held = await latest();
    const released = await Promise.all([
      act({ intent: "liberer", id: held.id }, `/edit-demandes/${held.id}`),
      act({ intent: "liberer", id: held.id }, `/edit-demandes/${held.id}`),
    ]);
    expect(released.map((r) => r.status).sort()).toEqual([200, 409]);
    const mails = await smtp.waitForMessages(2, 5_000);
    await quiet();
    expect(smtp.received).toHaveLength(2);
    expect(sentTo(mails, LEADS).subject).toBe(typography("Nouvelle demande : Éloïse Côté — Hôpital, Lévis"));
    expect(await getContactRequest(app.db(), held.id)).toMatchObject({ spam_check: null, stage: "nouvelle" });
    expect(await page("/edit-demandes")).toContain("Éloïse Côté");

    await post({ ...valid, nom_complet: "Casino Bot", description_demande: "casino casino casino en ligne" });
    await quiet();
    const [bot] = await listContactRequests(app.db(), { folder: "indesirables" });
    expect((await act({ intent: "supprimer", id: bot!.id, confirmation: "supprimer" })).status).toBe(200);
    expect(await getContactRequest(app.db(), bot!.id)).toBeNull();
  });
});

describe("erasure", () => {
  it("deletes a request with its notes, stage changes and emails, only once confirmed", async () => {
    await post(valid);
    await smtp.waitForMessages(2, 5_000);
    const request = await latest();
    await act({ intent: "note", id: request.id, body: "Client intéressé" });
    await act({ intent: "statut", id: request.id, stage: "perdue" });
    expect((await act({ intent: "supprimer", id: request.id })).status).toBe(400);
    expect(await getContactRequest(app.db(), request.id)).not.toBeNull();

    const erased = await act({ intent: "supprimer", id: request.id, confirmation: "supprimer" });
    expect(erased.status).toBe(200);
    expect(await getContactRequest(app.db(), request.id)).toBeNull();
    expect(await app.db().select().from(contactRequestNotes)).toHaveLength(0);
    expect(await app.db().select().from(contactRequestStageChanges)).toHaveLength(0);
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);
    expect((await app.fetch(`/edit-demandes/${request.id}`, { headers: { cookie } })).status).toBe(404);
  });
});

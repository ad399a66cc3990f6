// The service inbox ('Service', /edit-service) on the built app (PGlite, and PostgreSQL with
// TEST_DATABASE_URL), with a real SMTP server: open tickets urgent first then the soonest due, late
// ones said so, a machine with three problems on one product in 30 days flagged; search and filters;
// a ticket taken in hand, noted, answered by email at the address left (and only there), resolved with
// its refund logged, reopened; bad input refused in French with nothing changed; the refund log's
// totals per machine and month and its CSV; visitors get 404 and change nothing.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertInstallation } from "../../app/features/installations/store.server";
import { getTicket, storeTicket, type NewTicket } from "../../app/features/service/store.server";
import { activityLog, outboxMessages, serviceTickets } from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let cookie: string;
const machines: { id: string; code: string }[] = [];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
    PUBLIC_URL: "https://boreal.exemple.ca",
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  cookie = await app.login();
  for (const client of ["Garage Bélanger", "Clinique Fortin"]) {
    const row = await insertInstallation(
      app.db(),
      {
        client_name: client,
        address: "12, rue des Érables, Lévis",
        contact_name: "Hélène",
        contact_phone: "",
        contact_email: "",
        machine_id: null,
        machine_name: "Boréal Élégance",
        slots: [],
        planned_for: null,
      },
      "test",
    );
    machines.push({ id: row.id, code: row.code });
  }
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await worker.idle();
  await app.db().delete(serviceTickets);
  await app.db().delete(outboxMessages);
  await app.db().delete(activityLog);
  smtp.received.length = 0;
});

/** A ticket received `ago` ms back at machine `m`, stored as the machine page stores one. */
async function ticket(m: number, ago: number, fields: Partial<NewTicket> = {}) {
  const received = new Date(Date.now() - ago);
  const stored = await storeTicket(
    app.db(),
    {
      installation_id: machines[m]!.id,
      kind: "probleme",
      problem: "produit-abime",
      description: "",
      received_at: received,
      due_at: new Date(received.getTime() + 4 * HOUR),
      urgent: false,
      ...fields,
    },
    { limit: null, judge: () => null },
  );
  if ("refused" in stored) throw new Error("refused");
  return stored;
}

const page = async (path: string) => {
  const response = await app.fetch(path, { headers: { cookie } });
  return { status: response.status, html: await response.text() };
};

const act = (id: string, fields: Record<string, string>, as: string | null = cookie) =>
  app.fetch(`/edit-service/${id}`, {
    method: "POST",
    headers: as ? { cookie: as } : {},
    body: new URLSearchParams({ id, ...fields }),
  });

/** The inbox's ticket references, in the order it shows them. */
const listed = (html: string) => [...html.matchAll(/>(S-[0-9A-Z]{5})</g)].map((m) => m[1]);

describe("the inbox", () => {
  it("lists open tickets urgent first then the soonest due, says which are late, and hides resolved ones", async () => {
    const soon = await ticket(0, 3.5 * HOUR); // due in 30 minutes
    const later = await ticket(0, 1 * HOUR); // due in 3 hours
    const late = await ticket(1, 6 * HOUR); // 2 hours late
    const urgent = await ticket(1, 0, { problem: "argent-garde", urgent: true });
    const done = await ticket(0, 2 * HOUR);
    await act(done.id, { intent: "resoudre" });

    const { html } = await page("/edit-service");
    expect(listed(html)).toEqual([urgent.code, late.code, soon.code, later.code]);
    expect(html).toContain("En retard de 2\u00a0h");
    expect(html).toContain("Prioritaire");
    // The staff read the person's words in the third person.
    expect(html).toContain("A gardé l&#x27;argent");
    expect(html).not.toContain("mon argent");
    expect(html).toContain("Clinique Fortin");
    expect(html).toMatch(/4 à traiter\u00a0: 4 nouveaux, 0 en cours/);
    expect(html).toContain("1 en retard");
    // Where each new ticket is emailed (SERVICE_EMAIL, here LEADS_EMAIL).
    expect(html).toContain("aussi envoyé par courriel à equipe@exemple.ca.");

    expect(listed((await page("/edit-service?vue=resolus")).html)).toEqual([done.code]);
    expect(listed((await page("/edit-service?vue=tous")).html)).toHaveLength(5);
  });

  it("says on each card whether a photo and a way to answer were left", async () => {
    const bare = await ticket(0, HOUR);
    const withPhone = await ticket(0, 2 * HOUR, { contact_phone: "418 555-0199", photo_key: "photo-test.jpg" });
    const withEmail = await ticket(1, 3 * HOUR, { contact_email: "julie@exemple.ca", contact_phone: "418 555-0198" });
    const { html } = await page("/edit-service");
    const card = (code: string) => {
      const at = html.indexOf(`>${code}<`);
      return html.slice(html.lastIndexOf('data-testid="ticket-row"', at), html.indexOf("</li>", at));
    };
    expect(card(bare.code)).not.toMatch(/Photo|laissé/);
    expect(card(withPhone.code)).toContain("Photo");
    expect(card(withPhone.code)).toContain("Téléphone laissé");
    expect(card(withEmail.code)).toContain("Courriel laissé");
    expect(card(withEmail.code)).not.toContain("Photo");
  });

  it("finds a ticket by its reference as typed, or a client's tickets, and filters refunds", async () => {
    const one = await ticket(0, HOUR);
    const two = await ticket(1, HOUR);
    const refund = await ticket(1, 2 * HOUR, { kind: "remboursement", problem: null, refund_cents: 250, urgent: true });
    const typed = one.code.toLowerCase().replace("-", "");
    expect(listed((await page(`/edit-service?q=${typed}`)).html)).toEqual([one.code]);
    expect(listed((await page("/edit-service?q=fortin")).html)).toEqual([refund.code, two.code]);
    expect(listed((await page(`/edit-service?q=${machines[0]!.code}`)).html)).toEqual([one.code]);
    const refunds = await page("/edit-service?type=remboursement");
    expect(listed(refunds.html)).toEqual([refund.code]);
    expect(refunds.html).toContain("Remboursement de 2,50\u00a0$");
    expect((await page("/edit-service?q=zzz")).html).toContain("Aucun signalement ne correspond");
  });

  it("shows 50 tickets, then 50 more at each 'Afficher plus', the filters kept", async () => {
    for (let i = 0; i < 55; i++) await ticket(i % 2, i * 60_000);
    const first = await page("/edit-service?type=probleme");
    expect(listed(first.html)).toHaveLength(50);
    expect(first.html).toContain('href="/edit-service?type=probleme&amp;n=100"');
    const more = await page("/edit-service?type=probleme&n=100");
    expect(listed(more.html)).toHaveLength(55);
    expect(more.html).not.toContain("Afficher plus de signalements");
  });

  it("flags a machine with three problems on one product within 30 days, not two, not older ones", async () => {
    const product = { product_id: null, product_name: "Chips BBQ", slot: "0:2" };
    await ticket(0, 40 * DAY, product);
    await ticket(0, 2 * DAY, product);
    await ticket(0, HOUR, product);
    expect((await page("/edit-service?vue=tous")).html).not.toContain("Panne répétée");
    const third = await ticket(0, 10 * DAY, product);
    const { html } = await page("/edit-service?vue=tous");
    expect(html).toContain("Panne répétée\u00a0: section 1, emplacement 3");
    expect((await page(`/edit-service/${third.id}`)).html).toContain("Panne répétée sur cette machine");
  });
});

describe("a ticket", () => {
  it("is taken in hand, noted, answered by email at the address left, resolved with its refund, and reopened", async () => {
    const t = await ticket(0, HOUR, {
      kind: "remboursement",
      problem: null,
      refund_cents: 250,
      refund_method: "interac",
      contact_email: "julie@exemple.ca",
      description: "La machine a gardé ma pièce de 2 $.",
      urgent: true,
    });
    const shown = await page(`/edit-service/${t.id}`);
    expect(shown.html).toContain("La machine a gardé ma pièce de 2\u00a0$.");
    expect(shown.html).toContain("julie@exemple.ca");
    expect(shown.html).toContain('value="2,50"');

    expect((await act(t.id, { intent: "prendre-en-charge" })).status).toBe(200);
    const again = await act(t.id, { intent: "prendre-en-charge" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Le signalement a déjà ce statut.");
    expect((await act(t.id, { intent: "note", texte: "Pièce coincée dans le monnayeur." })).status).toBe(200);
    expect((await act(t.id, { intent: "note", texte: "   " })).status).toBe(400);

    const sent = await act(t.id, { intent: "repondre", texte: "Bonjour Julie,\n\nLe virement part ce soir." });
    expect(sent.status).toBe(200);
    worker.kick();
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual(["julie@exemple.ca"]);
    // The person's answer reaches the team that follows the service.
    expect(mail!.mail.replyTo?.text).toContain("equipe@exemple.ca");
    expect(mail!.mail.subject).toBe(`Votre signalement ${t.code}\u00a0: Remboursement de 2,50\u00a0$`);
    expect(mail!.mail.text).toContain("Le virement part ce soir.");
    expect(mail!.mail.text).toContain("L'équipe de");
    // It recalls what the person sent, and where.
    expect(mail!.mail.text).toContain(
      "à notre machine chez Garage Bélanger, vous nous demandiez un remboursement de 2,50\u00a0$.",
    );
    // Answered: the promise is kept, the clock no longer counts, in the inbox and on the ticket.
    const inbox = await page("/edit-service");
    expect(inbox.html).toContain("Réponse envoyée");
    expect((await page(`/edit-service/${t.id}`)).html).toContain("Réponse envoyée");

    const bad = await act(t.id, { intent: "resoudre", remboursement: "deux piastres", mode: "interac" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Entrez un montant en dollars");
    expect((await getTicket(app.db(), t.id))!.status).toBe("en-cours");
    // An amount, and no way to give it: asked, nothing logged.
    const noWay = await act(t.id, { intent: "resoudre", remboursement: "2,50", mode: "" });
    expect(noWay.status).toBe(400);
    expect(await noWay.text()).toContain("Choisissez comment le remboursement est remis.");
    expect((await getTicket(app.db(), t.id))!.status).toBe("en-cours");

    expect((await act(t.id, { intent: "resoudre", remboursement: "2,50 $", mode: "interac" })).status).toBe(200);
    const resolved = (await getTicket(app.db(), t.id))!;
    expect(resolved).toMatchObject({
      status: "resolu",
      refund_logged_cents: 250,
      refund_logged_method: "interac",
      resolved_by: TEST_ADMIN.username,
    });
    // Notes, the reply and the resolution, in one history.
    expect(resolved.notes.map((n) => [n.kind, n.account])).toEqual([
      ["statut", TEST_ADMIN.username],
      ["note", TEST_ADMIN.username],
      ["reponse", TEST_ADMIN.username],
      ["statut", TEST_ADMIN.username],
    ]);
    expect(resolved.notes[0]!.body).toBe("Pris en charge");
    expect(resolved.notes.at(-1)!.body).toBe("Résolu : 2,50\u00a0$ remboursés (Virement Interac au courriel donné)");
    const after = (await page(`/edit-service/${t.id}`)).html;
    expect(after).toContain("Réponse envoyée");
    expect(after).toContain("Pièce coincée dans le monnayeur.");
    expect(after).toMatch(/Remboursement\u00a0: 2,50\u00a0\$ · Virement Interac au courriel donné/);

    expect((await act(t.id, { intent: "rouvrir" })).status).toBe(200);
    expect(await getTicket(app.db(), t.id)).toMatchObject({ status: "en-cours", refund_logged_cents: null });
    const journal = await app.db().select({ summary: activityLog.summary }).from(activityLog);
    expect(journal.map((j) => j.summary)).toContain(`${t.code} : résolu, 2,50\u00a0$ remboursés`);
  });

  it("refuses an answer to a person who left no address, and a gone ticket", async () => {
    const t = await ticket(0, HOUR, { contact_phone: "418 555-0199" });
    const refused = await act(t.id, { intent: "repondre", texte: "Bonjour" });
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("n'a pas laissé de courriel");
    expect((await getTicket(app.db(), t.id))!.notes).toEqual([]);
    const gone = "00000000-0000-4000-8000-000000000000";
    expect((await act(gone, { intent: "note", texte: "x" })).status).toBe(404);
    expect((await page(`/edit-service/${gone}`)).status).toBe(404);
    expect((await page("/edit-service/pas-un-id")).status).toBe(404);
    expect(await app.db().select().from(outboxMessages)).toEqual([]);
  });

  it("is neither shown nor changed for a visitor who is not signed in", async () => {
    const t = await ticket(0, HOUR);
    for (const path of ["/edit-service", `/edit-service/${t.id}`, "/edit-service/remboursements.csv"])
      expect((await app.fetch(path)).status).toBe(404);
    expect((await act(t.id, { intent: "resoudre" }, null)).status).toBe(401);
    expect((await getTicket(app.db(), t.id))!.status).toBe("nouveau");
  });
});

describe("the staff email's link", () => {
  it("goes through the sign-in to the ticket, straight on when signed in, and never to another site", async () => {
    const t = await ticket(0, HOUR);
    const path = `/login?retour=/edit-service/${t.id}`;
    const signedOut = await app.fetch(path, { redirect: "manual" });
    expect(signedOut.status).toBe(200);
    expect(await signedOut.text()).toContain(`name="retour" value="/edit-service/${t.id}"`);
    const signIn = (retour: string) =>
      app.fetch("/login", {
        method: "POST",
        redirect: "manual",
        body: new URLSearchParams({ ...TEST_ADMIN, retour }),
      });
    const signedIn = await signIn(`/edit-service/${t.id}`);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe(`/edit-service/${t.id}`);
    expect((await signIn("https://ailleurs.example/edit")).headers.get("location")).toBe("/edit");
    expect((await signIn("//ailleurs.example/edit")).headers.get("location")).toBe("/edit");
    const already = await app.fetch(path, { headers: { cookie }, redirect: "manual" });
    expect(already.status).toBe(302);
    expect(already.headers.get("location")).toBe(`/edit-service/${t.id}`);
  });
});

describe("the refund log", () => {
  it("totals the refunds given per machine and month and exports them as CSV", async () => {
    const a = await ticket(0, HOUR, { kind: "remboursement", problem: null, refund_cents: 200 });
    const b = await ticket(0, 2 * HOUR, {
      kind: "remboursement",
      problem: null,
      refund_cents: 150,
      refund_method: "interac",
    });
    const c = await ticket(1, 3 * HOUR, { problem: "argent-garde" });
    const none = await ticket(1, 3 * HOUR, { kind: "remboursement", problem: null, refund_cents: 300 });
    await act(a.id, { intent: "resoudre", remboursement: "2", mode: "interac" });
    await act(b.id, { intent: "resoudre", remboursement: "1,50", mode: "prochaine-visite" });
    await act(c.id, { intent: "resoudre", remboursement: "1,25", mode: "prochaine-visite" });
    await act(none.id, { intent: "resoudre", remboursement: "" });
    // How a refund was given is the staff's; how the person wished it stays what they said.
    expect(await getTicket(app.db(), b.id)).toMatchObject({
      refund_method: "interac",
      refund_logged_method: "prochaine-visite",
    });
    // A problem's ticket names no wish of the person's, before or after.
    const problemPage = (await page(`/edit-service/${c.id}`)).html;
    expect(problemPage).not.toContain("Remboursement souhaité");
    expect(problemPage).toMatch(/Remboursement\u00a0: 1,25\u00a0\$ · En main propre/);

    const { html } = await page("/edit-service/remboursements");
    expect(html).toContain("4,75\u00a0$ en tout");
    expect(html).toContain("3,50\u00a0$");
    expect(html).toContain("1,25\u00a0$");
    expect(html).not.toContain(none.code);
    // And by how they were given: the next visit's first (the larger sum).
    const methods = html.slice(html.indexOf('data-testid="refund-methods"'));
    expect(methods).toMatch(
      /^[^>]*>En main propre à la prochaine visite\u00a0: 2 · 2,75\u00a0\$\u00a0; Virement Interac[^:]*\u00a0: 1 · 2,00\u00a0\$</,
    );

    const csv = await app.fetch("/edit-service/remboursements.csv", { headers: { cookie } });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A BOM, so that Excel reads UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const lines = text.trim().split("\n");
    // ';' between cells and a decimal comma, as French Excel reads them.
    expect(lines[0]).toBe("Mois;Date;Référence;Machine;Client;Montant ($);Remis par;Résolu par");
    expect(lines).toHaveLength(4);
    expect(text).toContain(`${a.code};${machines[0]!.code};Garage Bélanger;2,00;Virement Interac au courriel donné;`);
  });
});

describe("the statistics dashboard", () => {
  it("shows each machine's scans, tickets and refunds, and the response times of the period", async () => {
    // Two people scan the first machine's code (each a page view of its public page).
    for (const ua of ["Firefox/133.0", "Firefox/134.0"]) {
      const response = await app.fetch("/api/statistiques", {
        method: "POST",
        headers: {
          "user-agent": `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 ${ua}`,
          "accept-language": "fr-CA",
          "content-type": "text/plain",
        },
        body: JSON.stringify({ t: "p", u: `/m/${machines[0]!.code}`, r: "" }),
      });
      expect(response.status).toBe(204);
    }
    const answered = await ticket(0, 2 * HOUR, { kind: "remboursement", problem: null, refund_cents: 300 });
    await act(answered.id, { intent: "resoudre", remboursement: "3", mode: "interac" });
    // Answered by email an hour after it came, and still open: its response is the reply.
    const replied = await ticket(1, HOUR, { contact_email: "luc@exemple.ca" });
    expect((await act(replied.id, { intent: "repondre", texte: "Nous passons demain matin." })).status).toBe(200);

    const { html } = await page("/edit-statistiques?jours=7");
    const section = html.slice(html.indexOf('data-testid="service-figures"'));
    expect(section).toContain("Service aux machines");
    expect(section).toMatch(/Signalements reçus<\/p><p[^>]*>2</);
    // The median of 1 h and 2 h, as the dashboard rounds it: the lower.
    expect(section).toMatch(/Délai de réponse médian<\/p><p[^>]*>1\u00a0h</);
    expect(section).toContain("3,00\u00a0$");
    const row = section.slice(section.indexOf(machines[0]!.code) - 300, section.indexOf(machines[0]!.code) + 300);
    expect(row).toContain("Garage Bélanger");
    expect(row).toMatch(/<td[^>]*>2<\/td><td[^>]*>1<\/td>/);
  });
});

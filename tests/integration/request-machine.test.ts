// A request about one machine, on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), with a
// real SMTP server and a real webhook receiver in this process: the offer page's machine view has its
// own address (rendered open, cached, with its canonical link), the form names the machine, the
// request stores it, the staff email and the inbox show it, an unknown machine is refused, and the
// webhook's body stays the specification's nine fields, byte for byte.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startDeliveryWorker, type DeliveryWorker } from "../../app/features/contact-requests/delivery.server";
import { insertCategory, insertMachine, updateMachine } from "../../app/features/machines/store.server";
import { contactRequests, outboxMessages } from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { startReceiver, waitFor, type Receiver } from "./contact-receiver";

let app: TestApp;
let smtp: TestSmtpServer;
let receiver: Receiver;
let outbox: OutboxWorker;
let delivery: DeliveryWorker;
let cookie: string;
let machine: { id: string; nom: string; categorie_id: string | null };

const LEADS = "equipe@exemple.ca";

beforeAll(async () => {
  smtp = await startSmtpServer();
  receiver = await startReceiver();
  app = await startTestApp({
    TRUST_PROXY: "1",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: LEADS,
    PUBLIC_URL: "https://boreal.exemple.ca",
    CONTACT_WEBHOOK_URL: receiver.url,
  });
  outbox = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  delivery = startDeliveryWorker({ db: app.db(), webhookUrl: receiver.url, pollMs: 60_000 });
  cookie = await app.login();
  const category = await insertCategory(app.db(), { nom: "Combos" });
  machine = (await insertMachine(app.db(), {
    nom: "Combo Élite 5000",
    description: "Collations et boissons fraîches, paiement sans contact.",
    categorie_id: category.id,
  }))!;
});
afterAll(async () => {
  await outbox?.stop();
  await delivery?.stop();
  await app?.close();
  await smtp?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await app.db().delete(contactRequests);
  await app.db().delete(outboxMessages);
  smtp.received.length = 0;
  receiver.calls.length = 0;
});

let ipCounter = 0;
const nextIp = () => `203.0.113.${++ipCounter}`;

const valid = {
  nom_complet: "Éloïse Côté",
  courriel: "eloise.cote@exemple.ca",
  description_demande: "Une distributrice pour la salle des employés.",
  type_emplacement: "office",
  emplacement: "quebec",
  date_installation: "1-3-months",
  prefere_telephone: "on",
  numero_telephone: "418 555-0142",
};

function post(fields: Record<string, string>, path = "/contact") {
  return app.fetch(path, {
    method: "POST",
    headers: { "x-forwarded-for": nextIp() },
    body: new URLSearchParams(fields),
  });
}

describe("the machine view's own address", () => {
  it("renders the offer page with the machine's view open, its ask link and its canonical page", async () => {
    const response = await app.fetch(`/notre-offre?machine=${machine.id.toUpperCase()}&utm_source=courriel`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('role="dialog"');
    expect(html).toContain('data-testid="machine-view"');
    expect(html).toContain("<title>Combo Élite 5000 — Notre offre | ");
    expect(html).toContain(`href="/contact?machine=${machine.id}"`);
    expect(html).toContain("Demander une soumission pour cette machine");
    expect(html).toContain(`href="/notre-offre" aria-label="Fermer"`);
    expect(html).toContain(
      `<link rel="canonical" href="https://boreal.exemple.ca/machines/${machine.categorie_id}/${machine.id}"/>`,
    );
    // Cached under its own key, whatever the case of the id and the junk parameters.
    const again = await app.fetch(`/notre-offre?machine=${machine.id}`);
    expect(again.headers.get("x-cache")).toBe("hit");
    await again.text();
  });

  it("answers an unknown machine 404 with the page and the view's message", async () => {
    const response = await app.fetch("/notre-offre?machine=0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Machine non trouvée");
    expect(html).toContain('content="noindex, nofollow"');
  });

  it("is invalidated with the content: a renamed machine shows its new name", async () => {
    await (await app.fetch(`/notre-offre?machine=${machine.id}`)).text();
    await updateMachine(app.db(), machine.id, { nom: "Combo Élite 6000" });
    // The content version moves on at the change; the cache answers with the new page once it has heard.
    await waitFor(async () =>
      (await (await app.fetch(`/notre-offre?machine=${machine.id}`)).text()).includes("Combo Élite 6000 — Notre offre"),
    );
    await updateMachine(app.db(), machine.id, { nom: machine.nom });
  });
});

describe("a request about a machine", () => {
  it("is named by the form, stored, shown to the staff by email and in the inbox", async () => {
    const form = await (await app.fetch(`/contact?machine=${machine.id}`)).text();
    expect(form).toMatch(/Votre demande concerne\u00a0: (<!-- -->)?<strong[^>]*>Combo Élite 5000<\/strong>/);
    expect(form).toContain(`<input type="hidden" name="machine" value="${machine.id}"/>`);

    const response = await post({ ...valid, machine: machine.id }, `/contact?machine=${machine.id}`);
    expect(response.status).toBe(302);
    const [stored] = await app.db().select().from(contactRequests);
    expect(stored!.machine).toBe("Combo Élite 5000");

    const mails = await smtp.waitForMessages(2, 5_000);
    const staff = mails.find((m) => m.envelope.to.includes(LEADS))!.mail;
    expect(staff.subject).toContain("Combo Élite 5000");
    expect(staff.text).toContain("Machine demandée\u00a0: Combo Élite 5000");
    expect(staff.html).toContain("Combo Élite 5000");

    const inbox = await (await app.fetch("/edit-demandes", { headers: { cookie } })).text();
    expect(inbox).toContain("Machine demandée\u00a0:");
    expect(inbox).toContain("Combo Élite 5000");
    const page = await (await app.fetch(`/edit-demandes/${stored!.id}`, { headers: { cookie } })).text();
    expect(page).toContain("Combo Élite 5000");
    // 'Préparer une proposition' opens that machine's customiser, with the request.
    expect(page).toContain(`href="/creer-machine/${machine.id}?demande=${stored!.id}"`);
  });

  it("forwards the specification's nine fields to the webhook, byte for byte, without the machine", async () => {
    const response = await post({ ...valid, machine: machine.id });
    expect(response.status).toBe(302);
    await waitFor(() => receiver.calls.length === 1, 5_000);
    const [stored] = await app.db().select().from(contactRequests);
    expect(receiver.calls[0]!.body).toBe(
      '{"nom_complet":"Éloïse Côté","courriel":"eloise.cote@exemple.ca",' +
        '"description_demande":"Une distributrice pour la salle des employés.",' +
        '"type_emplacement":"office","emplacement":"quebec","date_installation":"1-3-months",' +
        `"prefere_telephone":true,"numero_telephone":"418 555-0142","timestamp":"${stored!.timestamp}"}`,
    );
  });

  it("refuses an unknown or malformed machine with a French message, and stores nothing", async () => {
    for (const value of ["0b7c4f8e-3d2a-4c1b-9e8f-1a2b3c4d5e6f", "pas-une-machine", "x".repeat(500)]) {
      const response = await post({ ...valid, machine: value });
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Cette machine n'est plus offerte.");
    }
    expect(await app.db().select().from(contactRequests)).toEqual([]);
  });

  it("keeps a request without a machine as it was", async () => {
    expect((await post(valid)).status).toBe(302);
    const [stored] = await app.db().select().from(contactRequests);
    expect(stored!.machine).toBeNull();
  });
});

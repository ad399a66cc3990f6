// The contact request over HTTP, through the built app (npm run build first): stored, then
// forwarded; refused inputs store and forward nothing; honeypot; per-IP limit; the admin inbox.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CONTACT_MSG } from "../../app/features/contact-requests/form-schema";
import { MSG } from "../../app/lib/messages";
import { startDeliveryWorker, type DeliveryWorker } from "../../app/features/contact-requests/delivery.server";
import { hashIp } from "../../app/features/contact-requests/rate-limit.server";
import {
  countContactRequests,
  getContactRequest,
  listContactRequests,
} from "../../app/features/contact-requests/store.server";
import { contactRequests } from "../../server/db/schema";
import { TOO_LARGE } from "../../server/pages/handler";
import { startTestApp, type TestApp } from "../support/server";
import { startReceiver, waitFor, type Receiver } from "./contact-receiver";

let app: TestApp;
let receiver: Receiver;
let worker: DeliveryWorker;
let cookie: string;

beforeAll(async () => {
  receiver = await startReceiver();
  // TRUST_PROXY lets each test speak from its own address (X-Forwarded-For), so the per-IP limit
  // only meets the test that is about it.
  app = await startTestApp({ TRUST_PROXY: "1", CONTACT_WEBHOOK_URL: receiver.url });
  // As startServer does; a long poll, so a quick delivery proves the action woke the worker.
  worker = startDeliveryWorker({ db: app.db(), webhookUrl: receiver.url, pollMs: 60_000 });
  cookie = await app.login();
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await receiver?.close();
});
beforeEach(async () => {
  await app.db().delete(contactRequests);
  receiver.calls.length = 0;
});
afterEach(() => receiver.up());

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

const valid = {
  nom_complet: "Julie Gagnon",
  courriel: "julie@cliniqueboreale.ca",
  description_demande: "Une distributrice de collations santé pour la salle d'attente.",
  type_emplacement: "hospital",
  emplacement: "levis",
  date_installation: "1-3-months",
  prefere_telephone: "on",
  numero_telephone: "418 555-0188",
};

function post(
  fields: Record<string, string>,
  { ip = nextIp(), headers = {} }: { ip?: string; headers?: Record<string, string> } = {},
) {
  return app.fetch("/contact", {
    method: "POST",
    headers: { "x-forwarded-for": ip, ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Waits for the worker to finish whatever the last request started. */
async function settle() {
  await new Promise((r) => setTimeout(r, 150));
  await worker.idle();
}

describe("a valid request", () => {
  it("is stored before the answer, redirected to /confirmation, then forwarded at once", async () => {
    const ip = nextIp();
    const response = await post(valid, { ip });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/confirmation");

    const [stored] = await listContactRequests(app.db());
    expect(stored).toMatchObject({
      nom_complet: "Julie Gagnon",
      courriel: "julie@cliniqueboreale.ca",
      type_emplacement: "hospital",
      emplacement: "levis",
      date_installation: "1-3-months",
      prefere_telephone: true,
      numero_telephone: "418 555-0188",
    });
    expect(stored!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Only a keyed hash of the address is kept.
    expect(stored!.ip_hash).toBe(hashIp(ip, app.services.secret));

    await waitFor(
      async () => (await getContactRequest(app.db(), stored!.id))?.status === "delivered",
      5_000,
      "delivery",
    );
    expect(receiver.delivered()).toHaveLength(1);
    expect(receiver.delivered()[0]!.headers["idempotency-key"]).toBe(stored!.id);
    expect(receiver.delivered()[0]!.json).toStrictEqual({
      nom_complet: "Julie Gagnon",
      courriel: "julie@cliniqueboreale.ca",
      description_demande: valid.description_demande,
      type_emplacement: "hospital",
      emplacement: "levis",
      date_installation: "1-3-months",
      prefere_telephone: true,
      numero_telephone: "418 555-0188",
      timestamp: stored!.timestamp,
    });
  });

  it("sends empty selects as null and no phone number when the preference is not ticked", async () => {
    const { prefere_telephone: _, ...rest } = valid;
    const response = await post({ ...rest, type_emplacement: "", emplacement: "", date_installation: "" });
    expect(response.status).toBe(302);
    await waitFor(() => receiver.delivered().length === 1, 5_000, "delivery");
    expect(receiver.delivered()[0]!.json).toMatchObject({
      type_emplacement: null,
      emplacement: null,
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
    });
  });

  it("is kept, pending, when the webhook is down, and the visitor still gets /confirmation", async () => {
    receiver.down("drop");
    const response = await post(valid);
    expect(response.status).toBe(302);
    await waitFor(async () => (await listContactRequests(app.db()))[0]?.attempts === 1, 5_000, "failed attempt");
    const [stored] = await listContactRequests(app.db());
    expect(stored).toMatchObject({ status: "pending", attempts: 1 });
    expect(stored!.last_error).toMatch(/^Webhook injoignable/);
  });

  it("keeps markup and SQL as plain text: stored and forwarded verbatim, escaped in the inbox", async () => {
    const hostile = {
      ...valid,
      nom_complet: `<script>alert("nom")</script>`,
      description_demande: `<img src=x onerror=alert(1)> '); DROP TABLE contact_requests; -- "quoted" & more`,
    };
    expect((await post(hostile)).status).toBe(302);
    const [stored] = await listContactRequests(app.db());
    expect(stored!.nom_complet).toBe(hostile.nom_complet);
    expect(stored!.description_demande).toBe(hostile.description_demande);
    await waitFor(() => receiver.delivered().length === 1, 5_000, "delivery");
    expect(receiver.delivered()[0]!.json).toMatchObject({
      nom_complet: hostile.nom_complet,
      description_demande: hostile.description_demande,
    });

    const html = await (await app.fetch("/edit-demandes", { headers: { cookie } })).text();
    expect(html).not.toContain(`<script>alert("nom")</script>`);
    expect(html).not.toContain("<img src=x");
    expect(html).toContain("&lt;script&gt;alert(&quot;nom&quot;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(await countContactRequests(app.db())).toBe(1);
  });
});

describe("refused input stores and forwards nothing", () => {
  const cases: [string, Record<string, string>, number, string][] = [
    ["nom_complet missing", { ...valid, nom_complet: "" }, 400, MSG.requiredFields],
    ["courriel missing", { ...valid, courriel: "" }, 400, MSG.requiredFields],
    ["description_demande missing", { ...valid, description_demande: "  " }, 400, MSG.requiredFields],
    ["nothing at all", {}, 400, MSG.requiredFields],
    ["phone preference without a number", { ...valid, numero_telephone: "" }, 400, MSG.phoneRequired],
    ["a bad email", { ...valid, courriel: "julie@exemple" }, 400, CONTACT_MSG.invalidEmail],
    ["a bad phone number", { ...valid, numero_telephone: "appelez-moi" }, 400, CONTACT_MSG.invalidPhone],
    [
      "a 5,001-character description",
      { ...valid, description_demande: "a".repeat(5001) },
      400,
      CONTACT_MSG.tooLong(5000),
    ],
    ["an unknown type_emplacement", { ...valid, type_emplacement: "casino" }, 400, CONTACT_MSG.invalidChoice],
    ["an unknown emplacement", { ...valid, emplacement: "montreal" }, 400, CONTACT_MSG.invalidChoice],
    ["an unknown date_installation", { ...valid, date_installation: "demain" }, 400, CONTACT_MSG.invalidChoice],
    [
      "HTML and SQL in every field",
      Object.fromEntries(
        Object.keys(valid).map((k, i) => [
          k,
          i % 2 ? `<script>alert('${k}')</script>` : `'; DROP TABLE contact_requests; --`,
        ]),
      ),
      400,
      CONTACT_MSG.invalidEmail,
    ],
  ];

  it("a 1 MB description → 413 with the French message, before the route reads it", async () => {
    const response = await post({ ...valid, description_demande: "a".repeat(1024 * 1024) });
    expect(response.status).toBe(413);
    expect(await response.text()).toBe(TOO_LARGE);
    expect(await countContactRequests(app.db())).toBe(0);
  });

  it.each(cases)("%s → refused with the French message in the form", async (_name, fields, status, message) => {
    const response = await post(fields);
    expect(response.status).toBe(status);
    const html = await response.text();
    // Without JavaScript the page comes back with the form, its values and the message.
    expect(html).toContain(message.replace(/'/g, "&#x27;"));
    expect(html).toContain('name="nom_complet"');
    if (status === 400 && fields.nom_complet && fields.nom_complet.length < 100) {
      expect(html).toContain(`value="${escapeHtml(fields.nom_complet)}"`);
    }
    expect(html).not.toContain("<script>alert(");
    await settle();
    expect(await countContactRequests(app.db())).toBe(0);
    expect(receiver.calls).toHaveLength(0);
  });

  it("a JSON body is not a form: refused", async () => {
    const response = await app.fetch("/contact", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
      body: JSON.stringify({ nom_complet: "A", courriel: "a@b.ca", description_demande: "d" }),
    });
    expect(response.status).toBe(400);
    expect(await countContactRequests(app.db())).toBe(0);
  });

  it("a post from another site is refused", async () => {
    const response = await post(valid, { headers: { origin: "https://ailleurs.example" } });
    expect(response.status).toBe(403);
    expect(await countContactRequests(app.db())).toBe(0);
  });
});

describe("spam and abuse", () => {
  it("a filled honeypot is answered like a success, kept apart as spam and not forwarded", async () => {
    const response = await post({ ...valid, site_web: "https://promo.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/confirmation");
    await settle();
    const [held] = await listContactRequests(app.db(), { folder: "indesirables" });
    expect(held).toMatchObject({ status: "held", spam_check: "honeypot" });
    expect(receiver.calls).toHaveLength(0);
  });

  it("one address may send 5 requests in 10 minutes; the 6th gets a French message and 429", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await post(valid, { ip })).status).toBe(302);
    const refused = await post({ ...valid, nom_complet: "Sixième" }, { ip });
    expect(refused.status).toBe(429);
    const html = await refused.text();
    expect(html).toContain(CONTACT_MSG.rateLimited);
    expect(html).toContain('value="Sixième"');
    expect(await countContactRequests(app.db())).toBe(5);
    // Another address is not affected.
    expect((await post(valid)).status).toBe(302);
    expect(await countContactRequests(app.db())).toBe(6);
  });

  it("the limit holds under a burst of simultaneous requests", async () => {
    const ip = nextIp();
    const statuses = await Promise.all(Array.from({ length: 12 }, () => post(valid, { ip }).then((r) => r.status)));
    expect(statuses.filter((s) => s === 302)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect(await countContactRequests(app.db())).toBe(5);
  });
});

describe("the inbox /edit-demandes", () => {
  it("is not there for visitors: 404 page, 401 for actions, nothing changes", async () => {
    expect((await post(valid)).status).toBe(302);
    const [stored] = await listContactRequests(app.db());
    const page = await app.fetch("/edit-demandes");
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain(valid.courriel);
    const data = await app.fetch("/edit-demandes.data");
    expect(data.status).toBe(404);
    const action = await app.fetch("/edit-demandes", {
      method: "POST",
      body: new URLSearchParams({ intent: "statut", stage: "gagnee", id: stored!.id }),
    });
    expect(action.status).toBe(401);
    expect((await getContactRequest(app.db(), stored!.id))!.stage).toBe("nouvelle");
    const own = await app.fetch(`/edit-demandes/${stored!.id}`);
    expect(own.status).toBe(404);
    expect(await own.text()).not.toContain(valid.courriel);
    const csv = await app.fetch("/edit-demandes/export.csv");
    expect(csv.status).toBe(404);
    expect(await csv.text()).not.toContain(valid.courriel);
  });

  it("lists requests newest first; a request's page shows every field and the delivery state", async () => {
    receiver.down(503);
    expect((await post({ ...valid, nom_complet: "Première Personne" })).status).toBe(302);
    await waitFor(async () => (await listContactRequests(app.db()))[0]?.attempts === 1, 5_000, "failed attempt");
    receiver.up();
    expect(
      (
        await post({
          ...valid,
          nom_complet: "Deuxième Personne",
          type_emplacement: "gym",
          emplacement: "quebec",
          date_installation: "3-months-plus",
        })
      ).status,
    ).toBe(302);
    await waitFor(async () => (await listContactRequests(app.db()))[0]?.status === "delivered", 5_000, "delivery");

    const response = await app.fetch("/edit-demandes", { headers: { cookie } });
    expect(response.status).toBe(200);
    const list = await response.text();
    const second = list.indexOf("Deuxième Personne");
    const first = list.indexOf("Première Personne");
    expect(second).toBeGreaterThan(-1);
    expect(first).toBeGreaterThan(second); // newest first
    const rows = await listContactRequests(app.db());
    const pages = await Promise.all(
      rows.map((row) => app.fetch(`/edit-demandes/${row.id}`, { headers: { cookie } }).then((r) => r.text())),
    );
    const html = pages.join("");
    for (const text of [
      "julie@cliniqueboreale.ca",
      "418 555-0188",
      valid.description_demande.replace(/'/g, "&#x27;"),
      "Centre sportif",
      "Québec",
      "3 mois et plus",
      "Hôpital",
      "Lévis",
      "1–3 mois",
      "Transmise",
      "Nouvel essai prévu",
      "Dernière erreur : Le webhook a répondu 503 (Service Unavailable).",
    ]) {
      expect(html).toContain(text);
    }
  });

  it("moves a request through the pipeline, and sends a failed one again", async () => {
    expect((await post(valid)).status).toBe(302);
    await waitFor(async () => (await listContactRequests(app.db()))[0]?.status === "delivered", 5_000, "delivery");
    const [stored] = await listContactRequests(app.db());
    const act = (intent: string, id = stored!.id) =>
      app.fetch("/edit-demandes", { method: "POST", headers: { cookie }, body: new URLSearchParams({ intent, id }) });

    const stage = (value: string) =>
      app.fetch("/edit-demandes", {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "statut", id: stored!.id, stage: value }),
      });
    expect((await stage("gagnee")).status).toBe(200);
    expect((await getContactRequest(app.db(), stored!.id))!.stage).toBe("gagnee");
    expect(await (await app.fetch("/edit-demandes?dossier=gagnee", { headers: { cookie } })).text()).toContain(
      valid.nom_complet,
    );
    expect(await (await app.fetch("/edit-demandes?dossier=nouvelle", { headers: { cookie } })).text()).not.toContain(
      valid.nom_complet,
    );
    expect((await stage("terminee")).status).toBe(400);

    // Only a failed request can be sent again.
    expect((await act("renvoyer")).status).toBe(409);
    await app
      .db()
      .update(contactRequests)
      .set({ status: "failed", attempts: 10, last_error: "Le webhook a répondu 503." });
    const before = receiver.calls.length;
    expect((await act("renvoyer")).status).toBe(200);
    await waitFor(
      async () => (await getContactRequest(app.db(), stored!.id))?.status === "delivered",
      5_000,
      "second delivery",
    );
    expect(receiver.calls.length).toBe(before + 1);

    expect((await act("supprimer")).status).toBe(400); // without its confirmation
    expect((await act("statut", "pas-un-id")).status).toBe(400);
  });
});

function escapeHtml(text: string) {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");
}

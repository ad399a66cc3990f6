// Proposals on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), with a real SMTP server
// in this process: sent through the customiser's real form post, stored with a snapshot of each
// product, the client's email and its links, the client's page (token, 404, first view, expiry,
// never cached), acceptance once under two presses at the same time, a change request, the linked
// request's stages, a revision's chain, 'Renvoyer', templates, the PDF (/proposition/{jeton}.pdf) read
// back with poppler, and the promises read from the published home texts.
import { execFileSync } from "node:child_process";
import { typography } from "~/lib/typography";
import { mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertContactRequest } from "../../app/features/contact-requests/store.server";
import { insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { publishTexts, shownTexts } from "../../app/features/site-texts/store.server";
import {
  contactRequests,
  contactRequestStageChanges,
  machineLayoutTemplates,
  outboxMessages,
  products,
  proposalItems,
  proposals,
} from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { documentPost } from "../support/document-post";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";
import { newContactRequest } from "../support/contact-requests";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let cookie: string;
let machineId: string;
const productIds: string[] = [];
const LEADS = "equipe@exemple.ca";
const PUBLIC = "https://boreal.exemple.ca";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: LEADS,
    PUBLIC_URL: PUBLIC,
    // Each client speaks from its own address (X-Forwarded-For): the answers are throttled per source.
    TRUST_PROXY: "1",
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  cookie = await app.login();
  const db = app.db();
  const { storage } = app.services;
  const picture = (r: number, g: number, b: number) =>
    sharp({ create: { width: 400, height: 400, channels: 3, background: { r, g, b } } })
      .jpeg()
      .toBuffer();
  await storage.put("machine-images", "chassis-test.jpg", await picture(40, 40, 48), "image/jpeg");
  await storage.put("product-images", "cafe-test.jpg", await picture(120, 70, 30), "image/jpeg");
  await storage.put("product-images", "eclair-test.jpg", await picture(200, 160, 90), "image/jpeg");
  const machine = await insertMachine(db, {
    nom: "Boréal Élégance",
    description: "Une machine élégante.",
    images: ["/media/machine-images/chassis-test.jpg"],
    image_overlay: "/media/machine-images/chassis-test.jpg",
    specifications: ["Hauteur : 183 cm", "Paiement sans contact"],
    avantages: ["Éclairage DEL économe"],
    produits_par_rangee: 10,
    nombre_de_rangees: 10,
  });
  machineId = machine!.id;
  const cafe = await insertProduct(db, {
    nom: "Café filtre corsé",
    prix: 2.25,
    image: "/media/product-images/cafe-test.jpg",
  });
  const eclair = await insertProduct(db, {
    nom: "Éclair au chocolat",
    prix: 3.5,
    image: "/media/product-images/eclair-test.jpg",
  });
  productIds.push(cafe.id, eclair.id);
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await new Promise((r) => setTimeout(r, 300));
  await worker.idle();
  await app.db().delete(proposals);
  await app.db().delete(outboxMessages);
  await app.db().delete(contactRequests);
  smtp.received.length = 0;
});

const grid = (x: number) => ({ rows: 10, cols: 10, position: { x, y: 50 }, size: { width: 180, height: 400 } });

/** Three sections of 10 × 10, `filled` slots of each filled in turn with the two products. */
function layoutOf(filled = 3, sections = 3) {
  return JSON.stringify({
    sections: Array.from({ length: sections }, (_, i) => grid(20 + i * 30)),
    slots: Array.from({ length: sections }, (_, section) =>
      Array.from({ length: filled }, (_, slot) => ({ section, slot, productId: productIds[slot % 2] })),
    ).flat(),
  });
}

function send(fields: Record<string, string>, as = cookie) {
  return app.fetch(`/creer-machine/${machineId}`, {
    method: "POST",
    headers: { cookie: as },
    body: new URLSearchParams({ intent: "send-proposal", layout: layoutOf(), message: "", ...fields }),
  });
}

async function newRequest() {
  return insertContactRequest(
    app.db(),
    newContactRequest({
      nom_complet: "Hélène Bélanger",
      courriel: "helene@exemple.ca",
      description_demande: "Une machine pour l'usine.",
      type_emplacement: null,
      emplacement: null,
      date_installation: null,
      prefere_telephone: false,
      numero_telephone: null,
      ip_hash: null,
      timestamp: new Date().toISOString(),
    }),
  );
}

let nextSource = 1;
/** A post of the client's page, from an address of its own unless `from` is given. */
function answer(token: string, fields: Record<string, string>, from = `198.51.100.${nextSource++ % 250}`) {
  return app.fetch(`/proposition/${token}`, {
    method: "POST",
    headers: { "x-forwarded-for": from },
    body: new URLSearchParams(fields),
  });
}

const client = { client_name: "Hélène Bélanger", client_email: "helene@exemple.ca" };
const latest = async () =>
  (
    await app
      .db()
      .select()
      .from(proposals)
      .orderBy(sql`created_at desc`)
      .limit(1)
  )[0]!;

describe("sending a proposal", () => {
  it("stores the layout and a snapshot of each product, emails the client the links and moves the request", async () => {
    const request = await newRequest();
    const response = await send({ ...client, contact_request_id: request.id, message: "Comme convenu au téléphone." });
    expect(response.status).toBe(200);
    const p = await latest();
    expect(p.token).toMatch(/^[0-9a-f]{32}$/);
    expect(p).toMatchObject({
      machine_name: "Boréal Élégance",
      status: "envoyee",
      version: 1,
      contact_request_id: request.id,
    });
    expect(p.sections).toHaveLength(3);
    const items = await app.db().select().from(proposalItems).where(eq(proposalItems.proposal_id, p.id));
    expect(items).toHaveLength(9);
    expect(items.find((i) => i.section === 0 && i.slot === 1)).toMatchObject({
      product_name: "Éclair au chocolat",
      product_price: 3.5,
      product_image: "/media/product-images/eclair-test.jpg",
    });
    // The snapshot keeps the price of the day.
    await app.db().update(products).set({ prix: 9 }).where(eq(products.id, productIds[1]!));
    const [kept] = await app.db().select().from(proposalItems).where(eq(proposalItems.id, items[1]!.id));
    expect(kept!.product_price).toBe(items[1]!.product_price);
    await app.db().update(products).set({ prix: 3.5 }).where(eq(products.id, productIds[1]!));

    const [mail] = await smtp.waitForMessages(1, 5_000);
    expect(mail!.envelope.to).toEqual(["helene@exemple.ca"]);
    expect(mail!.mail.subject).toBe("Votre proposition Boréal Distributrices\u00a0: Boréal Élégance");
    expect(mail!.mail.text).toContain(`${PUBLIC}/proposition/${p.token}`);
    expect(mail!.mail.text).toContain(`Version PDF\u00a0: ${PUBLIC}/proposition/${p.token}.pdf`);
    expect(mail!.mail.html).toContain(`href="${PUBLIC}/proposition/${p.token}.pdf"`);
    expect(mail!.mail.text).toContain("Comme convenu au téléphone.");
    expect(mail!.mail.html).toContain(`${PUBLIC}/proposition/${p.token}`);

    const [stored] = await app.db().select().from(contactRequests).where(eq(contactRequests.id, request.id));
    expect(stored!.stage).toBe("proposition-envoyee");
  });

  it("refuses bad input with a French message and stores nothing", async () => {
    const empty = await send({ ...client, layout: layoutOf(0) });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Placez au moins un produit dans la machine avant d'envoyer la proposition.");
    const badEmail = await send({ ...client, client_email: "helene@" });
    expect(await badEmail.text()).toContain("Veuillez entrer une adresse courriel valide.");
    const noName = await send({ ...client, client_name: "" });
    expect(await noName.text()).toContain("Veuillez entrer le nom du client.");
    const gone = await send({
      ...client,
      layout: layoutOf(1).replace(productIds[0]!, "00000000-0000-4000-8000-000000000000"),
    });
    expect(await gone.text()).toContain("Un des produits placés n'existe plus.");
    expect(await app.db().select().from(proposals)).toHaveLength(0);
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);
  });

  it("is refused to a visitor who is not signed in", async () => {
    const response = await send(client, "");
    expect(response.status).toBe(401);
    expect(await app.db().select().from(proposals)).toHaveLength(0);
  });
});

describe("the client's page", () => {
  it("shows the proposal, stays out of every cache and the sitemap; a plain GET does not mark it seen", async () => {
    await send(client);
    const p = await latest();
    const response = await app.fetch(`/proposition/${p.token}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const html = await response.text();
    expect(html).toContain("Votre machine Boréal Élégance");
    expect(html).toContain("Éclair au chocolat");
    expect(html).toContain("Paiement sans contact");
    expect(html).toContain("Éclairage DEL économe");
    expect(html).toContain("Nos engagements");
    expect(html).toContain("Installation gratuite");
    expect(html).toContain(`href="/proposition/${p.token}.pdf"`);
    expect(html).toContain("Accepter la proposition");
    expect(html).toContain("Demander des modifications");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    // A mail scanner's GET is not the client seeing it (the page's own script says so: statistics-trust).
    expect((await latest()).status).toBe("envoyee");
    const sitemap = await (await app.fetch("/sitemap.xml")).text();
    expect(sitemap).not.toContain("proposition");
  });

  it("answers the site's 404 to a wrong or malformed token, for the page and its PDF", async () => {
    for (const path of [
      "/proposition/0123456789abcdef0123456789abcdef",
      "/proposition/abc",
      "/proposition/0123456789abcdef0123456789abcdef.pdf",
      "/proposition/abc.pdf",
      "/proposition/.pdf",
      "/proposition/abc/pdf",
    ]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(404);
      if (!path.endsWith("/pdf")) expect(await response.text(), path).toContain("Oups\u00a0!");
    }
  });

  it("says after 60 days that it expired and how to ask for a new one; nothing can be done then", async () => {
    await send(client);
    const p = await latest();
    await app
      .db()
      .update(proposals)
      .set({ created_at: new Date(Date.now() - 61 * 86_400_000) })
      .where(eq(proposals.id, p.id));
    const html = await (await app.fetch(`/proposition/${p.token}`)).text();
    expect(html).toContain("Cette proposition a expiré");
    expect(html).toContain("Demander une nouvelle proposition");
    expect(html).not.toContain("Éclair au chocolat");
    const accept = await answer(p.token, { intent: "accept" });
    expect(accept.status).toBe(400);
    expect((await latest()).accepted_at).toBeNull();
    expect((await app.fetch(`/proposition/${p.token}.pdf`)).status).toBe(410);
  });

  it("records an acceptance once under two presses at the same time, emails the staff once, wins the request", async () => {
    const request = await newRequest();
    await send({ ...client, contact_request_id: request.id });
    await smtp.waitForMessages(1, 5_000);
    const p = await latest();
    const press = () => answer(p.token, { intent: "accept" });
    const [a, b] = await Promise.all([press(), press()]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const accepted = await latest();
    expect(accepted.status).toBe("acceptee");
    const [stored] = await app.db().select().from(contactRequests).where(eq(contactRequests.id, request.id));
    expect(stored!.stage).toBe("gagnee");
    const changes = await app
      .db()
      .select()
      .from(contactRequestStageChanges)
      .where(eq(contactRequestStageChanges.contact_request_id, request.id));
    expect(changes.map((c) => c.to_stage)).toEqual(expect.arrayContaining(["proposition-envoyee", "gagnee"]));
    const mails = await smtp.waitForMessages(2, 5_000);
    await new Promise((r) => setTimeout(r, 400));
    await worker.idle();
    const toStaff = smtp.received.filter((m) => m.envelope.to.includes(LEADS));
    expect(toStaff).toHaveLength(1);
    expect(toStaff[0]!.mail.subject).toBe("Proposition acceptée\u00a0: Hélène Bélanger — Boréal Élégance");
    expect(mails.length).toBeGreaterThanOrEqual(2);
    // The request left no phone: the client is told the team will write, not call.
    const toClient = smtp.received.find((m) => m.mail.subject!.startsWith("Votre acceptation"))!;
    expect(toClient.mail.text).toContain("Prochaine étape\u00a0: nous vous écrivons pour planifier l'installation");
    const html = await (await app.fetch(`/proposition/${p.token}`)).text();
    expect(html).toContain("Proposition acceptée");
    expect(html).toContain("Nous vous écrivons pour planifier l&#x27;installation.");
    expect(html).not.toContain("appelons");
    expect(html).not.toContain('value="accept"');
  });

  it("keeps a change request on the proposal and emails it to the staff; an empty one is refused", async () => {
    await send(client);
    const p = await latest();
    const empty = await answer(p.token, { intent: "changes", change_request: "  " });
    expect(empty.status).toBe(400);
    expect(await empty.text()).toContain("Veuillez décrire les modifications souhaitées.");
    const response = await answer(p.token, {
      intent: "changes",
      change_request: "Plus de thé glacé, moins de croustilles.",
    });
    expect(response.status).toBe(200);
    expect(await latest()).toMatchObject({
      status: "modifications-demandees",
      change_request: "Plus de thé glacé, moins de croustilles.",
    });
    await smtp.waitForMessages(2, 5_000);
    const staff = smtp.received.find((m) => m.envelope.to.includes(LEADS))!;
    expect(staff.mail.subject).toBe("Modifications demandées\u00a0: Hélène Bélanger — Boréal Élégance");
    expect(staff.mail.text).toContain("Plus de thé glacé, moins de croustilles.");
    const html = await (await app.fetch(`/proposition/${p.token}`)).text();
    expect(html).toContain("Plus de thé glacé, moins de croustilles.");
    const list = await (await app.fetch("/edit-propositions", { headers: { cookie } })).text();
    expect(list).toContain("Modifications demandées");
  });
});

describe("the journey's emails and the client's answers", () => {
  const mailsTo = (address: string) => smtp.received.filter((m) => m.envelope.to.includes(address));
  const count = (text: string, word: string) => text.split(word).length - 1;

  it("greets the client once, with or without the staff's own greeting, and shows the staff's message on the page", async () => {
    await send({ ...client, message: "Bonjour Hélène,\n\nComme convenu au téléphone, voici la machine." });
    const [own] = await smtp.waitForMessages(1, 5_000);
    expect(count(own!.mail.text!, "Bonjour")).toBe(1);
    expect(count(own!.mail.html as string, "Bonjour")).toBe(1);
    expect(own!.mail.text!.startsWith("Bonjour Hélène,\n")).toBe(true);
    // Links are buttons or a few words in the HTML, never a raw address.
    expect(own!.mail.html).not.toMatch(/>\s*https?:\/\//);
    const page = await (await app.fetch(`/proposition/${(await latest()).token}`)).text();
    expect(page).toContain("Un mot de l&#x27;équipe de Boréal Distributrices");
    expect(page).toContain("Comme convenu au téléphone, voici la machine.");

    smtp.received.length = 0;
    await send({ ...client, message: "Voici la machine dont nous avons parlé." });
    const [plain] = await smtp.waitForMessages(1, 5_000);
    expect(count(plain!.mail.text!, "Bonjour")).toBe(1);
    expect(plain!.mail.text).toContain("Bonjour Hélène Bélanger,");
    expect(count(plain!.mail.html as string, "Bonjour")).toBe(1);
  });

  it("signs once: the staff's signed message ends the email in place of the team's signature", async () => {
    await send({ ...client, message: "Comme convenu, voici la machine.\n\nAu plaisir,\nMarc" });
    const [signed] = await smtp.waitForMessages(1, 5_000);
    for (const body of [signed!.mail.text!, signed!.mail.html as string]) {
      expect(count(body, "Au plaisir")).toBe(1);
      expect(body).not.toContain("L'équipe de Boréal Distributrices");
      expect(body).not.toContain("L&#x27;équipe de Boréal Distributrices");
      // The link comes before the signature.
      expect(body.indexOf("Voici notre proposition")).toBeLessThan(body.indexOf("Au plaisir"));
    }
    expect(signed!.mail.text!.trimEnd().endsWith("Au plaisir,\nMarc")).toBe(true);

    smtp.received.length = 0;
    await send({ ...client, message: "Comme convenu, voici la machine." });
    const [unsigned] = await smtp.waitForMessages(1, 5_000);
    expect(unsigned!.mail.text).toContain("L'équipe de Boréal Distributrices");
    expect(unsigned!.mail.text!.indexOf("Comme convenu")).toBeLessThan(
      unsigned!.mail.text!.indexOf("Voici notre proposition"),
    );
  });

  it("folds line breaks and control characters in the client's name: no field starts a line of an email", async () => {
    await send({ ...client, client_name: "Hélène\r\nBcc: autre@exemple.ca\u2028Bélanger\u0085" });
    const p = await latest();
    expect(p.client_name).toBe("Hélène Bcc: autre@exemple.ca Bélanger");
    const [mail] = await smtp.waitForMessages(1, 5_000);
    expect(mail!.mail.text!.split("\n").some((l) => l.startsWith("Bcc:"))).toBe(false);
    expect(mail!.envelope.to).toEqual(["helene@exemple.ca"]);
  });

  it("on acceptance, emails the owner who, how to reach them, the machine, the links and the next step, and the client a confirmation", async () => {
    const [request] = await app
      .db()
      .update(contactRequests)
      .set({ numero_telephone: "418 555-0142", prefere_telephone: true })
      .where(eq(contactRequests.id, (await newRequest()).id))
      .returning();
    await send({ ...client, contact_request_id: request!.id });
    await smtp.waitForMessages(1, 5_000);
    const p = await latest();
    const accepted = await answer(p.token, { intent: "accept" });
    expect(accepted.status).toBe(200);
    const html = await accepted.text();
    expect(html).toContain('data-testid="answer-confirmation"');
    expect(html).toContain("Merci ! Votre acceptation est enregistrée.");
    // The confirmation is in 'Votre réponse' (#reponse), the answer the forms post to.
    expect(html.indexOf('id="reponse"')).toBeLessThan(html.indexOf('data-testid="answer-confirmation"'));
    await smtp.waitForMessages(3, 5_000);

    const [owner] = mailsTo(LEADS);
    expect(owner!.mail.subject).toBe("Proposition acceptée\u00a0: Hélène Bélanger — Boréal Élégance");
    const text = owner!.mail.text!;
    for (const expected of [
      "Client : Hélène Bélanger",
      "Téléphone : 418 555-0142",
      "Courriel : helene@exemple.ca",
      "Machine : Boréal Élégance",
      "Prochaine étape : appelez Hélène Bélanger au 418 555-0142 pour planifier l'installation.",
      `Voir la demande : ${PUBLIC}/login?retour=/edit-demandes/${request!.id}`,
      `Voir la proposition : ${PUBLIC}/proposition/${p.token}`,
    ])
      expect(text).toContain(typography(expected));
    const ownerHtml = owner!.mail.html as string;
    expect(ownerHtml).toContain(`href="${PUBLIC}/login?retour=/edit-demandes/${request!.id}"`);
    expect(ownerHtml).toContain(">Voir la demande<");
    expect(ownerHtml).toContain("418\u00a0555-0142");
    // The client's phone can be tapped.
    expect(ownerHtml).toMatch(/href="tel:[^"]*4185550142"/);
    expect(ownerHtml).not.toMatch(/>\s*https?:\/\//);
    expect(owner!.mail.replyTo?.text).toContain("helene@exemple.ca");

    const confirmations = mailsTo("helene@exemple.ca").filter((m) => m.mail.subject!.startsWith("Votre acceptation"));
    expect(confirmations).toHaveLength(1);
    const confirmation = confirmations[0]!;
    expect(confirmation.mail.subject).toBe("Votre acceptation est enregistrée\u00a0: Boréal Élégance");
    expect(count(confirmation.mail.text!, "Bonjour")).toBe(1);
    expect(confirmation.mail.text).toContain("Bonjour Hélène Bélanger,");
    expect(confirmation.mail.text).toContain("votre machine Boréal Élégance");
    expect(confirmation.mail.text).toContain(
      "Prochaine étape\u00a0: nous vous appelons pour planifier l'installation, qui est gratuite.",
    );
    // The team's phone once, in the sentence that asks to call it.
    expect(count(confirmation.mail.text!, "555-0142")).toBe(1);
    // Queued in the acceptance's transaction, for the request it answers.
    const queued = await app
      .db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, "proposal-accepted-client"));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.contact_request_id).toBe(request!.id);

    // A second press changes nothing and sends nothing more.
    expect((await answer(p.token, { intent: "accept" })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await worker.idle();
    expect(smtp.received).toHaveLength(3);
  });

  it("sends the staff one email per proposal per hour and gathers the later change requests into the next", async () => {
    await send(client);
    await smtp.waitForMessages(1, 5_000);
    const p = await latest();
    expect(
      (await answer(p.token, { intent: "changes", change_request: "Première demande : plus de thé." })).status,
    ).toBe(200);
    await smtp.waitForMessages(2, 5_000);
    for (const text of ["Deuxième demande : moins de croustilles.", "Troisième demande : ajouter des fruits."])
      expect((await answer(p.token, { intent: "changes", change_request: text })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    await worker.idle();
    // Still one staff email: the others wait, gathered, an hour after it.
    expect(mailsTo(LEADS)).toHaveLength(1);
    expect(mailsTo(LEADS)[0]!.mail.text).toContain("Première demande\u00a0: plus de thé.");
    const changes = await app.db().select().from(outboxMessages).where(eq(outboxMessages.purpose, "proposal-changes"));
    expect(changes).toHaveLength(2);
    const waiting = changes.find((m) => m.status === "pending")!;
    const sent = changes.find((m) => m.status === "sent")!;
    expect(waiting.next_attempt_at.getTime() - sent.created_at.getTime()).toBe(3_600_000);
    const stored = await latest();
    expect(stored.change_requests.map((e) => e.text)).toEqual([
      "Première demande : plus de thé.",
      "Deuxième demande : moins de croustilles.",
      "Troisième demande : ajouter des fruits.",
    ]);
    expect(stored.change_request).toBe("Troisième demande : ajouter des fruits.");

    // The hour is over: the gathered email goes, with both later requests and not the first again.
    await app.db().update(outboxMessages).set({ next_attempt_at: new Date() }).where(eq(outboxMessages.id, waiting.id));
    worker.kick();
    await smtp.waitForMessages(3, 5_000);
    const gathered = mailsTo(LEADS)[1]!;
    expect(gathered.mail.subject).toBe("Modifications demandées\u00a0: Hélène Bélanger — Boréal Élégance");
    expect(gathered.mail.text).toContain("Deuxième demande\u00a0: moins de croustilles.");
    expect(gathered.mail.text).toContain("Troisième demande\u00a0: ajouter des fruits.");
    expect(gathered.mail.text).not.toContain("Première demande");

    // More than an hour after the last email (the clock moved two hours on), a request is emailed at once.
    const before = (at: string | Date) => new Date(new Date(at).getTime() - 7_200_000);
    const moved = await latest();
    await app
      .db()
      .update(proposals)
      .set({
        changes_notified_at: before(moved.changes_notified_at!),
        change_requests: moved.change_requests.map((e) => ({ ...e, at: before(e.at).toISOString() })),
      })
      .where(eq(proposals.id, p.id));
    expect((await answer(p.token, { intent: "changes", change_request: "Quatrième demande." })).status).toBe(200);
    await smtp.waitForMessages(4, 5_000);
    expect(mailsTo(LEADS)[2]!.mail.text).toContain("Quatrième demande.");
    expect(mailsTo(LEADS)[2]!.mail.text).not.toContain("Troisième demande");
  });

  it("answers 400 in French to an unknown or missing intent and to an unreadable body, changing nothing", async () => {
    await send(client);
    const p = await latest();
    for (const fields of [{ intent: "foo" }, {}, { intent: "" }] as Record<string, string>[]) {
      const response = await answer(p.token, fields);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain("Cette action est inconnue. Rechargez la page et réessayez.");
    }
    for (const type of ["multipart/form-data", "multipart/form-data; boundary=x", "text/plain"]) {
      const response = await app.fetch(`/proposition/${p.token}`, {
        method: "POST",
        headers: { "content-type": type, "x-forwarded-for": `203.0.113.${nextSource++ % 250}` },
        body: "intent=accept\r\n--x--garbage",
      });
      expect(response.status, type).toBe(400);
      expect(await response.text()).toMatch(/Rechargez la page et réessayez\./);
    }
    expect(await latest()).toMatchObject({ accepted_at: null, change_request: null, change_requests: [] });
  });

  it("throttles the client's answers per source like the contact form, with a French message", async () => {
    await send(client);
    const p = await latest();
    const from = "192.0.2.77";
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await answer(p.token, { intent: "changes", change_request: "" }, from)).status);
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
    const limited = await answer(p.token, { intent: "accept" }, from);
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain(
      "Vous avez envoyé plusieurs réponses en peu de temps. Veuillez réessayer dans quelques minutes.",
    );
    expect((await latest()).accepted_at).toBeNull();
    // Another source is answered.
    expect((await answer(p.token, { intent: "accept" }, "192.0.2.78")).status).toBe(200);
  });
});

describe("the staff's list, revisions and resending", () => {
  it("lists each proposal with its state; a revision is a new version the old link leads to", async () => {
    await send(client);
    const first = await latest();
    const list = await (await app.fetch("/edit-propositions", { headers: { cookie } })).text();
    expect(list).toContain("Hélène Bélanger");
    expect(list).toContain("Envoyée");
    expect((await app.fetch("/edit-propositions")).status).toBe(404);

    const revise = await (
      await app.fetch(`/creer-machine/${machineId}?revision=${first.id}`, { headers: { cookie } })
    ).text();
    expect(revise).toContain(first.id);
    await send({ ...client, previous_id: first.id, layout: layoutOf(5) });
    const second = await latest();
    expect(second).toMatchObject({ version: 2, previous_id: first.id });
    const old = await (await app.fetch(`/proposition/${first.token}`)).text();
    expect(old).toContain("Une version plus récente de cette proposition existe.");
    expect(old).toContain(`/proposition/${second.token}`);
    const accept = await answer(first.token, { intent: "accept" });
    expect(accept.status).toBe(400);
    expect((await app.db().select().from(proposals).where(eq(proposals.id, first.id)))[0]!.accepted_at).toBeNull();
  });

  it("'Renvoyer' emails the same link again", async () => {
    await send(client);
    await smtp.waitForMessages(1, 5_000);
    const p = await latest();
    const response = await app.fetch("/edit-propositions", {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "resend", id: p.id }),
    });
    expect(response.status).toBe(200);
    const mails = await smtp.waitForMessages(2, 5_000);
    expect(mails.every((m) => m.mail.text!.includes(`${PUBLIC}/proposition/${p.token}`))).toBe(true);
    const purposes = await app.db().select({ purpose: outboxMessages.purpose }).from(outboxMessages);
    expect(purposes.map((m) => m.purpose).sort()).toEqual(["proposal", "proposal-resent"]);
  });

  it("'Renvoyer' without JavaScript comes back to the list, which says so", async () => {
    await send(client);
    const p = await latest();
    const resent = await documentPost(
      app.url,
      "/edit-propositions",
      cookie,
      new URLSearchParams({ intent: "resend", id: p.id }),
    );
    expect(resent.status).toBe(302);
    expect(resent.location).toBe("/edit-propositions");
    const list = await (
      await app.fetch("/edit-propositions", { headers: { cookie: `${cookie}; ${resent.flash}` } })
    ).text();
    expect(list).toMatch(/<noscript><p role="status"[^>]*>Le lien a été renvoyé au client\.<\/p><\/noscript>/);

    const gone = await documentPost(
      app.url,
      "/edit-propositions",
      cookie,
      new URLSearchParams({ intent: "resend", id: "00000000-0000-4000-8000-000000000000" }),
    );
    const refused = await (
      await app.fetch("/edit-propositions", { headers: { cookie: `${cookie}; ${gone.flash}` } })
    ).text();
    expect(refused).toContain("Cette proposition n&#x27;existe plus ou le courriel n&#x27;est pas configuré.");
  });
});

describe("templates", () => {
  it("'Enregistrer comme modèle' gives the machine's next proposal its starting layout", async () => {
    const response = await app.fetch(`/creer-machine/${machineId}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "save-template", layout: layoutOf(2, 2) }),
    });
    expect(response.status).toBe(200);
    const [template] = await app
      .db()
      .select()
      .from(machineLayoutTemplates)
      .where(eq(machineLayoutTemplates.machine_id, machineId));
    expect(template!.sections).toHaveLength(2);
    expect(Object.keys(template!.products)).toHaveLength(4);
    const page = await (await app.fetch(`/creer-machine/${machineId}`, { headers: { cookie } })).text();
    expect(page).toContain("Café filtre corsé");

    // The machine editor's notice reads it and clears it (staff only).
    const endpoint = `/edit-propositions/modele/${machineId}`;
    expect((await app.fetch(endpoint)).status).toBe(404);
    const status = await (await app.fetch(`${endpoint}.data`, { headers: { cookie } })).text();
    expect(status).toContain("exists");
    expect((await app.fetch(endpoint, { method: "POST" })).status).toBe(401);
    expect(await app.db().select().from(machineLayoutTemplates)).toHaveLength(1);
    // A post that names no action clears nothing.
    const unnamed = await app.fetch(endpoint, { method: "POST", headers: { cookie } });
    expect(unnamed.status).toBe(400);
    expect(await app.db().select().from(machineLayoutTemplates)).toHaveLength(1);
    const cleared = await app.fetch(endpoint, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "clear-template" }),
    });
    expect(cleared.status).toBe(200);
    expect(await app.db().select().from(machineLayoutTemplates)).toHaveLength(0);
  });
});

describe("the PDF", () => {
  it("reads back with the client, machine and product names, accents included, and renders every page", async () => {
    await send({ ...client, layout: layoutOf(100) });
    const p = await latest();
    const started = performance.now();
    const response = await app.fetch(`/proposition/${p.token}.pdf`);
    const ms = performance.now() - started;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const pdf = Buffer.from(await response.arrayBuffer());
    const dir = mkdtempSync(join(tmpdir(), "proposal-pdf-"));
    writeFileSync(join(dir, "p.pdf"), pdf);
    const text = execFileSync("pdftotext", ["-layout", join(dir, "p.pdf"), "-"], { encoding: "utf8" });
    for (const expected of [
      "Hélène Bélanger",
      "Boréal Élégance",
      "Éclair au chocolat",
      "Café filtre corsé",
      "Nos engagements",
      "Installation gratuite",
      "Spécifications",
      "Conditions",
    ]) {
      expect(text).toContain(expected);
    }
    const pages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [join(dir, "p.pdf")], { encoding: "utf8" }))![1],
    );
    execFileSync("pdftoppm", ["-r", "40", "-png", join(dir, "p.pdf"), join(dir, "page")]);
    expect(readdirSync(dir).filter((f) => f.endsWith(".png"))).toHaveLength(pages);
    if (process.env.PROPOSAL_FIGURES)
      console.log(`PDF 3×10×10: ${pages} pages, ${pdf.length} bytes, ${ms.toFixed(0)} ms`);
    expect(pdf.length).toBeLessThan(3 * 1024 * 1024);
  });

  it("keeps its first address as a permanent redirect to the new one", async () => {
    await send(client);
    const p = await latest();
    const old = await app.fetch(`/proposition/${p.token}/pdf`, { redirect: "manual" });
    expect(old.status).toBe(301);
    expect(new URL(old.headers.get("location")!, app.url).pathname).toBe(`/proposition/${p.token}.pdf`);
  });
});

describe("the promises", () => {
  it("are the home page's as published: a new promise title shows on the client's page and in the PDF", async () => {
    const { db, config } = app.services;
    const before = await shownTexts(db, "home", config.site);
    const title = "Livrée en 12 heures, à Québec comme à Lévis";
    const text = "Votre distributrice arrive pleine, réglée et prête à servir dès le lendemain matin.";
    try {
      await publishTexts(
        db,
        "home",
        { ...before, promise1Title: "Un service clé en main", promise2Title: title, promise2Text: text },
        "admin-test",
        config.site,
      );
      await send(client);
      const p = await latest();
      const html = await (await app.fetch(`/proposition/${p.token}`)).text();
      expect(html).toContain(title);
      expect(html).toContain(text);
      expect(html).not.toContain(before.promise2Title);
      // Free installation is part of every offer, whatever the first promise now says.
      expect(html).toContain("Un service clé en main");
      expect(html).toContain("Installation gratuite");
      const dir = mkdtempSync(join(tmpdir(), "proposal-pdf-"));
      writeFileSync(
        join(dir, "p.pdf"),
        Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer()),
      );
      const pdfText = execFileSync("pdftotext", [join(dir, "p.pdf"), "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
      expect(pdfText).toContain(title);
      expect(pdfText).not.toContain(before.promise2Title!);
    } finally {
      await publishTexts(db, "home", before, "admin-test", config.site);
    }
  });
});

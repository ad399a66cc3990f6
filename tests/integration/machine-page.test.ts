// A machine's public page (/m/{code}) on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL),
// with a real SMTP server in this process: each form stored with its reference, promised response and
// urgency and the staff told at SERVICE_EMAIL with a link to the installation; bad input refused in
// French with nothing stored and the values kept; the honeypot and the per-source limits; one vote per
// person per product per day (the clock moved by the test); unknown codes 404; noindex, no cookie.
// A problem's photo: posted as a browser without JavaScript sends it, stored upright, smaller and without
// EXIF in the private bucket, shown to the staff only; refused in French when it is not a picture or too
// large; never left behind by a refused ticket, an erasure or the retention period.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { insertInstallation, updateInstallationLayout } from "../../app/features/installations/store.server";
import { purgeExpiredData } from "../../app/features/contact-requests/retention-job.server";
import { listInstallationTickets } from "../../app/features/service/store.server";
import { responseDue } from "../../app/features/service/model";
import { publishTexts, readPageTexts } from "../../app/features/site-texts/store.server";
import { installations, outboxMessages, productVotes, serviceTickets } from "../../server/db/schema";
import { sweepUnreferencedMedia } from "../../server/media/sweep";
import { TOO_LARGE_PHOTO } from "../../server/pages/handler";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let installationId: string;
let code: string;
let cafeId: string;
const PUBLIC = "https://boreal.exemple.ca";

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
    SERVICE_EMAIL: "service@exemple.ca",
    PUBLIC_URL: PUBLIC,
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  const db = app.db();
  const cafe = await insertProduct(db, { nom: "Café filtre corsé", prix: 2.25, image: "/placeholder.svg" });
  cafeId = cafe.id;
  await insertProduct(db, { nom: "Éclair au chocolat", prix: 3.5, image: "/placeholder.svg" });
  const row = await insertInstallation(
    db,
    {
      client_name: "Garage Bélanger",
      address: "12, rue des Érables, Lévis",
      contact_name: "Hélène Bélanger",
      contact_phone: "418 555-0142",
      contact_email: "helene@exemple.ca",
      machine_id: null,
      machine_name: "Boréal Élégance",
      slots: [
        {
          section: 0,
          slot: 0,
          product_id: cafe.id,
          product_name: "Café filtre corsé",
          product_price: 2.25,
          product_image: "/placeholder.svg",
        },
        {
          section: 0,
          slot: 1,
          product_id: null,
          product_name: "Eau pétillante",
          product_price: 1.75,
          product_image: "/placeholder.svg",
        },
      ],
      planned_for: null,
    },
    "test",
  );
  await db.update(installations).set({ status: "installee" }).where(eq(installations.id, row.id));
  installationId = row.id;
  code = row.code;
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await worker.idle();
  await app.db().delete(serviceTickets);
  await app.db().delete(productVotes);
  await app.db().delete(outboxMessages);
  smtp.received.length = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

/** Sets the machine's status past the app, then waits for its page to show it: the change reaches the
 * page cache by the database's notification, which may come a moment after the write. */
async function setStatus(status: "retiree" | "installee", pageStatus: number) {
  await app.db().update(installations).set({ status }).where(eq(installations.id, installationId));
  await expect.poll(async () => (await app.fetch(`/m/${code}`)).status, { timeout: 5000 }).toBe(pageStatus);
}

const post = (fields: Record<string, string>, path = `/m/${code}`) =>
  app.fetch(path, { method: "POST", body: new URLSearchParams(fields) });

const tickets = () => app.db().select().from(serviceTickets);

describe("the page", () => {
  it("shows the machine's products with their prices and the three actions, noindex and without a cookie", async () => {
    const response = await app.fetch(`/m/${code}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-robots-tag")).toContain("noindex");
    expect(response.headers.getSetCookie()).toEqual([]);
    const html = await response.text();
    expect(html).toMatch(/<meta name="robots" content="noindex/);
    expect(html).toContain("Café filtre corsé");
    expect(html).toContain("Eau pétillante");
    expect(html).toContain("2,25\u00a0$");
    for (const action of ["Signaler un problème", "Demander un remboursement", "Suggérer un produit"])
      expect(html).toContain(action);
  });

  it("is served from the page cache until its installation changes; its forms and answers are not", async () => {
    const visit = async (path: string) => {
      const response = await app.fetch(path);
      await response.arrayBuffer();
      return { cache: response.headers.get("x-cache"), control: response.headers.get("cache-control") ?? "" };
    };
    await visit(`/m/${code}`);
    expect((await visit(`/m/${code}`)).cache).toBe("hit");
    const [row] = await app.db().select().from(installations).where(eq(installations.id, installationId));
    await updateInstallationLayout(
      app.db(),
      installationId,
      { sections: row!.sections, slots: row!.slots },
      "test",
      "Disposition vérifiée",
    );
    expect((await visit(`/m/${code}`)).cache).toBe("miss");
    const form = await visit(`/m/${code}?formulaire=probleme`);
    expect(form.cache).toBeNull();
    expect(form.control).toContain("no-store");
    expect((await visit(`/m/${code}?formulaire=probleme`)).cache).toBeNull();
  });

  it("takes a code as typed (lower case, no dash) to its canonical address", async () => {
    const typed = code.toLowerCase().replace("-", "");
    const response = await app.fetch(`/m/${typed}?formulaire=probleme`);
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe(`/m/${code}?formulaire=probleme`);
  });

  it("answers a 404 that says why, with the phone, to an unknown code, a code that cannot be one, and a machine not installed", async () => {
    for (const path of ["/m/BD-2222", "/m/pas-un-code", "/m/BD-0000"]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain("Page non trouvée");
      expect(html, path).toContain("Code introuvable");
      expect(html, path).toMatch(/href="tel:/);
    }
    // The code typed again on that page opens its machine's page, in any letter case.
    expect(await (await app.fetch("/m/BD-2222")).text()).toContain('action="/m"');
    const typed = await app.fetch(`/m?code=${encodeURIComponent(` ${code.toLowerCase()} `)}`);
    expect(typed.status).toBe(302);
    expect(typed.headers.get("location")).toBe(`/m/${code.toLowerCase()}`);
    const canonical = await app.fetch(typed.headers.get("location")!);
    expect(canonical.headers.get("location")).toBe(`/m/${code}`);
    await setStatus("retiree", 404);
    try {
      const retired = await app.fetch(`/m/${code}`);
      expect(retired.status).toBe(404);
      expect(await retired.text()).toContain("Cette machine n&#x27;est plus en service");
      expect((await post({ intent: "probleme", probleme: "machine-vide" })).status).toBe(404);
    } finally {
      await setStatus("installee", 200);
    }
    expect(await tickets()).toHaveLength(0);
  });
});

describe("'Signaler un problème'", () => {
  it("stores the ticket (urgent, due by the end of the day), emails SERVICE_EMAIL with a link, and confirms with its reference", async () => {
    const before = new Date();
    const response = await post({
      intent: "probleme",
      probleme: "pas-distribue",
      produit: "0:0",
      quand: "",
      details: "Le café n'est jamais tombé.",
      contact: "418 555-0199",
      duree_saisie: "9000",
    });
    expect(response.status).toBe(302);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({
      installation_id: installationId,
      kind: "probleme",
      problem: "pas-distribue",
      urgent: true,
      status: "nouveau",
      product_id: cafeId,
      product_name: "Café filtre corsé",
      slot: "0:0",
      contact_phone: "418 555-0199",
      contact_email: null,
      description: "Le café n'est jamais tombé.",
    });
    expect(ticket!.code).toMatch(/^S-[23456789ABCDEFGHJKMNPQRSTWXYZ]{5}$/);
    expect(ticket!.source_hash).not.toContain("127.0.0.1");
    expect(ticket!.due_at.getTime()).toBe(responseDue(ticket!.received_at).getTime());
    expect(ticket!.received_at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(response.headers.get("location")).toBe(`/m/${code}?merci=${ticket!.code}`);

    const confirmation = await (await app.fetch(response.headers.get("location")!)).text();
    expect(confirmation).toContain(ticket!.code);
    expect(confirmation).toContain("Nous vous répondrons au plus tard le");

    // The installation's staff page lists it.
    const listed = await listInstallationTickets(app.db(), installationId);
    expect(listed.map((t) => t.code)).toEqual([ticket!.code]);
    const staffPage = await app.fetch(`/edit-installations/${installationId}`, {
      headers: { cookie: await app.login() },
    });
    expect(await staffPage.text()).toContain(ticket!.code);

    worker.kick();
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual(["service@exemple.ca"]);
    expect(mail!.mail.subject).toContain("Urgent");
    expect(mail!.mail.subject).toContain(ticket!.code);
    expect(mail!.mail.text).toContain("N'a pas distribué");
    expect(mail!.mail.text).toContain("Garage Bélanger");
    expect(mail!.mail.html).toMatch(/href="tel:[^"]*4185550199"/);
    expect(mail!.mail.replyTo).toBeUndefined();
    // The link opens the ticket in the staff's service inbox.
    expect(mail!.mail.text).toContain(`${PUBLIC}/login?retour=/edit-service/${ticket!.id}`);
    expect(mail!.mail.html).toContain(`${PUBLIC}/login?retour=/edit-service/${ticket!.id}`);
    // Nothing goes to the number or address the person typed.
    expect(smtp.received.flatMap((m) => m.envelope.to)).toEqual(["service@exemple.ca"]);
  });

  it("refuses bad input with a French message per field, keeps what was typed and stores nothing", async () => {
    const response = await post({
      intent: "probleme",
      probleme: "pas-un-probleme",
      produit: "9:9",
      quand: "2099-01-01T10:00",
      details: "Encore là",
      contact: "pas-un-courriel@",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Choisissez ce qui s'est passé.");
    expect(html).toContain("Choisissez un produit de cette machine, ou aucun.");
    expect(html).toContain("Cette date est dans le futur.");
    expect(html).toContain("Ce courriel semble incomplet");
    expect(html).toContain("Encore là");
    expect(await tickets()).toHaveLength(0);
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);
  });
});

describe("'Demander un remboursement'", () => {
  const refund = {
    intent: "remboursement",
    montant: "2,50",
    paiement: "carte",
    retour: "interac",
    courriel: "marie@exemple.ca",
    produit: "0:1",
    quand: "",
    details: "",
  };

  it("stores the refund (urgent, in cents) and tells the staff, never the typed address", async () => {
    const response = await post(refund);
    expect(response.status).toBe(302);
    const [ticket] = await tickets();
    expect(ticket).toMatchObject({
      kind: "remboursement",
      problem: null,
      urgent: true,
      refund_cents: 250,
      payment_method: "carte",
      refund_method: "interac",
      contact_email: "marie@exemple.ca",
      product_name: "Eau pétillante",
      product_id: null,
    });
    const page = await (await app.fetch(response.headers.get("location")!)).text();
    expect(page).toContain("Votre demande de remboursement est reçue");
    worker.kick();
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual(["service@exemple.ca"]);
    expect(mail!.mail.text).toContain("2,50");
    // The staff's email says it in the third person, not the person's 'à mon courriel'.
    expect(mail!.mail.text).toContain("Virement Interac au courriel donné");
    expect(mail!.mail.text).toContain("Reçue le");
    // Answering the alert writes to the person; their address is a link.
    expect(mail!.mail.replyTo?.text).toContain("marie@exemple.ca");
    expect(mail!.mail.html).toContain('href="mailto:marie@exemple.ca"');
    expect(smtp.received.some((m) => m.envelope.to.includes("marie@exemple.ca"))).toBe(false);
  });

  it("refuses an amount over the maximum and a missing email, in French, storing nothing", async () => {
    const response = await post({ ...refund, montant: "45", courriel: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(
      /Le remboursement en ligne va jusqu(&#x27;|')à 20,00\u00a0\$\. Au-delà, appelez-nous au \d{3}[ \u00a0]\d{3}-\d{4}\./,
    );
    expect(html).toContain("Indiquez votre courriel");
    expect(html).toContain('value="45"');
    expect(await tickets()).toHaveLength(0);
  });
});

describe("the owner's service settings", () => {
  it("promise the delay and allow the refund maximum the owner publishes", async () => {
    const { db, config } = app.services;
    const { published } = await readPageTexts(db, "settings", config.site);
    await publishTexts(
      db,
      "settings",
      { ...published, serviceResponseHours: "4", refundMax: "35" },
      "test",
      config.site,
    );
    try {
      const asked = {
        intent: "remboursement",
        montant: "30",
        paiement: "carte",
        retour: "interac",
        courriel: "marie@exemple.ca",
      };
      const form = await (await app.fetch(`/m/${code}?formulaire=remboursement`)).text();
      expect(form).toContain("En dollars, jusqu&#x27;à 35,00\u00a0$.");
      expect((await post(asked)).status).toBe(302);
      const [ticket] = await tickets();
      expect(ticket!.refund_cents).toBe(3_000);
      expect(ticket!.due_at.getTime() - ticket!.received_at.getTime()).toBe(4 * 3_600_000);
      const over = await post({ ...asked, montant: "36" });
      expect(over.status).toBe(400);
      expect(await over.text()).toContain("jusqu'à 35,00\u00a0$");
    } finally {
      await publishTexts(db, "settings", published, "test", config.site);
    }
  });
});

describe("spam layers", () => {
  it("answers a filled honeypot like anyone and keeps nothing", async () => {
    const response = await post({ intent: "probleme", probleme: "autre", site_web: "http://spam.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/m/${code}?merci=recu`);
    expect(await tickets()).toHaveLength(0);
  });

  it("refuses a form sent faster than a person fills it, keeping the values", async () => {
    const response = await post({ intent: "probleme", probleme: "autre", details: "vite", duree_saisie: "200" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("vite");
    expect(await tickets()).toHaveLength(0);
  });

  it("limits one source to its share of the hourly ceiling", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await post({ intent: "probleme", probleme: "machine-vide" })).status);
    const stored = (await tickets()).length;
    expect(stored).toBeGreaterThan(0);
    expect(stored).toBeLessThan(5);
    expect(statuses.slice(stored)).toEqual(Array(5 - stored).fill(429));
    const refused = await post({ intent: "probleme", probleme: "machine-vide", details: "encore" });
    expect(await refused.text()).toContain("Réessayez dans quelques minutes");
  });
});

describe("'Suggérer un produit'", () => {
  it("finds catalogue products without JavaScript (a GET search)", async () => {
    const html = await (await app.fetch(`/m/${code}?formulaire=suggestion&recherche=eclair`)).text();
    expect(html).toContain("Éclair au chocolat");
    expect(html).toContain("Voter pour Éclair au chocolat");
    expect(html).toMatch(/Éclair au chocolat<\/span><span[^>]*>\d+,\d\d\u00a0\$/);
    // A product already in the machine is said so, not offered to vote.
    const own = await (await app.fetch(`/m/${code}?formulaire=suggestion&recherche=filtre`)).text();
    expect(own).toContain("Café filtre corsé");
    expect(own).toContain("Déjà dans la machine");
    expect(own).not.toContain("Voter pour Café filtre corsé");
  });

  it("counts one vote per person per product per machine per day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-03T15:00:00Z"));
    const first = await post({ intent: "suggestion", produit_id: cafeId });
    expect(first.headers.get("location")).toBe(`/m/${code}?merci=vote`);
    const again = await post({ intent: "suggestion", nom: "café filtre corsé" });
    expect(again.headers.get("location")).toBe(`/m/${code}?merci=deja`);
    const other = await post({ intent: "suggestion", nom: "Kombucha gingembre" });
    expect(other.headers.get("location")).toBe(`/m/${code}?merci=vote`);
    // A colleague's phone on the same office network votes too.
    const colleague = await app.fetch(`/m/${code}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "suggestion", produit_id: cafeId }),
      headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) Safari/604.1" },
    });
    expect(colleague.headers.get("location")).toBe(`/m/${code}?merci=vote`);

    vi.setSystemTime(new Date("2026-12-04T15:00:00Z"));
    const nextDay = await post({ intent: "suggestion", produit_id: cafeId });
    expect(nextDay.headers.get("location")).toBe(`/m/${code}?merci=vote`);

    const votes = await app.db().select().from(productVotes);
    expect(votes.map((v) => [v.product_name, v.day]).sort()).toEqual([
      ["Café filtre corsé", "2026-12-03"],
      ["Café filtre corsé", "2026-12-03"],
      ["Café filtre corsé", "2026-12-04"],
      ["Kombucha gingembre", "2026-12-03"],
    ]);
    expect(votes.find((v) => v.product_name === "Kombucha gingembre")!.product_id).toBeNull();
    expect(votes.every((v) => !v.voter_hash.includes("127.0.0.1"))).toBe(true);
  });

  it("refuses an empty suggestion in French", async () => {
    const response = await post({ intent: "suggestion", nom: "" });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Écrivez le nom du produit souhaité.");
    expect(await app.db().select().from(productVotes)).toHaveLength(0);
  });
});

describe("a photo on 'Signaler un problème'", () => {
  const PROBLEM = { intent: "probleme", probleme: "produit-abime", produit: "0:0", details: "Coincé au fond" };
  const photos = () => app.services.storage.list("ticket-photos", Infinity);
  beforeEach(async () => {
    for (const o of await photos()) await app.services.storage.delete("ticket-photos", o.name);
  });

  /** A phone's photo: 2400 × 1800 turned a quarter by its EXIF orientation, with GPS and the maker. */
  const phonePhoto = () =>
    sharp({ create: { width: 2400, height: 1800, channels: 3, background: "#b5452b" } })
      .withExif({
        IFD0: { Make: "Téléphone-Test" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "46/1 48/1 0/1", GPSMapDatum: "WGS-84" },
      })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 90 })
      .toBuffer();

  /** The form as a browser without JavaScript posts it: multipart, the file under its name and type. */
  const postWithPhoto = (
    fields: Record<string, string>,
    file: Buffer,
    name = "IMG_0042.jpg",
    type = "image/jpeg",
    headers: Record<string, string> = {},
  ) => {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.append(key, value);
    body.append("photo", new Blob([new Uint8Array(file)], { type }), name);
    return app.fetch(`/m/${code}?formulaire=probleme`, { method: "POST", body, headers });
  };

  it("stores it upright, within 1600 px, as a JPEG without EXIF; the staff see it, no one else", async () => {
    const sent = await phonePhoto();
    expect((await sharp(sent).metadata()).exif!.toString("latin1")).toContain("WGS-84");
    const response = await postWithPhoto(PROBLEM, sent);
    expect(response.status).toBe(302);
    const [ticket] = await tickets();
    expect(response.headers.get("location")).toBe(`/m/${code}?merci=${ticket!.code}`);
    expect(ticket!.photo_key).toMatch(/^ticket-[0-9a-f]{32}\.jpg$/);
    expect((await photos()).map((o) => o.name)).toEqual([ticket!.photo_key]);

    const stored = (await app.services.storage.read("ticket-photos", ticket!.photo_key!))!;
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe("jpeg");
    // Turned upright (the orientation applied), then fitted within the box.
    expect([meta.width, meta.height]).toEqual([1200, 1600]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.toString("latin1")).not.toContain("WGS-84");
    expect(stored.toString("latin1")).not.toContain("Téléphone-Test");

    // Not public: neither /media nor /img serves the bucket, and the staff's upload refuses it.
    const name = ticket!.photo_key!;
    expect((await app.fetch(`/media/ticket-photos/${name}`)).status).toBe(404);
    expect((await app.fetch(`/img/ticket-photos/${name}?w=640`)).status).toBe(404);
    const cookie = await app.login();
    const upload = new FormData();
    upload.append("file", new Blob([new Uint8Array(sent)], { type: "image/jpeg" }), "a.jpg");
    const uploaded = await app.fetch("/api/upload/ticket-photos", {
      method: "POST",
      body: upload,
      headers: { cookie },
    });
    expect(uploaded.status).toBe(404);
    expect(await photos()).toHaveLength(1);

    // The staff's route: nothing without a session, the bytes with one.
    const photoPath = `/edit-service/${ticket!.id}/photo`;
    const visitor = await app.fetch(photoPath);
    expect(visitor.status).toBe(404);
    expect(visitor.headers.get("content-type")).not.toContain("image");
    const staff = await app.fetch(photoPath, { headers: { cookie } });
    expect(staff.status).toBe(200);
    expect(staff.headers.get("content-type")).toBe("image/jpeg");
    expect(staff.headers.get("cache-control")).toBe("private, no-store");
    expect(staff.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await staff.arrayBuffer()).equals(stored)).toBe(true);
    expect((await app.fetch(`/edit-service/${crypto.randomUUID()}/photo`, { headers: { cookie } })).status).toBe(404);

    // The ticket's page shows it; the staff's email says it is there, without the file.
    const page = await (await app.fetch(`/edit-service/${ticket!.id}`, { headers: { cookie } })).text();
    expect(page).toContain(`src="${photoPath}"`);
    expect(page).toContain("Ce que la personne a joint au signalement");
    expect(page).toContain("Ouvrir la photo en grand");
    worker.kick();
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.mail.text).toMatch(/Photo\s: Jointe au signalement/);
    expect(mail!.mail.attachments ?? []).toEqual([]);
  });

  it("refuses a file that is not a picture, whatever its name and type, storing nothing", async () => {
    const response = await postWithPhoto(
      { ...PROBLEM, contact: "julie@exemple.ca" },
      Buffer.from("Bonjour, ceci est un texte et non une photo.\n".repeat(20)),
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Ce fichier n&#x27;est pas une photo que nous pouvons lire");
    expect(html).toContain("Choisissez de nouveau la photo.");
    // The rest is kept.
    expect(html).toContain("Coincé au fond");
    expect(html).toContain('value="julie@exemple.ca"');
    expect(await tickets()).toHaveLength(0);
    expect(await photos()).toHaveLength(0);
  });

  it("refuses a photo over 10 MB in French; a body over the page's limit is still 413", async () => {
    const jpegStart = (await phonePhoto()).subarray(0, 64);
    const large = Buffer.concat([jpegStart, Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const response = await postWithPhoto(PROBLEM, large);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("Cette photo dépasse 10\u00a0Mo");
    expect(await tickets()).toHaveLength(0);
    expect(await photos()).toHaveLength(0);
    const over = await postWithPhoto(PROBLEM, Buffer.concat([large, Buffer.alloc(1024 * 1024)]));
    expect(over.status).toBe(413);
    expect(await over.text()).toBe(TOO_LARGE_PHOTO);
    // A browser without JavaScript asks for a page: it gets one, with the way back to the form.
    const accept = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    const page = await postWithPhoto(PROBLEM, Buffer.concat([large, Buffer.alloc(1024 * 1024)]), undefined, undefined, {
      accept,
    });
    expect(page.status).toBe(413);
    expect(page.headers.get("content-type")).toContain("text/html");
    const html = await page.text();
    expect(html).toContain(TOO_LARGE_PHOTO);
    expect(html).toContain(`<a href="/m/${code}?formulaire=probleme"`);
    expect(await tickets()).toHaveLength(0);
  });

  it("asks for the photo again when another field is refused, and a refused ticket leaves no photo", async () => {
    const sent = await phonePhoto();
    const badField = await postWithPhoto({ ...PROBLEM, quand: "2099-01-01T10:00" }, sent);
    expect(badField.status).toBe(400);
    const html = await badField.text();
    expect(html).toContain("Cette date est dans le futur.");
    expect(html).toContain("Choisissez de nouveau la photo.");
    // Sent faster than a person fills the form: the spam layers refuse the ticket after its photo was stored.
    const tooFast = await postWithPhoto({ ...PROBLEM, duree_saisie: "200" }, sent);
    expect(tooFast.status).toBe(400);
    expect(await tooFast.text()).toContain("Choisissez de nouveau la photo.");
    // The honeypot: answered like anyone, nothing kept.
    const trap = await postWithPhoto({ ...PROBLEM, site_web: "http://spam.example" }, sent);
    expect(trap.headers.get("location")).toBe(`/m/${code}?merci=recu`);
    expect(await tickets()).toHaveLength(0);
    expect(await photos()).toHaveLength(0);
  });

  it("goes with its ticket when the person is erased, and with the contact details after the retention period", async () => {
    const sent = await phonePhoto();
    expect((await postWithPhoto({ ...PROBLEM, contact: "julie@exemple.ca" }, sent)).status).toBe(302);
    expect(await photos()).toHaveLength(1);
    const cookie = await app.login();
    const erase = new FormData();
    for (const [key, value] of Object.entries({
      intent: "effacer-personne",
      courriel: "julie@exemple.ca",
      confirmation: "effacer",
    }))
      erase.append(key, value);
    const erased = await app.fetch("/edit-demandes.data", { method: "POST", body: erase, headers: { cookie } });
    expect(erased.status).toBe(200);
    expect(await tickets()).toHaveLength(0);
    expect(await photos()).toHaveLength(0);

    // Kept with a ticket for a year, as its contact details; then the ticket forgets it and the sweep deletes it.
    expect((await postWithPhoto({ ...PROBLEM, contact: "418 555-0199" }, sent)).status).toBe(302);
    const later = new Date(Date.now() + 400 * 24 * 3_600_000);
    await purgeExpiredData(app.db(), { now: later });
    const [kept] = await tickets();
    expect(kept).toMatchObject({ contact_phone: null, photo_key: null });
    await sweepUnreferencedMedia(app.services, { now: later });
    expect(await photos()).toHaveLength(0);
  });
});

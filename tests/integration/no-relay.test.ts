// The contact form cannot be used to email strangers (issue 53, point 1), on the built app with a real
// SMTP server counting what reaches each address (PGlite, and PostgreSQL with TEST_DATABASE_URL). The
// audit's probe as it was made: many source addresses through X-Forwarded-For behind TRUST_PROXY, one
// target typed in the form, a message and links in the request; a genuine prospect arrives meanwhile.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactConfirmations, contactRequests, outboxMessages } from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;

const LEADS = "equipe@exemple.ca";
const TARGET = "cible@exemple.ca";

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
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
});
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});
beforeEach(async () => {
  await settle();
  await app.db().delete(contactRequests);
  await app.db().delete(outboxMessages);
  await app.db().delete(contactConfirmations);
  smtp.received.length = 0;
  app.services.config.contactMaxPerHour = 30;
});

/** Whatever was queued has been sent (or given up): the outbox holds nothing due. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 300));
  await worker.idle();
}

const PROSPECT = {
  nom_complet: "Éloïse Côté",
  courriel: "eloise.cote@exemple.ca",
  description_demande: "Deux distributrices pour la salle des employés de l'hôpital.",
  type_emplacement: "hospital",
  emplacement: "levis",
  date_installation: "1-3-months",
  duree_saisie: "42000",
};

/** What the audit sent: the target's address, a message and two links (the most the checks allow). */
const probe = (i: number) => ({
  nom_complet: `Offre exclusive ${i}`,
  courriel: i % 2 ? TARGET : `Cible+${i}@Exemple.ca`,
  description_demande: `Vous avez gagné ! Réclamez votre prix : https://piege.exemple/prix/${i} et https://piege.exemple/b`,
  type_emplacement: "office",
  emplacement: "quebec",
  date_installation: "",
  duree_saisie: "5000",
});

function post(fields: Record<string, string>, from: string) {
  return app.fetch("/contact", {
    method: "POST",
    headers: { "x-forwarded-for": from },
    body: new URLSearchParams(fields),
  });
}

const delivered = (address: string) => smtp.received.filter((r) => r.envelope.to.includes(address));
const toTarget = () => smtp.received.filter((r) => r.envelope.to.some((to) => /^cible(\+\d+)?@exemple\.ca$/i.test(to)));

describe("the audit's probe", () => {
  it("from many addresses gets one email to the target a day, and a genuine prospect meanwhile is emailed", async () => {
    // 16 sources: IPv4 addresses and IPv6 ones (four in one /64, which counts as one source), five
    // requests each (the per-address limit), the genuine prospect arriving in the middle.
    const sources = [
      ...Array.from({ length: 10 }, (_, i) => `203.0.113.${i + 10}`),
      ...Array.from({ length: 4 }, (_, i) => `2001:db8:1:2::${i + 1}`),
      "2001:db8:9:9::1",
      "2001:db8:9:a::1",
    ];
    let n = 0;
    const answers: number[] = [];
    for (let round = 0; round < 5; round++) {
      const wave = sources.map((from) => post(probe(n++), from).then((r) => r.status));
      if (round === 2) wave.push(post(PROSPECT, "198.51.100.7").then((r) => r.status));
      answers.push(...(await Promise.all(wave)));
    }
    // Refused (429 page) or answered like anyone: never an error.
    expect(answers.every((status) => status === 302 || status === 429)).toBe(true);
    await settle();

    // At most one email to the target, whatever the spelling of its address.
    expect(toTarget()).toHaveLength(1);
    const [confirmation] = toTarget();
    expect(confirmation!.mail.subject).toBe("Nous avons bien reçu votre demande — Boréal Distributrices");
    // It carries none of the sender's text or links.
    for (const part of [confirmation!.mail.text ?? "", String(confirmation!.mail.html)]) {
      expect(part).not.toContain("piege.exemple");
      expect(part).not.toContain("gagné");
    }

    // The genuine prospect: stored as a request (not in 'Indésirables'), confirmed, and the staff told.
    const [genuine] = await app
      .db()
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.courriel, PROSPECT.courriel));
    expect(genuine).toMatchObject({ spam_check: null, status: "pending" });
    expect(delivered("eloise.cote@exemple.ca")).toHaveLength(1);
    const staff = smtp.received.filter((r) => r.envelope.to.includes(LEADS));
    const lead = staff.find((r) => r.mail.subject?.startsWith("Nouvelle demande\u00a0: Éloïse Côté"));
    expect(lead?.mail.text).toContain("Deux distributrices pour la salle des employés de l'hôpital.");

    // The probe used a few of the site's 30 slots of the hour (one share for its one target), and the
    // rest waits in 'Indésirables', never emailed.
    const rows = await app.db().select().from(contactRequests);
    const counted = rows.filter((r) => r.spam_check === null && r.courriel !== PROSPECT.courriel);
    expect(counted.length).toBeLessThanOrEqual(3);
    expect(rows.filter((r) => r.spam_check === "recipient-share").length).toBeGreaterThan(50);
    expect(staff).toHaveLength(counted.length + 1);
  });

  it("the next day, the target may get one again; not before", async () => {
    expect((await post(probe(1), "203.0.113.50")).status).toBe(302);
    await settle();
    expect(toTarget()).toHaveLength(1);
    expect((await post(probe(3), "203.0.113.51")).status).toBe(302);
    await settle();
    expect(toTarget()).toHaveLength(1);

    // What is kept: a keyed hash of the mailbox and the time, not the address.
    const claims = await app.db().select().from(contactConfirmations);
    expect(claims).toHaveLength(1);
    expect(JSON.stringify(claims)).not.toContain("cible");
    // 24 hours later.
    await app
      .db()
      .update(contactConfirmations)
      .set({ sent_at: new Date(Date.now() - 24 * 3_600_000 - 1000) });
    expect((await post(probe(5), "203.0.113.52")).status).toBe(302);
    await settle();
    expect(toTarget()).toHaveLength(2);
    expect(await app.db().select().from(contactConfirmations)).toHaveLength(1);
  });
});

describe("the hourly ceiling that genuine prospects share", () => {
  it("one source (an IPv6 /64 rotating its addresses) uses its share only, for any number of targets", async () => {
    app.services.config.contactMaxPerHour = 10; // a share of 1
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        post({ ...PROSPECT, courriel: `inconnu${i}@exemple.ca` }, `2001:db8:5:6::${i + 1}`).then((r) => r.status),
      ),
    );
    expect(answers).toEqual([302, 302, 302, 302, 302]);
    await settle();
    const rows = await app.db().select().from(contactRequests);
    expect(rows.filter((r) => r.spam_check === null)).toHaveLength(1);
    expect(rows.filter((r) => r.spam_check === "source-share")).toHaveLength(4);
    // Held requests are never emailed: one staff email and one confirmation, for the one counted.
    expect(smtp.received).toHaveLength(2);

    // Another person still gets through at once.
    expect((await post(PROSPECT, "198.51.100.8")).status).toBe(302);
    await settle();
    const [genuine] = await app
      .db()
      .select()
      .from(contactRequests)
      .where(eq(contactRequests.courriel, PROSPECT.courriel));
    expect(genuine).toMatchObject({ spam_check: null });
    expect(delivered("eloise.cote@exemple.ca")).toHaveLength(1);
  });

  it("a request held as spam is never emailed, even to an address never confirmed", async () => {
    expect((await post({ ...PROSPECT, site_web: "https://promo.example" }, "198.51.100.9")).status).toBe(302);
    await settle();
    const [row] = await app.db().select().from(contactRequests);
    expect(row).toMatchObject({ spam_check: "honeypot", status: "held" });
    expect(smtp.received).toHaveLength(0);
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);
    expect(await app.db().select().from(contactConfirmations)).toHaveLength(0);
  });
});

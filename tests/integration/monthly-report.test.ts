// The client's monthly report on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), with a
// real SMTP server in this process and the clock moved by the test: November's figures for a machine
// with problems, replies, refunds, votes, a swap and a layout change (all written through their stores);
// a quiet machine's short report; nothing before 8 h on the 1st; each report once, across runs and
// concurrent runs; nobody opted out, not installed, without an email or installed after the month gets
// one; the opt-out by its page (GET, then the button's POST) and by a mail client's one-click POST, with
// the List-Unsubscribe headers in the message received.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/features/catalogue/products.server";
import {
  getReportSubscription,
  insertInstallation,
  markSwapDone,
  moveInstallation,
  optOutOfMonthlyReport,
  planSwap,
  updateInstallationLayout,
} from "../../app/features/installations/store.server";
import { sendMonthlyReports } from "../../app/features/monthly-report/job.server";
import { claimMonthlyReport } from "../../app/features/monthly-report/store.server";
import { addTicketNote, setTicketStatus, storeProductVote, storeTicket } from "../../app/features/service/store.server";
import { installations, monthlyReports, outboxMessages } from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type ReceivedMail, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
const PUBLIC = "https://boreal.exemple.ca";
const grid = { rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };
const products: Record<"chips" | "kombucha", string> = { chips: "", kombucha: "" };

// 1 December 2026 at 9 h in Québec (14 h UTC): November's reports are due.
const DUE = new Date("2026-12-01T14:00:00Z");
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
    PUBLIC_URL: PUBLIC,
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  products.chips = (await insertProduct(app.db(), { nom: "Chips au vinaigre", prix: 2, image: "/placeholder.svg" })).id;
  products.kombucha = (
    await insertProduct(app.db(), { nom: "Kombucha gingembre", prix: 3.5, image: "/placeholder.svg" })
  ).id;
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await worker.idle();
  await app.db().delete(installations);
  await app.db().delete(outboxMessages);
  smtp.received.length = 0;
});

const run = (now: Date) => sendMonthlyReports(app.services, { now });

/** A machine at a client's, installed at `installedAt` (or still to install when null). */
async function machine(client: string, email: string, installedAt: Date | null) {
  const db = app.db();
  const row = await insertInstallation(
    db,
    {
      client_name: client,
      address: "12, rue des Érables, Lévis",
      contact_name: "Hélène Bélanger",
      contact_phone: "418 555-0142",
      contact_email: email,
      machine_id: null,
      machine_name: "Boréal Élégance",
      sections: [grid],
      slots: [
        {
          section: 0,
          slot: 2,
          product_id: products.chips,
          product_name: "Chips au vinaigre",
          product_price: 2,
          product_image: "/placeholder.svg",
        },
      ],
      planned_for: null,
    },
    "test",
    at("2026-10-01T14:00:00Z"),
  );
  if (installedAt) await moveInstallation(db, row.id, "installee", "test", installedAt);
  return row;
}

/** A ticket received at `received`, answered by a reply at `replied` and resolved at `resolved` (each
 * when given); a refund logged with `refund` cents. */
async function ticket(
  installationId: string,
  kind: "probleme" | "remboursement",
  received: string,
  { replied, resolved, refund }: { replied?: string; resolved?: string; refund?: number } = {},
) {
  const db = app.db();
  const row = await storeTicket(
    db,
    {
      installation_id: installationId,
      kind,
      problem: kind === "probleme" ? "pas-distribue" : null,
      refund_cents: kind === "remboursement" ? (refund ?? 300) : null,
      received_at: at(received),
      due_at: at(received),
    },
    { limit: null, judge: () => null },
  );
  if (!("id" in row)) throw new Error("ticket refused");
  if (replied)
    await db.transaction((t) =>
      addTicketNote(t, { ticket_id: row.id, kind: "reponse", body: "Nous y allons.", account: "test" }, at(replied)),
    );
  if (resolved)
    await setTicketStatus(db, row.id, "resolu", {
      account: "test",
      now: at(resolved),
      refund: refund ? { cents: refund, method: "interac" } : null,
    });
}

async function votes(
  installationId: string,
  name: string,
  day: string,
  count: number,
  productId: string | null = null,
) {
  for (let i = 0; i < count; i += 1) {
    const vote = {
      installation_id: installationId,
      product_id: productId,
      product_name: name,
      day,
      voter_hash: `${name}-${i}`,
    };
    expect(await storeProductVote(app.db(), vote, { now: at(`${day}T15:00:00Z`), maxPerHour: null })).toBe("counted");
  }
}

/** November at a busy machine; its responses take 8 h, 30 min, 1 h 30, 1 h and 2 h: a median of 1 h 30. */
async function busyNovember(id: string) {
  // Received in October, answered on 1 November (1 h in Québec) and resolved on the 2nd: a problem
  // resolved in November, and its response (8 h) counts in November.
  await ticket(id, "probleme", "2026-10-31T22:00:00Z", {
    replied: "2026-11-01T06:00:00Z",
    resolved: "2026-11-02T15:00:00Z",
  });
  // Resolved in 30 min, replied to later: the earlier one counts.
  await ticket(id, "probleme", "2026-11-10T12:00:00Z", {
    resolved: "2026-11-10T12:30:00Z",
    replied: "2026-11-10T13:00:00Z",
  });
  // Replied to in 1 h 30, resolved the next day.
  await ticket(id, "probleme", "2026-11-03T14:00:00Z", {
    replied: "2026-11-03T15:30:00Z",
    resolved: "2026-11-04T14:00:00Z",
  });
  // Received on 30 November in Québec, not answered yet.
  await ticket(id, "probleme", "2026-12-01T03:00:00Z");
  // Refunds: 3,50 $ given in an hour; one resolved without a refund in 2 h; one given in December.
  await ticket(id, "remboursement", "2026-11-05T14:00:00Z", { resolved: "2026-11-05T15:00:00Z", refund: 350 });
  await ticket(id, "remboursement", "2026-11-20T10:00:00Z", { resolved: "2026-11-20T12:00:00Z" });
  await ticket(id, "remboursement", "2026-11-30T20:00:00Z", { resolved: "2026-12-01T06:00:00Z", refund: 200 });
  // Wishes: six products in November (top five shown), and votes outside it.
  await votes(id, "Kombucha gingembre", "2026-11-04", 3, products.kombucha);
  await votes(id, "Barre tendre aux bleuets", "2026-11-18", 2);
  for (const name of ["Eau pétillante", "Thé glacé", "Café froid", "Yogourt à boire"])
    await votes(id, name, "2026-11-25", 1);
  await votes(id, "Réglisse", "2026-10-31", 4);
  await votes(id, "Réglisse", "2026-12-01", 4);
  // Changes: a swap done on 12 November, one planned only, and the layout changed on the 1st.
  const swap = await planSwap(
    app.db(),
    id,
    { section: 0, slot: 2, productId: products.kombucha },
    "test",
    at("2026-11-08T15:00:00Z"),
  );
  if (!swap.ok) throw new Error(swap.reason);
  expect((await markSwapDone(app.db(), id, swap.swap.id, "test", at("2026-11-12T15:00:00Z"))).ok).toBe(true);
  await updateInstallationLayout(
    app.db(),
    id,
    { sections: [grid], slots: [] },
    "test",
    "Disposition modifiée : 2 emplacements remplis",
    at("2026-11-01T12:00:00Z"),
  );
}

const byRecipient = (received: ReceivedMail[], address: string) =>
  received.find((r) => r.envelope.to.includes(address))?.mail;

/** A header of a raw message, unfolded (a long one continues on the next lines). */
const rawHeader = (raw: string, name: string) =>
  new RegExp(`^${name}: ?(.*)$`, "im").exec(raw.split("\r\n\r\n")[0]!.replace(/\r\n[ \t]+/g, " "))?.[1];

describe("the month's report", () => {
  it("tells November's figures, sent from 8 h on 1 December with the one-click opt-out headers", async () => {
    const busy = await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    await busyNovember(busy.id);
    // A quiet machine: its client still hears that nothing was reported.
    await machine("Clinique Côté", "marc@exemple.ca", at("2026-10-20T14:00:00Z"));

    // 30 November in Québec, then 1 December at 7 h: nothing yet.
    expect(await run(at("2026-11-30T20:00:00Z"))).toBeNull();
    expect(await run(at("2026-12-01T12:59:00Z"))).toBeNull();
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);

    expect(await run(DUE)).toBe(2);
    const received = await smtp.waitForMessages(2);
    const mail = byRecipient(received, "helene@exemple.ca")!;
    expect(mail.subject).toBe("Votre machine en novembre 2026\u00a0: Boréal Élégance (" + busy.code + ")");
    const text = mail.text!;
    expect(text).toContain("Bonjour Hélène Bélanger,");
    expect(text).toContain("- Problèmes signalés\u00a0: 3");
    expect(text).toContain("- Problèmes résolus\u00a0: 3");
    expect(text).toContain("- Délai médian de réponse\u00a0: 1\u00a0h\u00a030");
    expect(text).toContain("- Remboursements\u00a0: 1, pour 3,50\u00a0$");
    expect(text).toContain(
      [
        "Produits les plus demandés",
        "1. Kombucha gingembre (3 votes)",
        "2. Barre tendre aux bleuets (2 votes)",
        "3. Café froid (1 vote)",
        "4. Eau pétillante (1 vote)",
        "5. Thé glacé (1 vote)",
      ].join("\n"),
    );
    expect(text).not.toContain("Réglisse");
    expect(text).toContain("Changements apportés");
    expect(text).toMatch(/Le 1er\u00a0novembre\u00a0: Disposition modifiée\u00a0: 2 emplacements remplis/);
    expect(text).toContain("Le 12\u00a0novembre\u00a0: ");
    expect(text).toContain("Kombucha gingembre remplace Chips au vinaigre (section 1, emplacement 3)");
    expect(mail.html).toContain("Votre machine en novembre\u00a02026");
    expect(mail.html).toContain("Délai médian de réponse");
    expect(mail.html).toContain("Kombucha gingembre (3 votes)");

    // The one-click opt-out (RFC 8058): the same address in the header, the link and the text.
    const raw = received.find((r) => r.envelope.to.includes("helene@exemple.ca"))!.raw;
    const header = /^<([^>]+)>$/.exec(rawHeader(raw, "List-Unsubscribe") ?? "")?.[1];
    expect(header).toMatch(new RegExp(`^${PUBLIC}/desabonnement/[A-Za-z0-9_-]{43}$`));
    expect(rawHeader(raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    expect(text).toContain(`Ne plus recevoir ce rapport\u00a0: ${header}`);
    expect(mail.html).toContain(`href="${header}"`);

    const short = byRecipient(received, "marc@exemple.ca")!;
    expect(short.text).toContain(
      "Aucun signalement en novembre 2026\u00a0: personne ne nous a signalé de problème ni demandé de remboursement.",
    );
    expect(short.text).not.toContain("Délai médian");
    expect(short.text).not.toContain("Produits les plus demandés");
    const [row] = await app
      .db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.purpose, "monthly-report"))
      .limit(1);
    expect(row).toBeDefined();
  });

  it("says 'aucune réponse à mesurer' when no ticket was answered in the month", async () => {
    const row = await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    await ticket(row.id, "probleme", "2026-11-28T15:00:00Z");
    expect(await run(DUE)).toBe(1);
    const [received] = await smtp.waitForMessages(1);
    expect(received!.mail.text).toContain("- Problèmes signalés\u00a0: 1");
    expect(received!.mail.text).toContain("- Problèmes résolus\u00a0: 0");
    expect(received!.mail.text).toContain("- Délai médian de réponse\u00a0: aucune réponse à mesurer");
    expect(received!.mail.text).toContain("- Remboursements\u00a0: aucun");
  });

  it("goes only to installed machines with an email, installed before the month ended, not opted out", async () => {
    await machine("Installée", "oui@exemple.ca", at("2026-10-15T14:00:00Z"));
    const optedOut = await machine("Désabonnée", "non1@exemple.ca", at("2026-10-15T14:00:00Z"));
    await optOutOfMonthlyReport(app.db(), optedOut.id);
    await machine("À installer", "non2@exemple.ca", null);
    await machine("Sans courriel", "", at("2026-10-15T14:00:00Z"));
    // Installed on 1 December at 1 h in Québec: no November to report.
    await machine("Installée en décembre", "non3@exemple.ca", at("2026-12-01T06:00:00Z"));
    const retired = await machine("Retirée", "non4@exemple.ca", at("2026-10-15T14:00:00Z"));
    await moveInstallation(app.db(), retired.id, "retiree", "test", at("2026-11-20T14:00:00Z"));

    expect(await run(DUE)).toBe(1);
    const rows = await app.db().select().from(outboxMessages);
    expect(rows.map((r) => (r.payload as { to: string[] }).to)).toEqual([["oui@exemple.ca"]]);
  });
});

describe("sent once", () => {
  it("a second run, and runs later in the week, send nothing more; December's goes in January", async () => {
    await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    expect(await run(DUE)).toBe(1);
    expect(await run(DUE)).toBe(0);
    expect(await run(at("2026-12-05T15:00:00Z"))).toBe(0);
    // After the 7th, November is no longer due.
    expect(await run(at("2026-12-08T15:00:00Z"))).toBeNull();
    expect(await app.db().select().from(monthlyReports)).toHaveLength(1);
    expect(await run(at("2027-01-01T14:00:00Z"))).toBe(1);
    const claims = await app.db().select().from(monthlyReports);
    expect(claims.map((c) => c.month).sort()).toEqual(["2026-11-01", "2026-12-01"]);
    // January's email is queued for January (the outbox's clock is the real one).
    expect(await app.db().select().from(outboxMessages)).toHaveLength(2);
  });

  it("a claim is for a month's first day: the database refuses another day", async () => {
    const row = await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    expect(await claimMonthlyReport(app.db(), row.id, "2026-11-01", DUE)).toBe(true);
    expect(await claimMonthlyReport(app.db(), row.id, "2026-11-01", DUE)).toBe(false);
    const refused = await claimMonthlyReport(app.db(), row.id, "2026-11-15", DUE).catch(
      (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
    );
    expect(refused).toContain("monthly_reports_month_check");
  });

  it("two runs at once queue each report once", async () => {
    for (let i = 0; i < 6; i += 1) await machine(`Client ${i}`, `client${i}@exemple.ca`, at("2026-10-15T14:00:00Z"));
    const [a, b] = await Promise.all([run(DUE), run(DUE)]);
    expect(a! + b!).toBe(6);
    expect(await app.db().select().from(outboxMessages)).toHaveLength(6);
    expect(await app.db().select().from(monthlyReports)).toHaveLength(6);
    const received = await smtp.waitForMessages(6);
    expect(new Set(received.flatMap((r) => r.envelope.to)).size).toBe(6);
  });
});

describe("the opt-out", () => {
  it("is said on the privacy page, with the report", async () => {
    const html = await (await app.fetch("/politique-de-confidentialite")).text();
    expect(html).toContain("reçoit chaque mois un rapport par courriel sur cette machine");
    expect(html).toContain("Un lien dans chaque rapport permet de ne plus le recevoir, en un clic.");
  });

  /** The opt-out address (its path) in the report sent to `email`. */
  async function optOutLink(email: string) {
    expect(await run(DUE)).toBeGreaterThan(0);
    const received = await smtp.waitForMessages(1);
    const raw = received.find((r) => r.envelope.to.includes(email))!.raw;
    const link = /^<([^>]+)>$/.exec(rawHeader(raw, "List-Unsubscribe")!)![1]!;
    return new URL(link).pathname;
  }

  it("by its page: a GET shows whose report and a button, its POST opts out; no cookie, never indexed", async () => {
    const row = await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    const path = await optOutLink("helene@exemple.ca");

    const page = await app.fetch(path);
    expect(page.status).toBe(200);
    expect(page.headers.get("set-cookie")).toBeNull();
    expect(page.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(page.headers.get("cache-control")).toContain("no-store");
    const html = await page.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Garage Bélanger");
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toContain("Ne plus recevoir ce rapport");
    expect((await getReportSubscription(app.db(), row.id))?.report_opt_out).toBe(false);

    const done = await app.fetch(path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "",
    });
    expect(done.status).toBe(200);
    expect(done.headers.get("set-cookie")).toBeNull();
    expect(await done.text()).toContain("Désabonnement confirmé");
    expect((await getReportSubscription(app.db(), row.id))?.report_opt_out).toBe(true);
    // Once opted out, the page says so, and so does the installation's staff page; December's report is
    // not sent.
    expect(await (await app.fetch(path)).text()).toContain("Désabonnement confirmé");
    const staffPage = await app.fetch(`/edit-installations/${row.id}`, { headers: { cookie: await app.login() } });
    expect(await staffPage.text()).toContain("Rapport mensuel\u00a0: désabonné");
    expect(await run(at("2027-01-01T14:00:00Z"))).toBe(0);
  });

  it("by a mail client's one-click POST (server to server, no Origin), and a wrong token is not found", async () => {
    const row = await machine("Garage Bélanger", "helene@exemple.ca", at("2026-10-15T14:00:00Z"));
    const path = await optOutLink("helene@exemple.ca");
    const oneClick = await fetch(app.url + path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect((await getReportSubscription(app.db(), row.id))?.report_opt_out).toBe(true);
    expect(await run(at("2027-01-01T14:00:00Z"))).toBe(0);

    const wrong = path.slice(0, -3) + (path.endsWith("AAA") ? "BBB" : "AAA");
    expect((await app.fetch(wrong)).status).toBe(404);
    expect((await fetch(app.url + wrong, { method: "POST", body: "List-Unsubscribe=One-Click" })).status).toBe(404);
    expect((await app.fetch("/desabonnement/court")).status).toBe(404);
  });
});

// Installations on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), with a real SMTP server
// in this process: 'Planifier l'installation' from an accepted proposal (its client, machine, layout and
// products copied in one transaction, the client's email in French with a calendar file whose start is
// Québec's clock in UTC), a new one by hand, a code drawn again when taken, the list's search and
// filter, a change of status kept in the history and the activity log, bad input refused with nothing
// changed, and nothing at all for a visitor who is not signed in.
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { insertContactRequest } from "../../app/features/contact-requests/store.server";
import { insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { installationCalendar } from "../../app/features/installations/emails.server";
import { formatDate, instantAt, isoLocal } from "../../app/lib/dates";
import { typography } from "../../app/lib/typography";
import {
  getInstallation,
  insertInstallation,
  listInstallations,
  updateInstallationLayout,
} from "../../app/features/installations/store.server";
import { listInstallationTickets } from "../../app/features/service/store.server";
import {
  activityLog,
  adminUsers,
  installationEvents,
  installations,
  outboxMessages,
  proposalItems,
  proposals,
  serviceTickets,
} from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import { documentPost } from "../support/document-post";
import { newContactRequest } from "../support/contact-requests";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let cookie: string;
let machineId: string;
const productIds: string[] = [];
const PUBLIC = "https://boreal.exemple.ca";
const grid = { rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } };

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
    PUBLIC_URL: PUBLIC,
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  cookie = await app.login();
  const db = app.db();
  const machine = await insertMachine(db, {
    nom: "Boréal Élégance",
    description: "Une machine élégante.",
    images: ["/media/machine-images/chassis-test.jpg"],
    grid_sections: [grid],
  });
  machineId = machine!.id;
  for (const [nom, prix] of [
    ["Café filtre corsé", 2.25],
    ["Éclair au chocolat", 3.5],
  ] as const)
    productIds.push((await insertProduct(db, { nom, prix, image: "/placeholder.svg" })).id);
});

afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

beforeEach(async () => {
  await worker.idle();
  await app.db().delete(installations);
  await app.db().delete(proposals);
  await app.db().delete(outboxMessages);
  await app.db().delete(activityLog);
  smtp.received.length = 0;
});

/** An accepted proposal (or one in another state) answering a request with a phone, with two filled slots. */
async function proposal(status: "acceptee" | "vue" = "acceptee") {
  const db = app.db();
  const request = await insertContactRequest(
    db,
    newContactRequest({
      nom_complet: "Hélène Bélanger",
      courriel: "helene@exemple.ca",
      prefere_telephone: true,
      numero_telephone: "418 555-0142",
    }),
  );
  const [row] = await db
    .insert(proposals)
    .values({
      token: crypto.randomUUID().replace(/-/g, ""),
      machine_id: machineId,
      machine_name: "Boréal Élégance",
      machine_image: "/media/machine-images/chassis-test.jpg",
      sections: [grid],
      contact_request_id: request.id,
      client_name: "Garage Bélanger",
      client_email: "helene@exemple.ca",
      status,
      accepted_at: status === "acceptee" ? new Date() : null,
    })
    .returning();
  await db.insert(proposalItems).values(
    [0, 4].map((slot, i) => ({
      proposal_id: row!.id,
      section: 0,
      slot,
      product_id: productIds[i],
      product_name: i === 0 ? "Café filtre corsé" : "Éclair au chocolat",
      product_price: i === 0 ? 2.25 : 3.5,
      product_image: "/placeholder.svg",
    })),
  );
  return row!;
}

const plan = (fields: Record<string, string>, as = cookie) =>
  app.fetch("/edit-installations/nouvelle", {
    method: "POST",
    headers: as ? { cookie: as } : {},
    body: new URLSearchParams({ intent: "planifier", ...fields }),
  });

const planFields = (proposalId: string) => ({
  proposal_id: proposalId,
  client_name: "Garage Bélanger",
  address: "1200, boulevard Guillaume-Couture, Lévis",
  contact_name: "Hélène Bélanger",
  contact_phone: "418 555-0142",
  contact_email: "helene@exemple.ca",
  date: "2037-12-09",
  time: "09:30",
  notify: "on",
});

const count = async (table: typeof installations | typeof outboxMessages) =>
  (await app.db().select().from(table)).length;

describe("'Planifier l'installation' from an accepted proposal", () => {
  it("copies the client, machine, layout and products in one step and emails the date with a calendar file", async () => {
    const p = await proposal();
    const response = await plan(planFields(p.id));
    expect(response.status).toBe(302);
    const [row] = await app.db().select().from(installations);
    expect(response.headers.get("location")).toBe(`/edit-installations/${row!.id}`);
    expect(row).toMatchObject({
      proposal_id: p.id,
      client_name: "Garage Bélanger",
      address: "1200, boulevard Guillaume-Couture, Lévis",
      contact_name: "Hélène Bélanger",
      contact_phone: "418 555-0142",
      contact_email: "helene@exemple.ca",
      machine_id: machineId,
      machine_name: "Boréal Élégance",
      machine_image: "/media/machine-images/chassis-test.jpg",
      sections: [grid],
      status: "a-installer",
    });
    expect(row!.code).toMatch(/^BD-[23456789ABCDEFGHJKMNPQRSTWXYZ]{4}$/);
    // 9 h 30 in Québec on 9 December (EST, UTC−5).
    expect(row!.planned_for!.toISOString()).toBe("2037-12-09T14:30:00.000Z");
    expect(row!.slots).toEqual([
      expect.objectContaining({ section: 0, slot: 0, product_id: productIds[0], product_name: "Café filtre corsé" }),
      expect.objectContaining({ section: 0, slot: 4, product_id: productIds[1], product_price: 3.5 }),
    ]);
    const history = (await getInstallation(app.db(), row!.id))!.events;
    expect(history).toMatchObject([{ kind: "creation", to_status: "a-installer", account: TEST_ADMIN.username }]);

    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual(["helene@exemple.ca"]);
    // The date in French, in Québec's time, with French typography (a no-break space before the colon).
    expect(mail!.mail.subject).toBe(
      "Installation de votre machine\u00a0: mercredi 9\u00a0décembre\u00a02037 à 9\u00a0h\u00a030",
    );
    expect(mail!.mail.text).toContain("1200, boulevard Guillaume-Couture, Lévis");
    expect(mail!.mail.html).toContain("mercredi 9\u00a0décembre\u00a02037 à 9\u00a0h\u00a030");
    const ics = mail!.mail.attachments.find((a) => a.filename === "installation.ics");
    expect(ics?.contentType).toBe("text/calendar");
    const calendar = ics!.content.toString("utf8");
    expect(calendar).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(calendar).toContain("DTSTART:20371209T143000Z");
    expect(calendar).toContain("DURATION:PT2H");
    // No organizer: one without an address is not valid iCalendar.
    expect(calendar).not.toContain("ORGANIZER");
    expect(calendar.replace(/\r\n[ \t]/g, "")).toContain("LOCATION:1200\\, boulevard Guillaume-Couture\\, Lévis");
    // Kept with the request it answers: erasing the person erases it.
    const [message] = await app.db().select().from(outboxMessages);
    expect(message).toMatchObject({ purpose: "installation-planned", contact_request_id: p.contact_request_id });

    // The activity log names the installation.
    const [line] = await app.db().select().from(activityLog);
    expect(line).toMatchObject({ area: "Parc installé", action: "planifier", account: TEST_ADMIN.username });
    expect(line!.summary).toBe(`Garage Bélanger (${row!.code})`);
  });

  it("moves the planned date, keeps it in the history, and emails the client the same calendar event again", async () => {
    const p = await proposal();
    await plan(planFields(p.id));
    const [row] = await app.db().select().from(installations);
    await smtp.waitForMessages(1, 10_000);
    smtp.received.length = 0;
    const replan = (fields: Record<string, string>) =>
      app.fetch(`/edit-installations/${row!.id}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "changer-date", id: row!.id, ...fields }),
      });
    const bad = await replan({ date: "2026-02-30", time: "10:00" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("Cette date n'existe pas.");
    // A day already gone is refused, not emailed to the client.
    const past = await replan({ date: "2026-01-05", time: "10:00", notify: "on" });
    expect(past.status).toBe(400);
    expect(await past.text()).toContain("Cette date est passée");

    expect((await replan({ date: "2037-12-11", time: "13:15", notify: "on" })).status).toBe(200);
    const moved = (await getInstallation(app.db(), row!.id))!;
    expect(moved.planned_for!.toISOString()).toBe("2037-12-11T18:15:00.000Z");
    expect(moved.events.at(-1)).toMatchObject({
      kind: "date",
      summary: "Date de l'installation : vendredi 11\u00a0décembre\u00a02037 à 13\u00a0h\u00a015",
      account: TEST_ADMIN.username,
    });
    const [mail] = await smtp.waitForMessages(1, 10_000);
    expect(mail!.envelope.to).toEqual(["helene@exemple.ca"]);
    expect(mail!.mail.subject).toBe(
      "Nouvelle date pour l'installation de votre machine\u00a0: vendredi 11\u00a0décembre\u00a02037 à 13\u00a0h\u00a015",
    );
    expect(mail!.mail.text).toContain("change de date");
    const calendar = mail!.mail.attachments.find((a) => a.filename === "installation.ics")!.content.toString("utf8");
    expect(calendar).toContain(`UID:installation-${row!.id}@`);
    expect(calendar).toContain("SEQUENCE:1");
    expect(calendar).toContain("DTSTART:20371211T181500Z");

    // Installed: not on a day to come; on the day it was (yesterday, noted the morning after).
    const markInstalled = (le: string) =>
      app.fetch(`/edit-installations/${row!.id}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "changer-statut", id: row!.id, to: "installee", le }),
      });
    const tomorrow = isoLocal(new Date(Date.now() + 86_400_000)).day;
    const early = await markInstalled(tomorrow);
    expect(early.status).toBe(400);
    expect(await early.text()).toContain("Cette date est à venir");
    expect((await getInstallation(app.db(), row!.id))!.status).toBe("a-installer");
    const yesterday = isoLocal(new Date(Date.now() - 86_400_000)).day;
    expect((await markInstalled(yesterday)).status).toBe(200);
    const [y, m, d] = yesterday.split("-").map(Number) as [number, number, number];
    const installedOn = formatDate(instantAt({ year: y, month: m, day: d, hour: 12, minute: 0 }));
    const late = await replan({ date: "2037-12-12", time: "09:00" });
    expect(late.status).toBe(409);
    // Installed, the page says when rather than the planned visit.
    const installedPage = await (await app.fetch(`/edit-installations/${row!.id}`, { headers: { cookie } })).text();
    expect(installedPage).toContain("Installée le");
    expect(installedPage).toContain(typography(installedOn));
    expect(installedPage).not.toContain("Installation prévue");
    expect(await late.text()).toContain("n'est plus à installer");
  });

  it("prefills the form from the proposal and its request; the proposal's card offers it, then links to it", async () => {
    const p = await proposal();
    const form = await (
      await app.fetch(`/edit-installations/nouvelle?proposition=${p.id}`, { headers: { cookie } })
    ).text();
    expect(form).toContain('value="Garage Bélanger"');
    expect(form).toContain('value="418 555-0142"');
    expect(form).toContain('value="helene@exemple.ca"');
    const list = async () => (await app.fetch("/edit-propositions", { headers: { cookie } })).text();
    expect(await list()).toContain(`/edit-installations/nouvelle?proposition=${p.id}`);
    await plan(planFields(p.id));
    const [row] = await app.db().select().from(installations);
    expect(await list()).toContain(`/edit-installations/${row!.id}`);
  });

  it("refuses a proposal that is not accepted, and bad input, with a French message and nothing stored", async () => {
    const notAccepted = await proposal("vue");
    const refused = await plan(planFields(notAccepted.id));
    expect(refused.status).toBe(409);
    expect(await refused.text()).toContain("n'existe plus ou n'est pas acceptée");

    const p = await proposal();
    for (const [field, value, message] of [
      ["address", "  ", "Indiquez l'adresse de l'installation."],
      ["date", "", "Choisissez la date de l'installation."],
      ["date", "2026-02-30", "Cette date n'existe pas."],
      ["date", "2025-12-09", "Cette date est passée : choisissez aujourd'hui ou un jour à venir."],
      ["time", "25:00", "Choisissez une heure valide."],
      ["contact_email", "helene@", "Entrez une adresse courriel valide"],
      ["contact_phone", "555", "Entrez un numéro de téléphone complet"],
    ] as const) {
      const response = await plan({ ...planFields(p.id), [field]: value });
      expect(response.status, field).toBe(400);
      expect(await response.text(), field).toContain(message);
    }
    expect(await count(installations)).toBe(0);
    expect(await count(outboxMessages)).toBe(0);
    expect(await app.db().select().from(activityLog)).toEqual([]);
  });

  it("without JavaScript, lands on the installation's page with its toast", async () => {
    const p = await proposal();
    const answer = await documentPost(
      app.url,
      "/edit-installations/nouvelle",
      cookie,
      new URLSearchParams({ intent: "planifier", ...planFields(p.id) }),
    );
    const [row] = await app.db().select().from(installations);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/edit-installations/${row!.id}`);
    expect(answer.flash).not.toBe("");
  });
});

describe("an installation by hand", () => {
  it("takes the machine's sections, sends nothing unless asked, and needs a machine", async () => {
    const response = await plan({
      machine_id: machineId,
      client_name: "Clinique Saint-Romuald",
      address: "45, rue de l'Église, Lévis",
      contact_name: "Marc Roy",
      contact_phone: "",
      contact_email: "",
      date: "",
      time: "",
    });
    expect(response.status).toBe(302);
    const [row] = await app.db().select().from(installations);
    expect(row).toMatchObject({ proposal_id: null, machine_name: "Boréal Élégance", sections: [grid], slots: [] });
    expect(row!.planned_for).toBeNull();
    expect(await count(outboxMessages)).toBe(0);

    const noMachine = await plan({ client_name: "X", address: "Y", contact_name: "Z" });
    expect(noMachine.status).toBe(400);
    expect(await noMachine.text()).toContain("Choisissez la machine.");
    const gone = await plan({
      machine_id: "00000000-0000-4000-8000-000000000000",
      client_name: "X",
      address: "Y",
      contact_name: "Z",
    });
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain("Cette machine n'existe plus");
    expect(await count(installations)).toBe(1);
  });

  it("draws the code again when the one drawn is taken", async () => {
    const db = app.db();
    const input = {
      client_name: "A",
      address: "B",
      contact_name: "C",
      contact_phone: "",
      contact_email: "",
      machine_id: machineId,
      machine_name: "Boréal Élégance",
      planned_for: null,
    };
    const first = await db.transaction((t) => insertInstallation(t, input, "admin", new Date(), () => 0));
    expect(first.code).toBe("BD-2222");
    // The first draw gives 2222 again (taken), the second 3333.
    const draws = [0, 0, 0, 0, 1, 1, 1, 1];
    const second = await db.transaction((t) => insertInstallation(t, input, "admin", new Date(), () => draws.shift()!));
    expect(second.code).toBe("BD-3333");
    expect((await getInstallation(db, second.id))!.events).toHaveLength(1);
  });
});

describe("the list, a status change, the layout and the tickets", () => {
  async function three() {
    const db = app.db();
    const make = (client_name: string, address: string) =>
      db.transaction((t) =>
        insertInstallation(
          t,
          {
            client_name,
            address,
            contact_name: "Personne",
            contact_phone: "",
            contact_email: "",
            machine_id: machineId,
            machine_name: "Boréal Élégance",
            planned_for: null,
          },
          "admin",
        ),
      );
    return [
      await make("Garage Côté", "12, rue Saint-Louis, Lévis"),
      await make("Clinique Dentaire Fortin", "800, boulevard Laurier, Québec"),
      await make("Aréna de Lévis", "5, rue de l'Aréna, Lévis"),
    ];
  }

  it("searches without accents or case, over the client, the code and the address, and filters by status", async () => {
    const [cote, fortin, arena] = await three();
    const names = async (filters: Parameters<typeof listInstallations>[1]) =>
      (await listInstallations(app.db(), filters)).map((r) => r.client_name).sort();
    expect(await names({ q: "cote" })).toEqual(["Garage Côté"]);
    expect(await names({ q: "ARENA" })).toEqual(["Aréna de Lévis"]);
    expect(await names({ q: "levis" })).toEqual(["Aréna de Lévis", "Garage Côté"]);
    expect(await names({ q: fortin!.code.toLowerCase() })).toEqual(["Clinique Dentaire Fortin"]);
    expect(await names({ q: "100%" })).toEqual([]);
    const move = (id: string, to: string) =>
      app.fetch(`/edit-installations/${id}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "changer-statut", id, to }),
      });
    expect((await move(cote!.id, "installee")).status).toBe(200);
    expect(await names({ status: "installee" })).toEqual(["Garage Côté"]);
    expect(await names({ status: "a-installer", q: "levis" })).toEqual(["Aréna de Lévis"]);

    const page = await (await app.fetch("/edit-installations?statut=installee", { headers: { cookie } })).text();
    expect(page).toContain("Garage Côté");
    expect(page).not.toContain("Aréna de Lévis");
    const empty = await (await app.fetch("/edit-installations?q=zzz", { headers: { cookie } })).text();
    expect(empty).toContain("Aucune installation ne correspond");
    expect(arena).toBeTruthy();
  });

  it("when empty, points to Propositions only an account that may open them", async () => {
    const emptyList = async (cookieHeader: string) =>
      (await app.fetch("/edit-installations", { headers: { cookie: cookieHeader } })).text();
    const owner = await emptyList(cookie);
    expect(owner).toContain("Planifiez-en une depuis une proposition acceptée");
    expect(owner).toContain('href="/edit-propositions"');
    const [service] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "service-vide", password_hash: "unused", roles: ["service"] })
      .returning();
    const token = await createSession(app.db(), service!.id, sessionPolicy(app.services.config));
    const serviceCookie = `${cookie.split("=")[0]}=${token}`;
    const forService = await emptyList(serviceCookie);
    expect(forService).toContain(typography("Ajoutez-la à la main avec « Nouvelle installation »."));
    expect(forService).not.toContain('href="/edit-propositions"');
    await app.db().delete(adminUsers).where(eq(adminUsers.id, service!.id));
  });

  it("moves a status as its rules allow, keeps each change with its date, and refuses the others", async () => {
    const [one] = await three();
    const move = (to: string) =>
      app.fetch(`/edit-installations/${one!.id}`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ intent: "changer-statut", id: one!.id, to }),
      });
    expect((await move("installee")).status).toBe(200);
    // Marked installed by mistake: back to planned, then installed again.
    expect((await move("a-installer")).status).toBe(200);
    expect((await move("installee")).status).toBe(200);
    const again = await move("installee");
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("L'installation a déjà ce statut.");
    expect((await move("nimporte")).status).toBe(400);
    expect((await move("retiree")).status).toBe(200);
    const back = await move("installee");
    expect(back.status).toBe(409);
    expect(await back.text()).toContain("Ce changement de statut n'est pas possible");
    const events = await app
      .db()
      .select()
      .from(installationEvents)
      .where(eq(installationEvents.installation_id, one!.id))
      .orderBy(installationEvents.at);
    expect(events.map((e) => [e.kind, e.from_status, e.to_status])).toEqual([
      ["creation", null, "a-installer"],
      ["statut", "a-installer", "installee"],
      ["statut", "installee", "a-installer"],
      ["statut", "a-installer", "installee"],
      ["statut", "installee", "retiree"],
    ]);
    expect(events.every((e) => e.at instanceof Date)).toBe(true);
    expect(events.slice(1).map((e) => e.account)).toEqual(Array(4).fill(TEST_ADMIN.username));
    const page = await (await app.fetch(`/edit-installations/${one!.id}`, { headers: { cookie } })).text();
    expect(page).toContain("Installée → Retirée");
    expect(page).toContain("Retirée");
    const lines = await app.db().select().from(activityLog).orderBy(desc(activityLog.at));
    expect(lines[0]).toMatchObject({ area: "Parc installé", action: "changer-statut" });
    expect(lines[0]!.summary).toContain("Retirée");
  });

  it("keeps a layout change in the history, and shows the machine's tickets", async () => {
    const [one] = await three();
    const slots = [
      {
        section: 0,
        slot: 1,
        product_id: productIds[1]!,
        product_name: "Éclair au chocolat",
        product_price: 3.5,
        product_image: "/placeholder.svg",
      },
    ];
    expect(
      await updateInstallationLayout(app.db(), one!.id, { sections: [grid], slots }, "admin", "Éclair ajouté"),
    ).toMatchObject({ code: one!.code });
    const read = await getInstallation(app.db(), one!.id);
    expect(read!.slots).toEqual(slots);
    expect(read!.events.map((e) => e.kind)).toEqual(["creation", "disposition"]);
    expect(
      await updateInstallationLayout(
        app.db(),
        "00000000-0000-4000-8000-000000000000",
        { sections: [], slots },
        "a",
        "",
      ),
    ).toBeNull();

    await app.db().insert(serviceTickets).values({
      code: "S-7K3QA",
      installation_id: one!.id,
      kind: "probleme",
      problem: "pas-distribue",
      urgent: true,
      due_at: new Date(),
    });
    expect(await listInstallationTickets(app.db(), one!.id)).toMatchObject([{ code: "S-7K3QA", status: "nouveau" }]);
    const page = await (await app.fetch(`/edit-installations/${one!.id}`, { headers: { cookie } })).text();
    expect(page).toContain("S-7K3QA");
    expect(page).toContain("Éclair au chocolat");
  });
});

describe("the layout from the customiser", () => {
  const post = (id: string, layout: unknown) =>
    app.fetch(`/edit-installations/${id}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ intent: "changer-disposition", id, layout: JSON.stringify(layout) }),
    });

  it("copies each placed product as it is now, keeps the change in the history, and refuses a bad layout", async () => {
    const p = await proposal();
    await plan(planFields(p.id));
    const [row] = await app.db().select().from(installations);
    const layout = {
      sections: [grid, { ...grid, position: { x: 50, y: 480 } }],
      slots: [
        { section: 0, slot: 1, productId: productIds[1] },
        { section: 1, slot: 0, productId: productIds[0] },
      ],
    };
    const response = await post(row!.id, layout);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/edit-installations/${row!.id}`);
    const read = await getInstallation(app.db(), row!.id);
    expect(read!.sections).toHaveLength(2);
    expect(read!.slots).toEqual([
      expect.objectContaining({ section: 0, slot: 1, product_id: productIds[1], product_name: "Éclair au chocolat" }),
      expect.objectContaining({ section: 1, slot: 0, product_id: productIds[0], product_price: 2.25 }),
    ]);
    expect(read!.events.at(-1)).toMatchObject({
      kind: "disposition",
      summary: "Disposition modifiée : 2 emplacements remplis",
    });
    const [line] = await app.db().select().from(activityLog).orderBy(desc(activityLog.at)).limit(1);
    expect(line).toMatchObject({ area: "Parc installé", action: "changer-disposition" });
    expect(line!.summary).toContain(row!.code);

    // A product that does not exist, a slot outside its grid, a layout that is not JSON: nothing changes.
    const before = await getInstallation(app.db(), row!.id);
    const gone = await post(row!.id, { sections: [grid], slots: [{ section: 0, slot: 0, productId: p.id }] });
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain("Un produit choisi n'existe plus");
    expect(
      (await post(row!.id, { sections: [grid], slots: [{ section: 0, slot: 99, productId: productIds[0] }] })).status,
    ).toBe(400);
    expect((await post(row!.id, "{")).status).toBe(400);
    expect(await getInstallation(app.db(), row!.id)).toEqual(before);
  });

  it("opens the customiser on the installation's layout, with its save button", async () => {
    const p = await proposal();
    await plan(planFields(p.id));
    const [row] = await app.db().select().from(installations);
    const page = await (
      await app.fetch(`/creer-machine/${machineId}?installation=${row!.id}`, { headers: { cookie } })
    ).text();
    expect(page).toContain("Enregistrer la disposition");
    expect(page).toContain(row!.code);
    const detail = await (await app.fetch(`/edit-installations/${row!.id}`, { headers: { cookie } })).text();
    expect(detail).toContain(`/creer-machine/${machineId}?installation=${row!.id}`);
  });
});

describe("signed out", () => {
  it("answers 'Page non trouvée' to every screen and changes nothing on a post", async () => {
    const p = await proposal();
    for (const path of ["/edit-installations", "/edit-installations/nouvelle", `/edit-installations/${p.id}`])
      expect((await app.fetch(path)).status, path).toBe(404);
    const response = await plan(planFields(p.id), "");
    expect(response.status).toBe(401);
    expect(await count(installations)).toBe(0);
  });
});

describe("the calendar file", () => {
  it("writes Québec's clock in UTC across the change of time", () => {
    const site = { name: "Boréal", phone: "418 555-0100", publicUrl: PUBLIC };
    const at = (iso: string) => ({
      id: "11111111-0000-4000-8000-000000000001",
      code: "BD-7K3Q",
      client_name: "A",
      contact_name: "B",
      address: "C",
      machine_name: "D",
      planned_for: new Date(iso),
    });
    // 9 h 30 on Québec's clock in July (EDT, UTC−4) and in January (EST, UTC−5).
    const july = instantAt({ year: 2027, month: 7, day: 6, hour: 9, minute: 30 });
    const january = instantAt({ year: 2027, month: 1, day: 6, hour: 9, minute: 30 });
    expect(installationCalendar(at(july.toISOString()), site)).toContain("DTSTART:20270706T133000Z");
    expect(installationCalendar(at(january.toISOString()), site)).toContain("DTSTART:20270106T143000Z");
    expect(installationCalendar(at("2027-01-06T14:30:00Z"), site)).toContain(
      "UID:installation-11111111-0000-4000-8000-000000000001@boreal.exemple.ca",
    );
  });

  it("folds each line at 75 octets, accents counted as their bytes, and reads back the same", () => {
    const site = { name: "Boréal Élégance Distributrices", phone: "418 555-0100", publicUrl: PUBLIC };
    const calendar = installationCalendar(
      {
        id: "11111111-0000-4000-8000-000000000001",
        code: "BD-7K3Q",
        client_name: "Clinique",
        contact_name: "Hélène",
        address: "1200, boulevard Guillaume-Couture, Lévis (Québec), entrée côté hôpital, étage é",
        machine_name: "Élégance à café équitable — édition été",
        planned_for: new Date("2027-01-06T14:30:00Z"),
      },
      site,
    );
    const lines = calendar.split("\r\n");
    for (const line of lines) expect(Buffer.byteLength(line), line).toBeLessThanOrEqual(75);
    const unfolded = calendar.replace(/\r\n /g, "");
    expect(unfolded).toContain(
      "LOCATION:1200\\, boulevard Guillaume-Couture\\, Lévis (Québec)\\, entrée côté hôpital\\, étage é",
    );
    expect(lines.some((line) => line.startsWith(" "))).toBe(true);
    // Its description in French typography, as the emails are.
    expect(unfolded).toContain("Une question\u00a0? 418\u00a0555-0100");
  });
});

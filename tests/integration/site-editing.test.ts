// /edit-pages through the built app: each setting reaches the public pages that show it (footer,
// contact promises, JSON-LD), a draft is seen only by the signed-in staff's preview and never by a
// visitor or the page cache, a publish is seen at once here and within a second on a second instance
// of the same database, a restored version comes back, bad input changes nothing. Runs on PGlite and
// on PostgreSQL.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TEXTS, PAGE_FIELDS, type SitePage } from "../../app/features/site-texts/site-texts";
import { ensureSiteTexts, readPageTexts } from "../../app/features/site-texts/store.server";
import { openDatabase, type Database } from "../../server/db/client";
import { TEST_DB } from "../support/db";
import { withDatabase } from "../support/postgres-template";
import { documentPost as postAsDocument } from "../support/document-post";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let second: TestApp;
let cookie: string;
let cleanup: () => Promise<void>;

/** Two instances of the site on one database: on PostgreSQL two connections pools to a throwaway
 * database, on PGlite the one embedded database. */
beforeAll(async () => {
  if (TEST_DB === "postgres") {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `t_site_editing_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    const first = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    await first.migrate();
    const other = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    app = await startTestApp({}, { database: first });
    second = await startTestApp({}, { database: other });
    cleanup = async () => {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    };
  } else {
    app = await startTestApp();
    const shared: Database = { ...app.database, close: async () => {} };
    second = await startTestApp({}, { database: shared });
    cleanup = async () => {};
  }
  // What every start does: each document gets its row.
  await ensureSiteTexts(app.db(), app.services.config.site);
  cookie = await app.login();
}, 60_000);

afterAll(async () => {
  await second?.close();
  await app?.close();
  await cleanup?.();
});

type Visit = { status: number; cache: string | null; html: string; cacheControl: string | null };

async function visit(path: string, on: TestApp = app, headers: Record<string, string> = {}): Promise<Visit> {
  const response = await on.fetch(path, { headers });
  return {
    status: response.status,
    cache: response.headers.get("x-cache"),
    cacheControl: response.headers.get("cache-control"),
    html: await response.text(),
  };
}

/** The form of one document as the editor sends it: today's values with `changes` over them. */
function documentForm(page: SitePage, intent: string, base: Record<string, string>, changes: Record<string, string>) {
  const fields: Record<string, string> = { intent, page };
  for (const { key } of PAGE_FIELDS[page]) fields[key] = changes[key] ?? base[key] ?? "";
  return new URLSearchParams(fields);
}

/** A submission as the editor's fetcher sends it: the answer is the action's data. */
async function send(body: URLSearchParams, signedIn = true) {
  const response = await app.fetch("/edit-pages.data", { method: "POST", body, headers: signedIn ? { cookie } : {} });
  return { status: response.status, text: await response.text() };
}

const published = async (page: SitePage) => (await readPageTexts(app.db(), page, app.services.config.site)).published;

const documentPost = (path: string, body: URLSearchParams) => postAsDocument(app.url, path, cookie, body);

/** JSON-LD blocks of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe(`site editing on ${TEST_DB}`, () => {
  it("a fresh install shows today's texts and the environment's settings", async () => {
    const home = (await visit("/")).html;
    expect(home).toContain("Plus qu&#x27;une machine, <span");
    expect(home).toContain("418\u00a0555-0142");
    const contact = (await visit("/contact")).html;
    expect(contact).toContain("Parlons de votre espace");
    expect(contact).toContain("Réponse en moins de 24 heures");
  });

  it("each setting reaches the footer, the contact promises and the JSON-LD", async () => {
    await visit("/contact");
    expect((await visit("/contact")).cache).toBe("hit");
    const settings = await published("settings");
    const { status } = await send(
      documentForm("settings", "publish", settings, {
        name: "Boréal Vending",
        phone: "581 555-0199",
        email: "allo@boreal.example",
        address: "123, rue Saint-Joseph Est, Québec",
        serviceArea: "Québec, Lévis et Beauport",
        instagramUrl: "https://www.instagram.com/boreal.test/",
        privacyOfficerName: "Jeanne Roy",
      }),
    );
    expect(status).toBe(200);
    const page = await visit("/contact");
    expect(page.cache).toBe("miss");
    for (const text of ["581\u00a0555-0199", "allo@boreal.example", "Québec, Lévis et Beauport", "Boréal Vending"])
      expect(page.html).toContain(text);
    expect(page.html).toContain('href="tel:5815550199"');
    expect(page.html).toContain("https://www.instagram.com/boreal.test/");
    expect(page.html).not.toContain("418\u00a0555-0142");
    const business = jsonLd(page.html).find((item) => item["@type"] === "LocalBusiness")!;
    expect(business.telephone).toBe("581 555-0199");
    expect(business.name).toBe("Boréal Vending");
    expect(business.address).toMatchObject({ streetAddress: "123, rue Saint-Joseph Est, Québec" });
    expect((await visit("/politique-de-confidentialite")).html).toContain("Jeanne Roy");
  });

  it("a draft is seen only in the staff's preview, never by visitors or the page cache", async () => {
    await visit("/");
    expect((await visit("/")).cache).toBe("hit");
    const home = await published("home");
    const draft = documentForm("home", "draft", home, { heroTitle: "Titre du brouillon," });
    expect((await send(draft)).status).toBe(200);

    // The draft moved nothing on: the cached page is still served, without it.
    const after = await visit("/");
    expect(after.cache).toBe("hit");
    expect(after.html).not.toContain("Titre du brouillon");
    for (const path of ["/?apercu=1", "/?apercu=1&x=2"]) {
      const visitor = await visit(path);
      expect(visitor.html, path).not.toContain("Titre du brouillon");
      expect(visitor.html).toContain("Plus qu&#x27;une machine,");
    }

    const preview = await visit("/?apercu=1", app, { cookie });
    expect(preview.html).toContain("Titre du brouillon,");
    expect(preview.cache).toBeNull();
    expect(preview.cacheControl).toBe("private, no-store");
    // The staff's own page without the parameter shows what is published.
    expect((await visit("/", app, { cookie })).html).not.toContain("Titre du brouillon");
    // And the visitor's cache still holds the published page.
    expect((await visit("/")).html).not.toContain("Titre du brouillon");
    const editor = (await visit("/edit-pages?page=home", app, { cookie })).html;
    expect(editor).toContain("Titre du brouillon,");
    expect(editor).toContain("Un brouillon non publié est en cours");
  });

  it("a publish is seen on the next request here, and within a second on a second instance", async () => {
    await visit("/", second);
    expect((await visit("/", second)).cache).toBe("hit");
    const home = await published("home");
    const form = documentForm("home", "publish", home, { heroTitle: "Un titre tout neuf," });
    const { status, text } = await send(form);
    expect(status).toBe(200);
    expect(text).toContain("En-tête\u00a0: Titre");

    const here = await visit("/");
    expect(here.cache).toBe("miss");
    expect(here.html).toContain("Un titre tout neuf,");
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 1000) {
      seen = (await visit("/", second)).html.includes("Un titre tout neuf,");
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen, "the second instance shows the publish within a second").toBe(true);
    // The draft went with the publish.
    expect((await readPageTexts(app.db(), "home", app.services.config.site)).draft).toBeNull();
  });

  it("keeps each publish in the history, and restores an earlier version", async () => {
    const home = await published("home");
    expect((await send(documentForm("home", "publish", home, { ctaTitle: "Version deux" }))).status).toBe(200);
    const editor = (await visit("/edit-pages?page=home", app, { cookie })).html;
    expect(editor).toContain("Historique");
    expect(editor).toContain("Modifié\u00a0: Appel à l&#x27;action\u00a0: Titre");
    expect(editor).toContain("admin-test");

    const versions = await app.db().query.siteTextVersions.findMany({
      where: (v, { eq }) => eq(v.page, "home"),
      orderBy: (v, { asc }) => asc(v.published_at),
    });
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const before = versions.at(-2)!;
    expect(before.texts.ctaTitle).toBe(DEFAULT_TEXTS.home.ctaTitle);
    const restored = await send(new URLSearchParams({ intent: "restore", page: "home", version: before.id }));
    expect(restored.status).toBe(200);
    const page = await visit("/");
    expect(page.cache).toBe("miss");
    expect(page.html).toContain(DEFAULT_TEXTS.home.ctaTitle!.replace("'", "&#x27;"));
    expect(page.html).not.toContain("Version deux");
  });

  it("keeps the texts as installed as the first version, restorable after the first publish", async () => {
    const versionsOf = () =>
      app.db().query.siteTextVersions.findMany({
        where: (v, { eq }) => eq(v.page, "about"),
        orderBy: (v, { asc }) => asc(v.published_at),
      });
    expect(await versionsOf()).toEqual([]);
    const about = await published("about");
    expect((await send(documentForm("about", "publish", about, { heroTitle: "Une équipe d'ici" }))).status).toBe(200);
    const [origin, first, ...rest] = await versionsOf();
    expect(rest).toEqual([]);
    expect(origin!.changed).toEqual([]);
    expect(origin!.texts).toEqual(about);
    expect(first!.texts.heroTitle).toBe("Une équipe d'ici");
    const editor = (await visit("/edit-pages?page=about", app, { cookie })).html;
    expect(editor).toContain("Textes d&#x27;origine");
    expect(editor).toContain("Les textes tels qu&#x27;installés, avant la première publication.");

    expect((await send(new URLSearchParams({ intent: "restore", page: "about", version: origin!.id }))).status).toBe(
      200,
    );
    expect(await published("about")).toEqual(about);
    expect((await visit("/about")).html).not.toContain("Une équipe d&#x27;ici");
    // The restore is a publish of its own; the installed texts stay the oldest version.
    const after = await versionsOf();
    expect(after).toHaveLength(3);
    expect(after[0]!.id).toBe(origin!.id);
  });

  it("migrates a stored eyebrow to the whole line the page showed, territory included", async () => {
    const { readFile } = await import("node:fs/promises");
    const { sql } = await import("drizzle-orm");
    const { siteTexts } = await import("../../server/db/schema");
    const { eq } = await import("drizzle-orm");
    const migration = await readFile(
      new URL("../../server/db/migrations/0013_hero_eyebrow_territory.sql", import.meta.url),
      "utf8",
    );
    const db = app.db();
    const [home] = await db.select().from(siteTexts).where(eq(siteTexts.id, "home"));
    const [settings] = await db.select().from(siteTexts).where(eq(siteTexts.id, "settings"));
    // As stored before: the eyebrow without the territory, which the page appended.
    await db
      .update(siteTexts)
      .set({ published: { ...home!.published, heroEyebrow: "Distributrices d'exception" }, draft: null })
      .where(eq(siteTexts.id, "home"));
    await db
      .update(siteTexts)
      .set({ published: { ...settings!.published, serviceArea: "Rive-Sud" } })
      .where(eq(siteTexts.id, "settings"));
    for (const statement of migration.split("--> statement-breakpoint")) await db.execute(sql.raw(statement));
    expect((await published("home")).heroEyebrow).toBe("Distributrices d'exception · Rive-Sud");
    expect((await visit("/")).html).toContain("Distributrices d&#x27;exception · Rive-Sud");
    // Put back as it was for the tests after this one.
    await db.update(siteTexts).set({ published: home!.published, draft: home!.draft }).where(eq(siteTexts.id, "home"));
    await db.update(siteTexts).set({ published: settings!.published }).where(eq(siteTexts.id, "settings"));
  });

  it("a fresh install's eyebrow is the whole line the page shows", async () => {
    expect(DEFAULT_TEXTS.home.heroEyebrow).toBe("Distributrices haut de gamme · Québec et Lévis");
    // The test before put the texts back behind the app's back: on PostgreSQL the change reaches the
    // page cache by NOTIFY, a moment later.
    const eyebrow = `${(await published("home")).heroEyebrow}</p>`;
    await expect.poll(async () => (await visit("/")).html).toContain(eyebrow);
    expect((await visit("/")).html).not.toContain("· Québec et Lévis · Québec et Lévis");
  });

  it("refuses bad input with French messages and changes nothing", async () => {
    const settings = await published("settings");
    const home = await published("home");
    const cases: [SitePage, Record<string, string>, Record<string, string>, string, string][] = [
      ["home", home, { heroTitle: "   " }, "heroTitle", "Ce champ est requis."],
      ["home", home, { heroText: "x".repeat(401) }, "heroText", "401 caractères : 400 au plus."],
      ["settings", settings, { phone: "appelez-nous" }, "phone", "Ce numéro de téléphone n'est pas valide."],
      ["settings", settings, { email: "pas-un-courriel" }, "email", "Cette adresse courriel n'est pas valide."],
      ["settings", settings, { instagramUrl: "javascript:alert(1)" }, "instagramUrl", "https://"],
    ];
    for (const [page, base, changes, key, message] of cases) {
      for (const intent of ["draft", "publish"]) {
        const { status, text } = await send(documentForm(page, intent, base, changes));
        expect(status, `${key} ${intent}`).toBe(400);
        expect(text).toContain(key);
        expect(text).toContain(message);
      }
    }
    expect(await published("settings")).toEqual(settings);
    expect(await published("home")).toEqual(home);
    expect((await readPageTexts(app.db(), "home", app.services.config.site)).draft).toBeNull();
  });

  it("the offer page shows today's texts, then what the staff published, section by section", async () => {
    const before = await visit("/notre-offre");
    for (const text of ["Une offre clé en main,", "Choisir la machine parfaite", "Laissez-nous faire le reste"])
      expect(before.html).toContain(text);
    expect((await visit("/notre-offre")).cache).toBe("hit");

    const offer = await published("offer");
    const changes = {
      heroTitle: "Une offre sur mesure,",
      heroText: "Tout compris, sans frais.",
      machineShort: "Machines",
      machineTitle: "La bonne machine pour votre hall",
      productsText: "Une sélection qui change avec votre équipe.",
      serviceTitle: "On s'occupe du reste",
      requestTitle: "Décrivez-nous votre espace",
      seoTitle: "Notre offre clé en main",
    };
    const { status, text } = await send(documentForm("offer", "publish", offer, changes));
    expect(status).toBe(200);
    expect(text).toContain("Modifications publiées");
    // Each group named once.
    expect(text).toContain("1. La machine\u00a0: Nom court (surtitre et barre de progression), Titre");

    const after = await visit("/notre-offre");
    expect(after.cache).toBe("miss");
    for (const value of Object.values(changes).filter((value) => !value.includes("'")))
      expect(after.html).toContain(value);
    expect(after.html).toContain("On s&#x27;occupe du reste");
    expect(after.html).toContain("<title>Notre offre clé en main | ");
    expect(after.html).not.toContain("Choisir la machine parfaite");
    // The section's anchors stay: the header's links and the progress bar still lead to them.
    expect(after.html).toContain('href="#machine"');
    expect(after.html).toContain('id="machine"');

    // A required title left empty is refused, the page unchanged.
    const refused = await send(documentForm("offer", "publish", await published("offer"), { productsTitle: "" }));
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("productsTitle");
    expect((await visit("/notre-offre")).html).toContain("Des produits qui se démarquent");
    expect((await published("offer")).heroTitle).toBe("Une offre sur mesure,");
  });

  it("a form sent before the app has started goes back to its page with the answer as a toast", async () => {
    const confirmation = await published("confirmation");
    const body = documentForm("confirmation", "publish", confirmation, { homeButton: "Revenir à l'accueil" });
    const saved = await documentPost("/edit-pages?page=confirmation", body);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/edit-pages?page=confirmation");
    expect(saved.flash).toMatch(/^flash=/);
    expect((await published("confirmation")).homeButton).toBe("Revenir à l'accueil");
    const page = await visit("/edit-pages?page=confirmation", app, { cookie: `${cookie}; ${saved.flash}` });
    expect(page.html).toContain("Modifications publiées");

    const refused = await documentPost("/edit-redirects", new URLSearchParams({ intent: "add", from: "", to: "/" }));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/edit-redirects");
  });

  it("stores texts as text: markup is shown, never run", async () => {
    const confirmation = await published("confirmation");
    const markup = '<img src=x onerror="alert(1)"> Merci !';
    expect((await send(documentForm("confirmation", "publish", confirmation, { title: markup }))).status).toBe(200);
    const html = (await visit("/confirmation")).html;
    expect(html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt; Merci\u00a0!");
    expect(html).not.toContain('<img src=x onerror="alert(1)">');
  });

  it("every public page has a share picture with its text and a large card", async () => {
    for (const path of [
      "/",
      "/galerie",
      "/notre-offre",
      "/contact",
      "/confirmation",
      "/politique-de-confidentialite",
      "/produits",
      "/machines",
    ]) {
      const { html } = await visit(path);
      expect(html, path).toMatch(/<meta property="og:image" content="http[^"]+"/);
      expect(html, path).toMatch(/<meta property="og:image:alt" content="[^"]+"/);
      expect(html, path).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    }
    expect((await app.fetch("/share.png")).headers.get("content-type")).toBe("image/png");
  });

  it("a page's search title, description and picture text win over its own", async () => {
    const contact = await published("contact");
    const form = documentForm("contact", "publish", contact, {
      seoTitle: "Demandez votre distributrice",
      seoDescription: "Une description écrite pour les moteurs de recherche.",
      seoImageAlt: "Une distributrice dorée dans un hall",
    });
    expect((await send(form)).status).toBe(200);
    const { html } = await visit("/contact");
    expect(html).toContain("<title>Demandez votre distributrice | ");
    expect(html).toContain(
      '<meta name="description" content="Une description écrite pour les moteurs de recherche."/>',
    );
    expect(html).toContain('<meta property="og:image:alt" content="Une distributrice dorée dans un hall"/>');
    const tooLong = documentForm("contact", "publish", contact, { seoTitle: "x".repeat(71) });
    expect((await send(tooLong)).status).toBe(400);
  });

  it("the activity log records each staff change with its account, screen and what changed", async () => {
    const home = await published("home");
    expect((await send(documentForm("home", "publish", home, { ctaText: "Un texte du journal." }))).status).toBe(200);
    const tag = await app.fetch("/edit-products.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "create-tag", nom: "Étiquette du journal" }),
      headers: { cookie },
    });
    expect(tag.status).toBe(200);
    // A refused change leaves no line.
    await send(documentForm("home", "publish", home, { heroTitle: "" }));

    const journal = (await visit("/edit-journal", app, { cookie })).html;
    expect(journal).toContain("Journal d&#x27;activité");
    expect(journal).toContain("Pages et réglages");
    expect(journal).toContain("Accueil\u00a0: publié — Appel à l&#x27;action · Texte");
    expect(journal).toContain("Produits et étiquettes");
    expect(journal).toContain("Étiquette du journal");
    expect(journal).toContain("admin-test");
    const lines = await app.db().query.activityLog.findMany();
    const homeTitle = (summary: string) => summary.startsWith("Accueil") && summary.includes("En-tête · Titre");
    expect(lines.filter((line) => homeTitle(line.summary) && line.action === "publish")).toHaveLength(1);
    expect((await visit("/edit-journal")).status).toBe(404);
  });

  it("serves the staff's permanent redirects before any page, on every instance, and refuses loops and other sites", async () => {
    const add = async (from: string, to: string) => {
      const response = await app.fetch("/edit-redirects.data", {
        method: "POST",
        body: new URLSearchParams({ intent: "add", from, to }),
        headers: { cookie },
      });
      return { status: response.status, text: await response.text() };
    };
    expect((await add("/ancienne-offre/", "/notre-offre")).status).toBe(200);
    const moved = await app.fetch("/Ancienne-Offre?utm=1");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/notre-offre?utm=1");
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 1000) {
      seen = (await second.fetch("/ancienne-offre")).status === 301;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen, "the second instance redirects within a second").toBe(true);

    const loop = await add("/notre-offre", "/ancienne-offre");
    expect(loop.status).toBe(400);
    expect(loop.text).toContain("Cette redirection ferait une boucle avec une autre.");
    const itself = await add("/a-b", "/A-B/");
    expect(itself.text).toContain("Cette redirection mène à elle-même.");
    for (const elsewhere of ["https://ailleurs.example/", "//ailleurs.example/x", "javascript:alert(1)"]) {
      const refused = await add("/vers-ailleurs", elsewhere);
      expect(refused.status, elsewhere).toBe(400);
      expect(refused.text).toContain("Une redirection mène à une page de ce site");
    }
    expect((await app.fetch("/vers-ailleurs")).status).toBe(404);
    expect((await app.fetch("/notre-offre")).status).toBe(200);
    const journal = (await visit("/edit-journal", app, { cookie })).html;
    expect(journal).toContain("/ancienne-offre → /notre-offre");
  });

  it("lists the addresses visitors missed, robots apart, without slowing the 404", async () => {
    const missing = `/page-disparue-${Date.now()}`;
    const person = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
    // A mistyped secret link is mostly its secret: never listed.
    const mistypedLink = "/proposition/9d412feb59ac704f7b0f0f2fc2c4ec85x";
    const mistyped = await app.fetch(mistypedLink, { headers: { "user-agent": person } });
    expect(mistyped.status).toBe(404);
    await mistyped.text();
    for (let i = 0; i < 2; i++) {
      const response = await app.fetch(missing, { headers: { "user-agent": person } });
      expect(response.status).toBe(404);
      await response.text();
    }
    await (
      await app.fetch(missing, { headers: { "user-agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" } })
    ).text();
    const started = Date.now();
    let rows: { path: string; bot: boolean; hits: number }[] = [];
    while (rows.length < 2 && Date.now() - started < 10_000) {
      rows = (await app.db().query.missedPaths.findMany()).filter((row) => row.path === missing);
      if (rows.length < 2) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(rows.find((row) => !row.bot)?.hits).toBe(2);
    expect(rows.find((row) => row.bot)?.hits).toBe(1);
    // Written in the same batch as the others (or before them): its absence is no timing accident.
    const all = await app.db().query.missedPaths.findMany();
    expect(all.filter((row) => row.path.toLowerCase().startsWith("/proposition/"))).toEqual([]);
    const screen = (await visit("/edit-redirects", app, { cookie })).html;
    expect(screen).toContain(missing);
    expect(screen).not.toContain("9d412feb59ac");
    expect(screen).toContain("Adresses manquées par les robots");
    expect(screen).toContain("Rediriger");
    expect((await visit("/edit-redirects")).status).toBe(404);
  }, 20_000);

  it("guards every change: 401 without the session, 404 for the screen", async () => {
    const home = await published("home");
    const { status } = await send(documentForm("home", "publish", home, { heroTitle: "Intrus" }), false);
    expect(status).toBe(401);
    expect(await published("home")).toEqual(home);
    expect((await visit("/edit-pages")).status).toBe(404);
  });
});

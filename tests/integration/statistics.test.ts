// Statistics end to end on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): beacons
// sent to the built app's endpoint → raw events → the rollup's daily totals → exactly the numbers
// the dashboard's queries return, before and after the rollup; retention; two instances rolling up
// at once; junk never answered with a 5xx; what must not count is not stored.
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, addMonths } from "../../app/features/statistics/days";
import { openDatabase, selectRows, type Db } from "../../server/db/client";
import { statDaily, statDailyVitals, statEvents, statSecrets, statVitals } from "../../server/db/schema";
import { statisticsOverview, statisticsVitals } from "../../app/features/statistics/queries.server";
import { statisticsCsv, statisticsPageData } from "../../app/features/statistics/dashboard-queries.server";
import { lastRolledDay, rollUpStatistics } from "../../app/features/statistics/rollup.server";
import { dailySecret, recordGoal, recordPageView } from "../../app/features/statistics/store.server";
import { startTestApp, type TestApp } from "../support/server";
import { TEST_DB } from "../support/db";

const UA = {
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  iphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  chrome:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  googlebot: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
};

let app: TestApp;
let db: Db;
beforeAll(async () => {
  app = await startTestApp();
  db = app.db();
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  for (const table of [statEvents, statVitals, statDaily, statDailyVitals, statSecrets]) await db.delete(table);
});

function beacon(
  body: unknown,
  { ua = UA.firefox, headers = {} }: { ua?: string; headers?: Record<string, string> } = {},
) {
  return app.fetch("/api/statistiques", {
    method: "POST",
    headers: { "user-agent": ua, "accept-language": "fr-CA,fr;q=0.9", "content-type": "text/plain", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function send(body: unknown, options?: Parameters<typeof beacon>[1]) {
  const response = await beacon(body, options);
  expect(response.status).toBe(204);
}

const count = async (table: typeof statEvents | typeof statVitals) =>
  (await selectRows<{ n: number }>(db, sql`select count(*)::int as n from ${table}`))[0]!.n;

/** The one local day the raw events were stamped with (the test may run across midnight otherwise). */
async function eventDay(): Promise<string> {
  const days = await selectRows<{ day: string }>(
    db,
    sql`select distinct day::text as day from stat_events union select distinct day::text from stat_vitals`,
  );
  expect(days).toHaveLength(1);
  return days[0]!.day;
}

/** Noon in Lévis on a local day. */
const noonOf = (day: string) => new Date(`${day}T17:00:00Z`);

const now1 = (current: number) => ({ current, previous: 0 });

describe("statistics from beacons to the dashboard's numbers", () => {
  async function threeVisitorsAndARobot() {
    const site = app.url;
    // A: from Google on a desktop, then a page of the site, then the Instagram button.
    await send({ t: "p", u: "/", r: "https://www.google.com/search?q=distributrice" }, { ua: UA.firefox });
    await send({ t: "p", u: "/produits?page=2", r: `${site}/` }, { ua: UA.firefox });
    await send({ t: "g", u: "/produits", g: "instagram" }, { ua: UA.firefox });
    // B: a flyer's UTM link on a phone, then the contact page, a tap on the phone number, a request.
    await send(
      { t: "p", u: "/?utm_source=Depliant&utm_medium=print&utm_campaign=salon-2026", r: "" },
      { ua: UA.iphone },
    );
    await send({ t: "p", u: "/contact", r: `${site}/` }, { ua: UA.iphone });
    await send({ t: "g", u: "/contact", g: "appel_telephone" }, { ua: UA.iphone });
    await recordGoal(db, "demande_envoyee", {
      visit: { ip: "127.0.0.1", userAgent: UA.iphone, site: new URL(app.services.config.site.publicUrl).host },
    });
    // C: typed the address, came back to the home page.
    await send({ t: "p", u: "/" }, { ua: UA.chrome });
    await send({ t: "p", u: "/" }, { ua: UA.chrome });
    // A robot: answered, not counted.
    await send({ t: "p", u: "/" }, { ua: UA.googlebot });
    // Web Vitals of three page loads.
    await send({ t: "v", u: "/", v: { LCP: 1200, FCP: 800, TTFB: 100, CLS: 0, INP: 120 } }, { ua: UA.firefox });
    await send({ t: "v", u: "/", v: { LCP: 3100, FCP: 1900, TTFB: 900, CLS: 0.3, INP: 600 } }, { ua: UA.iphone });
    await send({ t: "v", u: "/", v: { LCP: 2600, CLS: 0.05 } }, { ua: UA.chrome });
  }

  function expectOverview(overview: Awaited<ReturnType<typeof statisticsOverview>>) {
    const pick = (list: { value: string; visitors: object; count: object }[]) =>
      Object.fromEntries(list.map((r) => [r.value, { visitors: r.visitors, count: r.count }]));
    expect(overview.visitors).toEqual(now1(3));
    expect(overview.pageViews).toEqual(now1(6));
    expect(overview.conversionRate).toEqual(now1(1 / 3));
    expect(pick(overview.sources)).toEqual({
      "google.com": { visitors: now1(1), count: now1(1) },
      depliant: { visitors: now1(1), count: now1(1) },
      "": { visitors: now1(1), count: now1(1) },
    });
    expect(pick(overview.mediums)).toEqual({ print: { visitors: now1(1), count: now1(1) } });
    expect(pick(overview.campaigns)).toEqual({ "salon-2026": { visitors: now1(1), count: now1(1) } });
    expect(overview.pages.map((p) => [p.value, p.count.current, p.visitors.current])).toEqual([
      ["/", 4, 3],
      ["/contact", 1, 1],
      ["/produits", 1, 1],
    ]);
    expect(pick(overview.devices)).toEqual({
      desktop: { visitors: now1(2), count: now1(2) },
      phone: { visitors: now1(1), count: now1(1) },
    });
    expect(overview.browsers.map((b) => b.value).sort()).toEqual(["Chrome", "Firefox", "Safari"]);
    expect(pick(overview.goals)).toEqual({
      instagram: { visitors: now1(1), count: now1(1) },
      appel_telephone: { visitors: now1(1), count: now1(1) },
      demande_envoyee: { visitors: now1(1), count: now1(1) },
    });
    expect(overview.daily.reduce((sum, d) => sum + d.pageViews, 0)).toBe(6);
  }

  async function expectVitals(day: string) {
    const rows = await statisticsVitals(db, 7, ["/"], noonOf(day));
    const all = rows.find((r) => r.path === "*" && r.device === "*")!;
    // LCP 1200, 2600, 3100: the 3rd of 3 is in (3000, 3250].
    expect(all.metrics.LCP).toEqual({
      samples: 3,
      p75: 3250,
      rating: "needs-improvement",
      good: 1 / 3,
      needsImprovement: 2 / 3,
      poor: 0,
    });
    // CLS 0, 0.05, 0.3: the 3rd is in (0.25, 0.3125].
    expect(all.metrics.CLS).toMatchObject({ samples: 3, p75: 0.3125, rating: "poor", good: 2 / 3, poor: 1 / 3 });
    // INP 120, 600: the 2nd of 2 is in (500, 625].
    expect(all.metrics.INP).toMatchObject({ samples: 2, p75: 625, rating: "poor", good: 1 / 2 });
    const homeDesktop = rows.find((r) => r.path === "/" && r.device === "desktop")!;
    expect(homeDesktop.metrics.LCP).toMatchObject({ samples: 2, p75: 2750, good: 1 / 2 });
    expect(homeDesktop.metrics.TTFB).toMatchObject({ samples: 1, p75: 100, rating: "good" });
    const homePhone = rows.find((r) => r.path === "/" && r.device === "phone")!;
    expect(homePhone.metrics.FCP).toMatchObject({ samples: 1, p75: 1950, rating: "needs-improvement" });
    expect(rows.map((r) => `${r.path} ${r.device}`).sort()).toEqual([
      "* *",
      "* desktop",
      "* phone",
      "/ *",
      "/ desktop",
      "/ phone",
    ]);
  }

  it("counts three visitors, their sources, campaign, devices, pages and goals; the robot not at all", async () => {
    await threeVisitorsAndARobot();
    const day = await eventDay();
    // Live, from the raw events (the day is not over).
    expect(await lastRolledDay(db)).toBeNull();
    expectOverview(await statisticsOverview(db, 7, noonOf(day)));
    await expectVitals(day);

    // The next day: rolled up into daily totals, the same numbers.
    const next = noonOf(addDays(day, 1));
    expect((await rollUpStatistics(db, next))?.rolledDays).toEqual([day]);
    expect(await lastRolledDay(db)).toBe(day);
    expectOverview(await statisticsOverview(db, 7, next));
    await expectVitals(addDays(day, 1));
    // The raw events stay (30 days); the figures are read from the totals only, not twice.
    expect(await count(statEvents)).toBe(9);
    // Rolling up again changes nothing.
    expect((await rollUpStatistics(db, next))?.rolledDays).toEqual([]);
    expectOverview(await statisticsOverview(db, 7, next));

    // A week later, the day falls in the previous period.
    const later = await statisticsOverview(db, 7, noonOf(addDays(day, 7)));
    expect(later.visitors).toEqual({ current: 0, previous: 3 });
    expect(later.conversionRate).toEqual({ current: 0, previous: 1 / 3 });
  });

  it("shows on /edit-statistiques and in its CSV export exactly the queries' numbers, to staff only", async () => {
    await threeVisitorsAndARobot();
    const day = await eventDay();
    const check = async (at: Date) => {
      const page = await statisticsPageData(app.services, new URL(`${app.url}/edit-statistiques?jours=7`), at);
      expect(page.days).toBe(7);
      expect(page.overview).toEqual(await statisticsOverview(db, 7, at));
      expectOverview(page.overview);
      expect(page.vitals).toEqual(await statisticsVitals(db, 7, ["/", "/contact", "/produits"], at));
      return page;
    };
    await check(noonOf(day));
    const page = await check(noonOf(day));

    // Signed out, the dashboard and its export are 'Page non trouvée'.
    expect((await app.fetch("/edit-statistiques")).status).toBe(404);
    expect((await app.fetch("/edit-statistiques/export?jours=7")).status).toBe(404);

    const cookie = await app.login();
    const html = await (await app.fetch("/edit-statistiques?jours=7", { headers: { cookie } })).text();
    const figure = (label: string) => new RegExp(`data-figure="${label}"[^>]*>([^<]+)<`).exec(html)?.[1];
    expect(figure("Visiteurs")).toBe("3");
    expect(figure("Pages vues")).toBe("6");
    expect(figure("Demandes envoyées")).toBe("1");
    expect(figure("Taux de conversion")).toBe("33,3 %");
    expect(html).toContain("salon-2026");

    const csv = await app.fetch("/edit-statistiques/export?jours=7", { headers: { cookie } });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="statistiques-.+\.csv"$/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    // A byte order mark first, so that spreadsheets read the accents as UTF-8.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toBe(statisticsCsv(page));
    const lines = text.split("\r\n");
    expect(lines).toContain("total;visiteurs;3;0;;");
    expect(lines).toContain("total;pages vues;;;6;0");
    expect(lines).toContain("source;depliant;1;0;1;0");
    expect(lines).toContain("source;Accès direct;1;0;1;0");
    expect(lines).toContain("campagne;salon-2026;1;0;1;0");
    expect(lines).toContain("appareil;Téléphone;1;0;1;0");
    expect(lines).toContain("objectif;Demande envoyée;1;0;1;0");
    expect(lines).toContain("Toutes les pages;Tous les appareils;LCP;3;3250;33,3;66,7;0");
  });

  it("keeps a day's secret, shared by the instances, until the day is over", async () => {
    const day = "2030-01-15";
    const secret = await dailySecret(db, day);
    expect(await dailySecret(db, day)).toBe(secret);
    expect((await db.select().from(statSecrets)).map((s) => s.day)).toEqual([day]);
    await rollUpStatistics(db, noonOf(day));
    expect(await db.select().from(statSecrets)).toHaveLength(1);
    await rollUpStatistics(db, noonOf(addDays(day, 1)));
    expect(await db.select().from(statSecrets)).toEqual([]);
    // The next day gets a new one.
    expect(await dailySecret(db, addDays(day, 1))).not.toBe(secret);
  });
});

describe("what is not counted", () => {
  it("stores nothing for Do Not Track, Global Privacy Control, a staff session, a robot or a browser without a language", async () => {
    const cookie = await app.login();
    const cases: Parameters<typeof beacon>[1][] = [
      { headers: { dnt: "1" } },
      { headers: { "sec-gpc": "1" } },
      { headers: { cookie } },
      { ua: UA.googlebot },
      { ua: "curl/8.5.0" },
      { headers: { "accept-language": "" } },
    ];
    for (const options of cases) {
      await send({ t: "p", u: "/" }, options);
      await send({ t: "g", u: "/", g: "instagram" }, options);
      await send({ t: "v", u: "/", v: { LCP: 1000 } }, options);
    }
    expect(await count(statEvents)).toBe(0);
    expect(await count(statVitals)).toBe(0);
  });

  it("answers junk with 400 or 413, never 5xx, and stores nothing", async () => {
    const junk: string[] = [
      "",
      "pas du JSON",
      "[]",
      "null",
      '"p"',
      JSON.stringify({ t: "x", u: "/" }),
      JSON.stringify({ t: "p" }),
      JSON.stringify({ t: "p", u: "https://ailleurs.example/" }),
      JSON.stringify({ t: "p", u: "//ailleurs.example/" }),
      JSON.stringify({ t: "p", u: "/a b" }),
      JSON.stringify({ t: "p", u: `/${"x".repeat(1200)}` }),
      JSON.stringify({ t: "p", u: "/", r: 42 }),
      JSON.stringify({ t: "p", u: "/", extra: true }),
      JSON.stringify({ t: "g", u: "/", g: "demande_envoyee" }),
      JSON.stringify({ t: "g", u: "/", g: "n'importe quoi" }),
      JSON.stringify({ t: "v", u: "/", v: { LCP: -1 } }),
      JSON.stringify({ t: "v", u: "/", v: { LCP: "1000" } }),
      JSON.stringify({ t: "v", u: "/", v: { XYZ: 1 } }),
      '{"t":"v","u":"/","v":{"LCP":1e999}}',
      JSON.stringify({ t: "v", u: "/", v: { CLS: 1000 } }),
      '{"t":"p","u":"/","__proto__":{"x":1}}',
      "\u0000\u0001\u0002",
    ];
    for (const body of junk) {
      const response = await beacon(body);
      expect(response.status, body.slice(0, 60)).toBe(400);
    }
    const large = await beacon(JSON.stringify({ t: "p", u: "/", r: "x".repeat(10_000) }));
    expect(large.status).toBe(413);
    const cut = await beacon("{".repeat(5000));
    expect(cut.status).toBeLessThan(500);
    expect(await count(statEvents)).toBe(0);
    expect(await count(statVitals)).toBe(0);
  });

  it("refuses another site's beacons and sets no cookie", async () => {
    const response = await beacon({ t: "p", u: "/" }, { headers: { origin: "https://ailleurs.example" } });
    expect(response.status).toBe(403);
    const accepted = await beacon({ t: "p", u: "/" });
    expect(accepted.status).toBe(204);
    expect(accepted.headers.get("set-cookie")).toBeNull();
    expect(accepted.headers.get("cache-control")).toBe("private, no-store");
    expect(await count(statEvents)).toBe(1);
  });
});

describe("retention and instances", () => {
  const visit = { ip: "203.0.113.9", userAgent: UA.firefox, site: "exemple" };
  const view = {
    path: "/",
    source: null,
    medium: null,
    campaign: null,
    device: "desktop" as const,
    browser: "Firefox" as const,
  };

  it("keeps raw events 30 days and daily totals 25 months", async () => {
    const today = "2026-11-20";
    const now = noonOf(today);
    for (const daysAgo of [45, 31, 30, 29, 1]) await recordPageView(db, visit, view, noonOf(addDays(today, -daysAgo)));
    // Totals from long ago, as an import would bring them.
    for (const day of [addMonths(today, -26), addMonths(today, -25), addDays(addMonths(today, -25), 1)]) {
      await db.execute(sql`insert into stat_daily (id, day, dimension, value, visitors, count)
        values (md5(${day} || '|total|')::uuid, ${day}::date, 'total', '', 5, 7)`);
    }
    // The totals' newest day is older than the raw events: the rollup starts at the oldest event.
    const result = await rollUpStatistics(db, now);
    expect(result!.rolledDays[0]).toBe(addDays(today, -45));
    expect(result!.rolledDays).toHaveLength(45);
    expect(result!.rolledDays.at(-1)).toBe(addDays(today, -1));
    const rawDays = await selectRows<{ day: string }>(db, sql`select day::text as day from stat_events order by day`);
    expect(rawDays.map((r) => r.day)).toEqual([addDays(today, -30), addDays(today, -29), addDays(today, -1)]);
    const totals = await selectRows<{ day: string; count: number }>(
      db,
      sql`select day::text as day, count from stat_daily where dimension = 'total' and count > 0 order by day`,
    );
    expect(totals.map((t) => t.day)).toEqual([
      addMonths(today, -25),
      addDays(addMonths(today, -25), 1),
      addDays(today, -45),
      addDays(today, -31),
      addDays(today, -30),
      addDays(today, -29),
      addDays(today, -1),
    ]);
    // The page views deleted from the raw events still count in the totals.
    const overview = await statisticsOverview(db, 90, now);
    expect(overview.pageViews.current).toBe(5);
  });

  it("never deletes raw events of a day not rolled up yet", async () => {
    await recordPageView(db, visit, view, noonOf("2026-09-01"));
    // Another instance holds the lock: nothing done here, nothing deleted.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(7421040)`);
      if (TEST_DB === "postgres") {
        const other = await openSecondInstance();
        try {
          expect(await rollUpStatistics(other.db, noonOf("2026-11-20"))).toBeNull();
        } finally {
          await other.close();
        }
      }
    });
    expect(await count(statEvents)).toBe(1);
    const result = await rollUpStatistics(db, noonOf("2026-11-20"));
    expect(result!.rolledDays[0]).toBe("2026-09-01");
    expect(await count(statEvents)).toBe(0);
    expect((await statisticsOverview(db, 90, noonOf("2026-11-20"))).pageViews.current).toBe(1);
  });

  it("two instances rolling up at once count each day once", async () => {
    for (let i = 0; i < 20; i++)
      await recordPageView(db, { ...visit, ip: `203.0.113.${i}` }, view, noonOf(addDays("2026-11-20", -(i % 5) - 1)));
    const other = TEST_DB === "postgres" ? await openSecondInstance() : null;
    try {
      const results = await Promise.all([
        rollUpStatistics(db, noonOf("2026-11-20")),
        rollUpStatistics(other?.db ?? db, noonOf("2026-11-20")),
        rollUpStatistics(db, noonOf("2026-11-20")),
      ]);
      const rolled = results.flatMap((r) => r?.rolledDays ?? []);
      expect(rolled.sort()).toEqual(["2026-11-15", "2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19"]);
    } finally {
      await other?.close();
    }
    const overview = await statisticsOverview(db, 7, noonOf("2026-11-20"));
    expect(overview.pageViews.current).toBe(20);
    expect(overview.visitors.current).toBe(20);
  });
});

/** A second connection pool on the same PostgreSQL database: another instance of the site. */
async function openSecondInstance() {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  return openDatabase({ databaseUrl: pool.options.connectionString!, poolSize: 2 });
}

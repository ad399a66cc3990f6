// Statistics that can be trusted (PGlite, and PostgreSQL with TEST_DATABASE_URL): a personal page's
// token is never stored nor logged (and the migration cleans the rows that held one), the proposal
// goals are recorded by the server (a page displayed, an acceptance; never a plain GET), one address
// counts as a handful of visitors at most, a goal needs a page view, the conversion rate stays at or
// under 100 %, and beacons are throttled per source behind a trusted proxy.
import { eq, sql } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { selectRows, type Db } from "../../server/db/client";
import { proposals, statDaily, statDailyVitals, statEvents, statVitals } from "../../server/db/schema";
import { VISITORS_PER_ADDRESS } from "../../app/features/statistics/figures.server";
import { statisticsOverview } from "../../app/features/statistics/queries.server";
import { rollUpStatistics } from "../../app/features/statistics/rollup.server";
import { recordGoal } from "../../app/features/statistics/store.server";
import { insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { startTestApp, type TestApp } from "../support/server";

const CHROME = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${131 + n}.0.0.0 Safari/537.36`;
const TOKEN = "0123456789abcdef0123456789abcdef";

let app: TestApp;
let db: Db;
let cookie: string;
let machineId: string;
let productId: string;
beforeAll(async () => {
  // One proxy in front, as behind nginx: the client's address comes from X-Forwarded-For.
  process.env.STATISTICS_RATE_LIMIT = "30";
  app = await startTestApp({ TRUST_PROXY: "1" });
  delete process.env.STATISTICS_RATE_LIMIT;
  db = app.db();
  cookie = await app.login();
  const machine = await insertMachine(db, {
    nom: "Boréal Compacte",
    description: "Une machine.",
    images: [],
    specifications: [],
    avantages: [],
    produits_par_rangee: 2,
    nombre_de_rangees: 2,
  });
  machineId = machine!.id;
  productId = (await insertProduct(db, { nom: "Café filtre", prix: 2.25, image: "/media/product-images/x.jpg" })).id;
});
afterAll(async () => {
  await app?.close();
});
beforeEach(async () => {
  // The day's secret stays: the app and this test each keep their copy of it in memory.
  for (const table of [statEvents, statVitals, statDaily, statDailyVitals, proposals]) await db.delete(table);
});

const browser = (ua: string, ip: string, headers: Record<string, string> = {}) => ({
  "user-agent": ua,
  "accept-language": "fr-CA,fr;q=0.9",
  "x-forwarded-for": ip,
  ...headers,
});

function beacon(body: unknown, { ua = CHROME(0), ip = "203.0.113.10" }: { ua?: string; ip?: string } = {}) {
  return app.fetch("/api/statistiques", {
    method: "POST",
    headers: { ...browser(ua, ip), "content-type": "text/plain" },
    body: JSON.stringify(body),
  });
}

async function send(body: unknown, options?: Parameters<typeof beacon>[1]) {
  expect((await beacon(body, options)).status).toBe(204);
}

const paths = async () =>
  (
    await selectRows<{ path: string }>(
      db,
      sql`select path from stat_events where path is not null union all select path from stat_vitals`,
    )
  ).map((r) => r.path);

const goalOf = (overview: Awaited<ReturnType<typeof statisticsOverview>>, goal: string) =>
  overview.goals.find((g) => g.value === goal);

async function sendProposal(): Promise<string> {
  const response = await app.fetch(`/creer-machine/${machineId}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "send-proposal",
      layout: JSON.stringify({
        sections: [{ rows: 2, cols: 2, position: { x: 20, y: 50 }, size: { width: 180, height: 400 } }],
        slots: [{ section: 0, slot: 0, productId }],
      }),
      message: "",
      client_name: "Hélène Bélanger",
      client_email: "helene@exemple.ca",
    }),
  });
  expect(response.status).toBe(200);
  const [p] = await db.select().from(proposals);
  return p!.token;
}

describe("conversion rate", () => {
  // First: the rollups below end the day's secret, which this test's own goals need.
  it("is visitors who sent a request ÷ visitors, never above 100 %", async () => {
    const site = new URL(app.services.config.site.publicUrl).host;
    await send({ t: "p", u: "/contact", r: "" }, { ip: "203.0.113.90" });
    const visit = { ip: "203.0.113.90", userAgent: CHROME(0), site };
    await recordGoal(db, "demande_envoyee", { visit });
    await recordGoal(db, "demande_envoyee", { visit });
    // A request from someone who viewed no page (no visitor to divide by).
    await recordGoal(db, "demande_envoyee", { visit: { ...visit, ip: "203.0.113.91" } });
    const overview = await statisticsOverview(db, 7);
    expect(overview.visitors.current).toBe(1);
    expect(goalOf(overview, "demande_envoyee")?.count.current).toBe(3);
    expect(overview.conversionRate.current).toBe(1);
    await send({ t: "p", u: "/", r: "" }, { ip: "203.0.113.92" });
    expect((await statisticsOverview(db, 7)).conversionRate.current).toBe(0.5);
  });
});

describe("a personal page's token stays secret", () => {
  it("stores the route's pattern for page views, goals and Web Vitals, and reads no query there", async () => {
    await send({ t: "p", u: `/proposition/${TOKEN}?utm_source=${TOKEN}`, r: "" });
    await send({ t: "p", u: `/Proposition/${TOKEN}.pdf`, r: "" });
    await send({ t: "g", u: `/proposition/${TOKEN}`, g: "appel_telephone" });
    await send({ t: "v", u: `/proposition/${TOKEN}`, v: { LCP: 1200, FCP: 800 } });
    await send({ t: "p", u: "/produits", r: `${app.url}/proposition/${TOKEN}` });
    expect((await paths()).sort()).toEqual([
      "/produits",
      "/proposition/:jeton",
      "/proposition/:jeton",
      "/proposition/:jeton",
      "/proposition/:jeton",
      "/proposition/:jeton",
    ]);
    const all = JSON.stringify(await selectRows(db, sql`select * from stat_events`), (_k, v: unknown) =>
      typeof v === "bigint" ? String(v) : v,
    );
    expect(all).not.toContain(TOKEN);
    const overview = await statisticsOverview(db, 7);
    expect(overview.pages.map((p) => p.value).sort()).toEqual(["/produits", "/proposition/:jeton"]);
    expect(overview.sources.map((s) => s.value)).toEqual([""]);
  });

  it("writes '/proposition/[jeton]' in the request log, for the page and its PDF", async () => {
    const lines: string[] = [];
    const log = app.services.log;
    // The request logger's one line per request, caught on its way out.
    const spy = vi.spyOn(log, "info").mockImplementation((object: unknown) => void lines.push(JSON.stringify(object)));
    const enabled = vi.spyOn(log, "isLevelEnabled").mockReturnValue(true);
    try {
      await app.fetch(`/proposition/${TOKEN}`);
      await app.fetch(`/proposition/${TOKEN}.pdf`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      spy.mockRestore();
      enabled.mockRestore();
    }
    const urls = lines.map((line) => (JSON.parse(line) as { url?: string }).url).filter(Boolean);
    expect(urls).toEqual(["/proposition/[jeton]", "/proposition/[jeton].pdf"]);
    expect(lines.join("\n")).not.toContain(TOKEN);
  });

  it("the migration cleans the rows that held a token: raw events, daily totals and histograms", async () => {
    const day = "2026-11-20";
    const other = "fedcba9876543210fedcba9876543210";
    await db.insert(statEvents).values([
      { day, kind: "page", visitor: 1n, path: `/proposition/${TOKEN}` },
      { day, kind: "goal", visitor: 1n, path: `/proposition/${other}.pdf`, goal: "instagram" },
      { day, kind: "page", visitor: 2n, path: "/produits" },
    ]);
    await db
      .insert(statVitals)
      .values({ day, path: `/proposition/${TOKEN}`, device: "phone", metric: "LCP", value: 1, bucket: 1 });
    const id = (key: string) => sql`md5(${key})::uuid`;
    await db.execute(sql`insert into stat_daily (id, day, dimension, value, visitors, count) values
      (${id("a")}, ${day}, 'page', ${`/proposition/${TOKEN}`}, 1, 2),
      (${id("b")}, ${day}, 'page', ${`/proposition/${other}`}, 1, 3),
      (${id("c")}, ${day}, 'page', '/produits', 4, 5),
      (${id("d")}, ${day}, 'total', '', 6, 10)`);
    await db.execute(sql`insert into stat_daily_vitals (id, day, path, device, metric, counts) values
      (${id("e")}, ${day}, ${`/proposition/${TOKEN}`}, 'phone', 'LCP', array[0, 1, 2]),
      (${id("f")}, ${day}, ${`/proposition/${other}`}, 'phone', 'LCP', array[1, 0, 3]),
      (${id("g")}, ${day}, '*', 'phone', 'LCP', array[1, 1, 5])`);

    // The migration's statements after the column it adds, as the migrator runs them.
    const migration = await readFile(
      new URL("../../server/db/migrations/0015_statistics_tokens.sql", import.meta.url),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint").slice(1)) await db.execute(sql.raw(statement));

    expect((await paths()).sort()).toEqual([
      "/produits",
      "/proposition/:jeton",
      "/proposition/:jeton",
      "/proposition/:jeton",
    ]);
    const daily = await selectRows<{ dimension: string; value: string; visitors: number; count: number; id: string }>(
      db,
      sql`select dimension, value, visitors, count, id::text from stat_daily order by dimension, value`,
    );
    expect(daily.map(({ id: _id, ...row }) => row)).toEqual([
      { dimension: "page", value: "/produits", visitors: 4, count: 5 },
      { dimension: "page", value: "/proposition/:jeton", visitors: 2, count: 5 },
      { dimension: "total", value: "", visitors: 6, count: 10 },
    ]);
    // Its id is the one the rollup would give it (archives import by id).
    const [expected] = await selectRows<{ id: string }>(
      db,
      sql`select md5(${`${day}|page|/proposition/:jeton`})::uuid::text as id`,
    );
    expect(daily[1]!.id).toBe(expected!.id);
    const vitals = await selectRows<{ path: string; counts: number[] }>(
      db,
      sql`select path, counts from stat_daily_vitals order by path`,
    );
    expect(vitals).toEqual([
      { path: "*", counts: [1, 1, 5] },
      { path: "/proposition/:jeton", counts: [1, 1, 5] },
    ]);
  });
});

describe("proposal goals are recorded by the server", () => {
  it("a GET marks nothing; the page's own POST marks it 'Vue' once and counts 'Proposition vue'; staff and robots do not", async () => {
    const token = await sendProposal();
    const status = async () => (await db.select().from(proposals).where(eq(proposals.token, token)))[0]!.status;

    // A mail scanner fetches the link.
    expect((await app.fetch(`/proposition/${token}`, { headers: browser(CHROME(0), "198.51.100.7") })).status).toBe(
      200,
    );
    expect(await status()).toBe("envoyee");
    // A robot, and the staff, post: nothing changes.
    const seen = (headers: Record<string, string>) =>
      app.fetch(`/proposition/${token}/vue`, { method: "POST", headers });
    expect((await seen({ ...browser("Mozilla/5.0 (compatible; Googlebot/2.1)", "198.51.100.7") })).status).toBe(204);
    expect((await seen({ ...browser(CHROME(0), "198.51.100.8"), cookie })).status).toBe(204);
    expect(await status()).toBe("envoyee");

    // The client's page is displayed: its page view, then its script's POST.
    await send({ t: "p", u: `/proposition/${token}`, r: "" }, { ip: "198.51.100.9" });
    expect((await seen(browser(CHROME(0), "198.51.100.9"))).status).toBe(204);
    expect((await seen(browser(CHROME(0), "198.51.100.9"))).status).toBe(204);
    expect(await status()).toBe("vue");
    // From another site: refused.
    expect((await seen({ ...browser(CHROME(0), "198.51.100.9"), origin: "https://ailleurs.example" })).status).toBe(
      403,
    );

    // 'Accepter la proposition'.
    const accepted = await app.fetch(`/proposition/${token}`, {
      method: "POST",
      headers: browser(CHROME(0), "198.51.100.9"),
      body: new URLSearchParams({ intent: "accept" }),
    });
    expect(accepted.status).toBe(200);
    expect(await status()).toBe("acceptee");

    const overview = await statisticsOverview(db, 7);
    expect(goalOf(overview, "proposition_vue")?.count.current).toBe(1);
    expect(goalOf(overview, "proposition_vue")?.visitors.current).toBe(1);
    expect(goalOf(overview, "proposition_acceptee")?.count.current).toBe(1);
    // The same after the day is rolled up.
    await rollUpStatistics(db, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    const later = await statisticsOverview(db, 7, new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
    expect(goalOf(later, "proposition_vue")?.count.current).toBe(1);
    expect(goalOf(later, "proposition_acceptee")?.count.current).toBe(1);
  });
});

describe("visitor counts resist cheap inflation", () => {
  it(`counts one address as ${VISITORS_PER_ADDRESS} visitors at most a day, whatever its user agents; other addresses count`, async () => {
    // The audit's probe: 113 beacons with rotating user agents from one address.
    for (let i = 0; i < 25; i++) await send({ t: "p", u: "/", r: "" }, { ua: CHROME(i), ip: "203.0.113.50" });
    // An office behind one address: three people.
    for (let i = 0; i < 3; i++) await send({ t: "p", u: "/contact", r: "" }, { ua: CHROME(i), ip: "203.0.113.60" });
    // IPv6: one /64 is one source.
    for (let i = 0; i < 10; i++) await send({ t: "p", u: "/", r: "" }, { ua: CHROME(i), ip: `2001:db8:1:2::${i + 1}` });
    const overview = await statisticsOverview(db, 7);
    expect(overview.visitors.current).toBe(VISITORS_PER_ADDRESS + 3 + VISITORS_PER_ADDRESS);
    expect(overview.pageViews.current).toBe(38);
    expect(overview.browsers.reduce((sum, b) => sum + b.visitors.current, 0)).toBe(VISITORS_PER_ADDRESS * 2 + 3);
    // The rollup keeps the same numbers.
    const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await rollUpStatistics(db, new Date(tomorrow.getTime() + 24 * 60 * 60 * 1000));
    const rolled = await statisticsOverview(db, 7, new Date(tomorrow.getTime() + 24 * 60 * 60 * 1000));
    expect(rolled.visitors.current).toBe(VISITORS_PER_ADDRESS * 2 + 3);
  });

  it("counts a browser goal only after a page view by the same visitor", async () => {
    await send({ t: "g", u: "/", g: "instagram" }, { ip: "203.0.113.70" });
    await send({ t: "p", u: "/", r: "" }, { ip: "203.0.113.71" });
    await send({ t: "g", u: "/", g: "instagram" }, { ip: "203.0.113.71" });
    await send({ t: "g", u: "/", g: "instagram" }, { ip: "203.0.113.71", ua: CHROME(5) });
    const overview = await statisticsOverview(db, 7);
    expect(goalOf(overview, "instagram")?.count.current).toBe(1);
  });

  it("throttles beacons per source address behind the trusted proxy", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++)
      statuses.push((await beacon({ t: "p", u: "/", r: "" }, { ip: "203.0.113.80" })).status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    // Another address is not held back by it.
    expect((await beacon({ t: "p", u: "/", r: "" }, { ip: "203.0.113.81" })).status).toBe(204);
  });
});

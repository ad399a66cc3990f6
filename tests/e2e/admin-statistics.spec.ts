import {
  chromium,
  expect,
  type Browser,
  type BrowserContextOptions,
  type LaunchOptions,
  type Page,
} from "@playwright/test";
import { readFile } from "node:fs/promises";
import { expectNoSeriousA11yViolations, login, test, waitForStatisticsCollection } from "./support";

// Real visitors in Chromium, each in a browser of their own (no shared cookie), then the staff's
// /edit-statistiques: the visitors, page views, source, campaign and device counts it shows, the Web
// Vitals of a real page load, and nothing for a robot or a browser that sets Global Privacy Control.
// It runs after the other staff specs (playwright.config.ts), and totals are read before and after (a
// change of exactly the expected amount, so a retry counts right); this run's source and campaign are
// its own, so their rows are read as they are.

// Digits only: no word of it can read as a robot's name.
const RUN = `${Date.now()}${Math.floor(Math.random() * 1e4)}`;
// Each visitor's own browser build, so that no two are the same person (nor the same as in another run):
// the headless browser's own user agent is counted as a robot.
const desktopUa = (n: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n}.${RUN.length} Safari/537.36 Run/${RUN}`;
const PHONE_UA = `Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1 Run/${RUN}`;
const ROBOT_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const SOURCE = `depliant-${RUN}`;
const CAMPAIGN = `salon-${RUN}`;

/** A page load whose page-view beacon has been stored (answered 204), its collection script running
 * (so that leaving the page sends its Web Vitals). */
async function visit(page: Page, path: string, referer?: string) {
  const stored = page.waitForResponse((r) => r.url().endsWith("/api/statistiques") && r.request().method() === "POST");
  await page.goto(path, { referer });
  expect((await stored).status()).toBe(204);
  await waitForStatisticsCollection(page);
}

/** A browser of the visitor's own. Chromium sends what a page posts as it is left (its Web Vitals) with
 * the browser's user agent and language, not the context's; the test browser's own calls itself
 * HeadlessChrome and is counted as a robot. */
const visitorBrowsers: Browser[] = [];
async function visitorBrowser(launchOptions: LaunchOptions, userAgent: string): Promise<Browser> {
  const browser = await chromium.launch({
    ...launchOptions,
    args: [...(launchOptions.args ?? []), `--user-agent=${userAgent}`, "--accept-lang=fr-CA"],
  });
  visitorBrowsers.push(browser);
  return browser;
}
test.afterAll(async () => {
  for (const browser of visitorBrowsers.splice(0)) await browser.close();
});

/** An address of its own for each visitor of this run (one address counts as five visitors a day at
 * most; the test server trusts the loopback proxy's X-Forwarded-For). */
let addresses = 0;
const ownAddress = () => {
  const n = Number(RUN.slice(-6)) * 16 + ++addresses;
  return `198.18.${(n >> 8) & 255}.${n & 255}`;
};

async function visitor(
  launchOptions: LaunchOptions,
  options: BrowserContextOptions & { userAgent: string },
  pages: [string, string?][],
) {
  const browser = await visitorBrowser(launchOptions, options.userAgent);
  const context = await browser.newContext({
    locale: "fr-CA",
    extraHTTPHeaders: { "x-forwarded-for": ownAddress() },
    ...options,
  });
  const page = await context.newPage();
  for (const [path, referer] of pages) await visit(page, path, referer);
  return { context, page };
}

type Figures = {
  visitors: number;
  views: number;
  phone: number;
  desktop: number;
  lcpSamples: number;
  galeriePhoneLcp: number;
};

async function readDashboard(page: Page): Promise<Figures> {
  await page.goto("/edit-statistiques?jours=7");
  const number = async (selector: string) => {
    const locator = page.locator(selector).first();
    return (await locator.count()) ? Number((await locator.innerText()).replace(/\s/g, "")) : 0;
  };
  const lcp = page.locator('[data-vitals-path="*"] [data-vitals-device="*"] [data-metric="LCP"]');
  const galerie = page.locator('[data-vitals-path="/galerie"] [data-vitals-device="phone"] [data-metric="LCP"]');
  return {
    visitors: await number('[data-figure="Visiteurs"]'),
    views: await number('[data-figure="Pages vues"]'),
    phone: await number('[data-table="Appareils"] tr[data-value="phone"] [data-current]'),
    desktop: await number('[data-table="Appareils"] tr[data-value="desktop"] [data-current]'),
    lcpSamples: (await lcp.count()) ? Number(await lcp.getAttribute("data-samples")) : 0,
    galeriePhoneLcp: (await galerie.count()) ? Number(await galerie.getAttribute("data-samples")) : 0,
  };
}

test("signed out, the dashboard and its export answer 'Page non trouvée' (404)", async ({ page }) => {
  const response = await page.goto("/edit-statistiques");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  expect((await page.request.get("/edit-statistiques/export?jours=30")).status()).toBe(404);
});

test("three visitors and a robot show on the dashboard as exactly three visitors, with their source, campaign, devices and Web Vitals", async ({
  page,
  browser,
  launchOptions,
}, testInfo) => {
  test.slow();
  await login(page);
  await expect(page.getByRole("link", { name: /Statistiques/ })).toBeVisible();
  const before = await readDashboard(page);

  // A: from a search engine, on a computer, one page.
  const a = await visitor(launchOptions, { userAgent: desktopUa(1) }, [["/produits", "https://www.google.com/"]]);
  // B: the flyer's link on a computer, then the contact page (leaving the first sends its Web Vitals).
  const b = await visitor(launchOptions, { userAgent: desktopUa(2) }, [
    [`/?utm_source=${SOURCE}&utm_medium=print&utm_campaign=${CAMPAIGN}`],
    ["/contact"],
  ]);
  // C: a phone, two pages; leaving each sends its Web Vitals.
  const c = await visitor(
    launchOptions,
    { userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
    [["/"], ["/galerie"]],
  );
  const vitalsSent = c.page.waitForResponse(
    (r) => r.url().endsWith("/api/statistiques") && (r.request().postData() ?? "").includes('"t":"v"'),
  );
  await c.page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  expect((await vitalsSent).status()).toBe(204);
  // A robot: its beacon is answered, not counted.
  const robot = await browser.newContext({ userAgent: ROBOT_UA, locale: "fr-CA" });
  const robotPage = await robot.newPage();
  const robotAnswered = robotPage.waitForResponse((r) => r.url().endsWith("/api/statistiques"));
  await robotPage.goto("/");
  expect((await robotAnswered).status()).toBe(204);

  // No visitor got a cookie.
  for (const context of [a.context, b.context, c.context, robot]) expect(await context.cookies()).toEqual([]);

  const after = await readDashboard(page);
  expect(after.visitors - before.visitors).toBe(3);
  expect(after.views - before.views).toBe(5);
  expect(after.phone - before.phone).toBe(1);
  expect(after.desktop - before.desktop).toBe(2);
  // B's first page load and C's two: LCP measured by Chromium, shown with its p75 and shares.
  expect(after.lcpSamples - before.lcpSamples).toBe(3);
  const sources = page.locator('[data-table="Sources des visites"]');
  await expect(sources.locator(`tr[data-value="${SOURCE}"] [data-current]`)).toHaveText("1");
  await expect(page.locator(`[data-table="Campagnes"] tr[data-value="${CAMPAIGN}"] [data-current]`)).toHaveText("1");
  expect(after.galeriePhoneLcp - before.galeriePhoneLcp).toBe(1);
  await expect(page.locator('[data-vitals-path="*"] [data-metric="LCP"]').first()).toContainText(
    /% bon · .+% à améliorer · .+% mauvais/,
  );

  // Global Privacy Control: two pages, nothing recorded.
  const gpc = await browser.newContext({ userAgent: desktopUa(3), locale: "fr-CA" });
  await gpc.addInitScript(() =>
    Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
  );
  const gpcPage = await gpc.newPage();
  let sent = 0;
  gpcPage.on("request", (r) => void (r.url().endsWith("/api/statistiques") && sent++));
  for (const path of ["/", "/contact"]) {
    await gpcPage.goto(path);
    await gpcPage.locator('html[data-app="started"]').waitFor({ state: "attached" });
  }
  await gpcPage.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await gpcPage.waitForTimeout(500);
  expect(sent).toBe(0);
  const unchanged = await readDashboard(page);
  expect(unchanged.visitors).toBe(after.visitors);
  expect(unchanged.views).toBe(after.views);

  // The period links and the CSV export.
  await page.getByRole("link", { name: "90 jours" }).click();
  await expect(page).toHaveURL(/jours=90/);
  await expect(page.getByRole("link", { name: "90 jours" })).toHaveAttribute("aria-current", "page");
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Exporter (CSV)" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^statistiques-\d{4}-\d{2}-\d{2}-au-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  expect(csv).toContain(`campagne;${CAMPAIGN};1;0;1;0`);

  await expectNoSeriousA11yViolations(page);
  await page.goto("/edit-statistiques?jours=7");
  await page.screenshot({ path: testInfo.outputPath("statistics-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: testInfo.outputPath("statistics-390.png"), fullPage: true });
  await expectNoSeriousA11yViolations(page);
  for (const context of [a.context, b.context, c.context, robot, gpc]) await context.close();
});

// The visit of 2026-12-02 that did not count: Chrome 141 on a desktop, `/` then `/produits` then
// `/notre-offre`, 1.5 s on each. Then a visitor who leaves before the app starts.
const CHROME_141 = `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36 Run/${RUN}`;

test("a scripted desktop visit counts its 3 page views and their Web Vitals; a visitor leaving before the app starts counts", async ({
  page,
  launchOptions,
}) => {
  test.slow();
  await login(page);
  const before = await readDashboard(page);

  const context = await (
    await visitorBrowser(launchOptions, CHROME_141)
  ).newContext({
    locale: "fr-CA",
    userAgent: CHROME_141,
    viewport: { width: 1280, height: 800 },
    extraHTTPHeaders: { "x-forwarded-for": ownAddress() },
  });
  const visit = await context.newPage();
  const answers: { body: string; status: number }[] = [];
  visit.on("response", (r) => {
    if (r.url().endsWith("/api/statistiques")) answers.push({ body: r.request().postData() ?? "", status: r.status() });
  });
  for (const path of ["/", "/produits", "/notre-offre"]) {
    await visit.goto(path);
    await waitForStatisticsCollection(visit);
    await visit.waitForTimeout(1500);
  }
  await visit.goto("about:blank");
  const kinds = () => answers.filter((a) => a.status === 204).map((a) => (JSON.parse(a.body) as { t: string }).t);
  await expect.poll(() => kinds().filter((t) => t === "p").length).toBe(3);
  expect(answers.every((a) => a.status === 204)).toBe(true);

  // Leaves before the app starts: its scripts never come.
  const early = await (
    await visitorBrowser(launchOptions, desktopUa(9))
  ).newContext({
    locale: "fr-CA",
    userAgent: desktopUa(9),
    extraHTTPHeaders: { "x-forwarded-for": ownAddress() },
  });
  const earlyPage = await early.newPage();
  await earlyPage.route(/\/assets\/[^?]+\.js(?:\?|$)/, () => {});
  const counted = earlyPage.waitForResponse((r) => r.url().endsWith("/api/statistiques"));
  await earlyPage.goto("/contact", { waitUntil: "commit" });
  expect((await counted).status()).toBe(204);
  expect(await earlyPage.evaluate(() => document.documentElement.dataset.app)).toBeUndefined();
  await early.close();
  await context.close();

  // Each page's Web Vitals were posted as it was left (the page no longer hears the answer).
  await expect.poll(async () => (await readDashboard(page)).lcpSamples - before.lcpSamples).toBe(3);
  const after = await readDashboard(page);
  expect(after.visitors - before.visitors).toBe(2);
  expect(after.views - before.views).toBe(4);
  expect(after.desktop - before.desktop).toBe(2);
});

test("the dashboard names each measure in plain French, with a line saying what it is", async ({ page }, testInfo) => {
  await login(page);
  await page.goto("/edit-statistiques?jours=7");
  for (const text of [
    "Personnes différentes, comptées une fois par jour.",
    "Part des visiteurs qui ont envoyé une demande.",
    "Temps avant que le plus grand élément de la page (photo, titre) soit à l'écran.",
  ])
    await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
  // Each measure's plain name, its technical name after it in small print, never as a title or a name.
  const titles = await page.getByRole("heading").allInnerTexts();
  const names = (await page.locator("[data-metric] > div > span:first-child").allInnerTexts()).map((n) =>
    n.replace(/\s+(LCP|INP|CLS|FCP|TTFB)$/, ""),
  );
  expect(names).toContain("Affichage du contenu principal");
  expect(names).toContain("Stabilité de l'affichage");
  for (const label of [...titles, ...names])
    expect(label).not.toMatch(/utm_|p75|\b(LCP|INP|CLS|FCP|TTFB)\b|Web Vitals/);
  const rate = await page.locator('[data-figure="Taux de conversion"]').innerText();
  expect(Number(rate.replace(/[^\d,]/g, "").replace(",", "."))).toBeLessThanOrEqual(100);
  await page.screenshot({ path: testInfo.outputPath("statistics-labels-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath("statistics-labels-390.png"), fullPage: true });
});

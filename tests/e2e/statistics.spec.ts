// The collection script in a real browser: what it sends (page view with its campaign, a goal, the Web
// Vitals of the load), that the endpoint accepts it, that nothing is sent under Global Privacy Control,
// and that no cookie is set. The counts the server makes of them: tests/integration/statistics.test.ts.
import { expect, test, type Page, type Request } from "@playwright/test";
import { waitForStatisticsCollection } from "./support";

// A browser's own user agent: Chromium under test calls itself HeadlessChrome, which is not counted.
const USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type Beacon = { t: string; u: string; r?: string; g?: string; v?: Record<string, number> };

function collectBeacons(page: Page) {
  const beacons: { body: Beacon; request: Request }[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/statistiques") && request.method() === "POST") {
      beacons.push({ body: JSON.parse(request.postData() ?? "null") as Beacon, request });
    }
  });
  return beacons;
}

const started = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.app === "started");

test.use({ userAgent: USER_AGENT });

test("a visit sends its page view with its campaign, a goal and its Web Vitals, and gets no cookie", async ({
  page,
  context,
}) => {
  const beacons = collectBeacons(page);
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/statistiques"));
  await page.goto("/?utm_source=depliant&utm_medium=print&utm_campaign=salon-2026");
  await waitForStatisticsCollection(page);
  expect((await answered).status()).toBe(204);
  expect(beacons.map((b) => b.body)).toEqual([
    { t: "p", u: "/?utm_source=depliant&utm_medium=print&utm_campaign=salon-2026", r: "" },
  ]);

  // A tap on the phone number (the call itself is cancelled: the test has no phone).
  await page.evaluate(() => {
    const link = document.querySelector<HTMLAnchorElement>('a[href^="tel:"]')!;
    link.addEventListener("click", (event) => event.preventDefault());
    link.click();
  });
  await expect
    .poll(() => beacons.find((b) => b.body.t === "g")?.body)
    .toEqual({
      t: "g",
      u: "/",
      g: "appel_telephone",
    });

  // Leaving the page sends the load's Web Vitals, once.
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await expect.poll(() => beacons.filter((b) => b.body.t === "v").length).toBe(1);
  const vitals = beacons.find((b) => b.body.t === "v")!.body;
  expect(vitals.u).toBe("/");
  for (const metric of ["TTFB", "FCP", "LCP", "CLS"]) expect(typeof vitals.v![metric]).toBe("number");
  expect(vitals.v!.LCP).toBeGreaterThan(0);

  expect(await context.cookies()).toEqual([]);
});

test(
  "nothing is sent when the browser sets Global Privacy Control",
  { tag: "@any-width" },
  async ({ page, context }) => {
    await page.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, "globalPrivacyControl", { get: () => true }),
    );
    const beacons = collectBeacons(page);
    await page.goto("/contact");
    await started(page);
    await page.goto("/galerie");
    await started(page);
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    await page.waitForTimeout(500);
    expect(beacons).toEqual([]);
    expect(await context.cookies()).toEqual([]);
  },
);

test("no public page sets a cookie", { tag: "@any-width" }, async ({ page, context }) => {
  const setCookies: string[] = [];
  page.on("response", async (response) => {
    const header = await response.headerValue("set-cookie");
    if (header) setCookies.push(`${response.url()}: ${header}`);
  });
  for (const path of [
    "/",
    "/produits",
    "/machines",
    "/galerie",
    "/notre-offre",
    "/contact",
    "/politique-de-confidentialite",
    "/page-inexistante",
  ]) {
    await page.goto(path);
    await started(page);
  }
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.waitForTimeout(300);
  expect(setCookies).toEqual([]);
  expect(await context.cookies()).toEqual([]);
});

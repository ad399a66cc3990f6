import AxeBuilder from "@axe-core/playwright";
import { test as base, devices, expect, type Browser, type Page, type Response } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";
import { readdir, readFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";

export const ADMIN = { username: "admin", password: "e2e-mot-de-passe" };

/** Signs the admin in with a session from the login endpoint (the form itself is tested in
 * shell.spec.ts and csp.spec.ts), then opens the staff panel where the form's redirect leads. The
 * session cookie lands in the page's browser context. */
export async function login(page: Page) {
  const response = await page.request.post("/login", { form: ADMIN, maxRedirects: 0 });
  expect(response.status(), "the login endpoint signs the admin in").toBe(302);
  expect(response.headers()["location"]).toBe("/edit");
  await page.goto("/edit");
}

/** No serious or critical accessibility violation on the page as it is now, once its colour and
 * fade transitions have ended (mid-way, axe measures a text against half its background: a selected
 * list option turning dark, a dialog fading in). Endless animations (spinners, skeletons) do not wait. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Infinity),
  );
  // Toasts are transient: while sonner stacks them, the ones behind fade out and axe measures the fading
  // text. Their colours are fixed in app/components/ui/toaster.tsx (dark on white).
  const results = await new AxeBuilder({ page }).exclude("[data-sonner-toaster]").analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    ),
  ).toEqual([]);
}

/** Visible texts of the page where a line could break before ; : ! ? » or after « (French typography
 * wants a no-break space there), with a few characters around each. */
export function breakableFrenchSpaces(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const bad: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // Not text a reader sees, or text a person typed (a field's value is theirs to set).
      if (!parent || parent.closest("script, style, noscript, template, textarea, pre, code")) continue;
      for (const match of (node.textContent ?? "").matchAll(/[ \t\n][;:!?»]|«[ \t\n]/g)) {
        const text = node.textContent!;
        bad.push(text.slice(Math.max(0, match.index - 20), match.index + 10).trim());
      }
    }
    return bad;
  });
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 1024;

/** Resolves once the app has started: the root marks the page (`<html data-app="started">`) after
 * hydration, so a click exercises the app's script rather than the no-JavaScript fallback. (A click on
 * a part React has not hydrated yet is replayed by React once it has.) */
export async function waitForAppHydration(page: Page) {
  await page.locator('html[data-app="started"]').waitFor({ state: "attached" });
}

/** Waits until the statistics' collection script runs on the page: it loads once the app has started,
 * then listens for taps and for the page being left. Importing the module again resolves after the
 * app's own import of it has run. */
export async function waitForStatisticsCollection(page: Page) {
  await waitForAppHydration(page);
  const script = await page.waitForFunction(
    () =>
      performance.getEntriesByType("resource").find((entry) => /\/assets\/collect-[\w-]+\.js$/.test(entry.name))?.name,
  );
  await page.evaluate(async (src) => void (await import(src)), (await script.jsonValue())!);
}

/** Holds the app's scripts back until `release()`: the page is painted and works as HTML alone, as on
 * a slow phone before the app has started. */
export async function holdAppScripts(page: Page): Promise<{ release(): Promise<void> }> {
  let open!: () => void;
  const released = new Promise<void>((resolve) => (open = resolve));
  await page.route(/\/assets\/[^?]+\.js(?:\?|$)/, async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have gone meanwhile
  });
  return {
    async release() {
      open();
      await waitForAppHydration(page);
    },
  };
}

/** Playwright's test, where `page.goto` of an HTML page, and `page.reload` unless it asks for an earlier
 * point than the load, also wait for hydration: the app starts after the first paint, and a test clicks
 * as soon as it can, faster than anyone would (a click on a button before then does nothing). */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const isHtml = (response: Response | null) => response?.headers()["content-type"]?.startsWith("text/html");
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (isHtml(response)) await waitForAppHydration(page);
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        const early = options?.waitUntil === "commit" || options?.waitUntil === "domcontentloaded";
        if (!early && isHtml(response)) await waitForAppHydration(page);
        return response;
      };
    }
    await use(page);
  },
});

/** The folder where the site at `baseURL` drops each email it sent (tests/e2e/server.mjs). */
const mailFolder = (baseURL: string) => new URL(`../../test-results/mail-${new URL(baseURL).port}/`, import.meta.url);

/** Every email the site at `baseURL` has sent so far, oldest first, as its SMTP server received them. */
async function receivedEmails(baseURL: string): Promise<ParsedMail[]> {
  const folder = mailFolder(baseURL);
  const names = (await readdir(folder)).filter((name) => name.endsWith(".eml")).sort();
  return Promise.all(names.map(async (name) => simpleParser(await readFile(new URL(name, folder)))));
}

/** Waits for the site at `baseURL` to have sent an email to `to` (whose subject matches, if given);
 * returns the newest such. */
export async function waitForEmail(
  baseURL: string,
  { to, subject }: { to: string; subject?: string | RegExp },
  timeoutMs = 15_000,
): Promise<ParsedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await receivedEmails(baseURL)).filter(
      (mail) =>
        [mail.to ?? []].flat().some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase())) &&
        (subject === undefined ||
          (typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject ?? ""))),
    );
    if (found.length > 0) return found.at(-1)!;
    if (Date.now() > until) throw new Error(`No email to ${to} reached the SMTP server in ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** A suffix that no other run or retry of a test uses (an address, a name). */
export const uniqueSuffix = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A page of its own browser context, as a phone (under 600 px: a Pixel 7 drawn at 1×) or a desktop. */
export async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext(
    width < 600
      ? { ...devices["Pixel 7"], deviceScaleFactor: 1, viewport: { width, height: 844 }, locale: "fr-CA" }
      : { viewport: { width, height: 800 }, locale: "fr-CA" },
  );
  return { context, page: await context.newPage() };
}

import { expect, test, type Browser, type Page, type TestInfo } from "@playwright/test";

// Each page carries inline only the style rules of its own markup; the whole stylesheet comes after the
// first paint. Before it comes (and for good when it cannot), the page must look exactly as with it.
const PAGES = [
  "/",
  "/galerie",
  "/notre-offre",
  "/contact",
  "/confirmation",
  "/politique-de-confidentialite",
  "/login",
  "/produits",
  "/machines",
];

// Enough of the computed style to see any missing rule: box, layout, type and colour.
const PROPERTIES = [
  "display",
  "position",
  "top",
  "left",
  "width",
  "height",
  "margin",
  "padding",
  "border-width",
  "border-color",
  "border-radius",
  "box-shadow",
  "grid-template-columns",
  "flex-direction",
  "gap",
  "align-items",
  "justify-content",
  "overflow",
  "opacity",
  "visibility",
  "transform",
  "z-index",
  "color",
  "background-color",
  "background-image",
  "font-family",
  "font-size",
  "font-weight",
  "line-height",
  "letter-spacing",
  "text-transform",
  "text-align",
  "object-fit",
  "aspect-ratio",
];

/** The computed style of every element, with the app's scripts blocked so nothing changes meanwhile. */
async function computedStyles(page: Page, path: string, { wholeStylesheet }: { wholeStylesheet: boolean }) {
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
  await page.route(/\/assets\/app-[\w-]+\.css$/, (route) => (wholeStylesheet ? route.continue() : route.abort()));
  await page.goto(path);
  // The inline bootstrap adds the whole stylesheet once the page has painted.
  await expect(page.locator('link[rel="stylesheet"][href*="/assets/app-"]')).toHaveCount(1);
  if (wholeStylesheet) {
    await page.waitForFunction(() => [...document.styleSheets].some((sheet) => sheet.href?.includes("/assets/app-")));
  }
  // Once the stylesheet has loaded or failed, the bootstrap adds the app's module script (blocked here):
  // both pages are read after it, with the same elements.
  await page.waitForFunction(() => document.querySelector('body > script[type="module"]') !== null);
  await page.evaluate(() => document.fonts.ready);
  return page.evaluate((properties) => {
    return [...document.body.querySelectorAll("*")].map((element) => {
      const style = getComputedStyle(element);
      return `${element.tagName.toLowerCase()}.${element.getAttribute("class") ?? ""} ${properties.map((p) => style.getPropertyValue(p)).join("|")}`;
    });
  }, PROPERTIES);
}

async function expectSameStyles(browser: Browser, testInfo: TestInfo, path: string) {
  // Reduced motion stops the skeletons' pulse, which would differ with the moment of reading.
  const options = { ...testInfo.project.use, reducedMotion: "reduce" as const };
  const alone = await browser.newContext(options);
  const whole = await browser.newContext(options);
  try {
    const withInlineRules = await computedStyles(await alone.newPage(), path, { wholeStylesheet: false });
    const withWholeStylesheet = await computedStyles(await whole.newPage(), path, { wholeStylesheet: true });
    expect(withInlineRules.length).toBeGreaterThan(50);
    expect(withInlineRules).toEqual(withWholeStylesheet);
  } finally {
    await alone.close();
    await whole.close();
  }
}

for (const path of PAGES) {
  test(`${path} looks the same with its inline rules alone as with the whole stylesheet`, async ({
    browser,
  }, testInfo) => {
    await expectSameStyles(browser, testInfo, path);
  });
}

// Pages whose address comes from the content: found in the sitemap.
for (const [name, address] of [
  ["a machine page", /\/machines\/[0-9a-f-]{36}\/[0-9a-f-]{36}/],
  ["a product page", /\/produits\/[0-9a-f-]{36}/],
] as const) {
  test(`${name} looks the same with its inline rules alone as with the whole stylesheet`, async ({
    browser,
    request,
  }, testInfo) => {
    const path = address.exec(await (await request.get("/sitemap.xml")).text())?.[0];
    expect(path, `${name} in the sitemap`).toBeTruthy();
    await expectSameStyles(browser, testInfo, path!);
  });
}

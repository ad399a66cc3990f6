// The site's fonts come in files chosen by character (app/fonts.css): a French page downloads only the two
// small French files it preloads; a rarer letter brings the file that has it, only when a page shows one.
import { expect, type Page } from "@playwright/test";
import { test } from "./support";

/** The font files the page has asked for so far (names without their build hash). */
function fontRequests(page: Page) {
  const names: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.endsWith(".woff2"))
      names.push(
        url.pathname
          .split("/")
          .pop()!
          .replace(/-[\w-]{8}\.woff2$/, ""),
      );
  });
  return names;
}

for (const path of ["/", "/galerie", "/notre-offre", "/produits"]) {
  test(
    `${path} downloads only the two French font files, and its text is set in them`,
    { tag: "@any-width" },
    async ({ page }) => {
      const requested = fontRequests(page);
      await page.goto(path);
      await page.evaluate(() => document.fonts.ready);
      expect(requested.sort()).toEqual(["fraunces-french-wght-400-600", "inter-french-wght-400-700"]);
      const loaded = await page.evaluate(() =>
        [...document.fonts]
          .filter((face) => face.status === "loaded" && face.family.includes("Variable"))
          .map((face) => `${face.family.replaceAll('"', "")} ${face.weight}`)
          .sort(),
      );
      expect(loaded).toEqual(["Fraunces Variable 400 600", "Inter Variable 400 700"]);
    },
  );
}

test(
  "French letters and signs need nothing more; a rarer letter brings the file that has it",
  { tag: "@any-width" },
  async ({ page }) => {
    const requested = fontRequests(page);
    await page.goto("/politique-de-confidentialite");
    await page.evaluate(() => document.fonts.ready);
    const before = requested.length;

    // œ is also in the package's extended Latin range; app/fonts.css leaves it out there, so the French file serves it.
    await page.evaluate(() =>
      document.fonts.load('600 20px "Fraunces Variable"', "Œuvre, cœur : « À bientôt » – 12,50 $ … €"),
    );
    await page.evaluate(() => document.fonts.load('20px "Inter Variable"', "Çà et là, l’été ÿ ï û ô î ê â æ"));
    expect(requested.slice(before)).toEqual([]);

    await page.evaluate(() => document.fonts.load('20px "Inter Variable"', "Piñata"));
    await expect.poll(() => requested.slice(before)).toEqual(["inter-latin-wght-normal"]);
    await page.evaluate(() => document.fonts.load('600 20px "Fraunces Variable"', "Łukasz"));
    await expect
      .poll(() => requested.slice(before))
      .toEqual(["inter-latin-wght-normal", "fraunces-latin-ext-wght-normal"]);
  },
);

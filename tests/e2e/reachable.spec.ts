// Every control of the public pages can be reached at every width from 320 to 1440 px: nothing fixed
// or floating (the Instagram button, toasts, sticky bars) covers a link, a button or a field. The spec
// sets its own widths, so it runs once (@any-width).
import { expect } from "@playwright/test";
import { expectEveryControlReachable } from "./reachable";
import { test, waitForAppHydration } from "./support";

const PAGES = [
  "/",
  "/produits",
  "/machines",
  "/notre-offre",
  "/galerie",
  "/about",
  "/contact",
  "/confirmation",
  "/politique-de-confidentialite",
  "/login",
];

for (const path of PAGES) {
  test(`every control of ${path} can be reached from 320 to 1440 px`, { tag: "@any-width" }, async ({ page }) => {
    test.setTimeout(120_000);
    await expectEveryControlReachable(page, path, waitForAppHydration);
  });
}

test("a product's and a machine's pages: every control can be reached", { tag: "@any-width" }, async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto("/produits");
  const product = await page.locator('a[href^="/produits/"]').first().getAttribute("href");
  await page.goto("/machines");
  const category = await page.locator('a[href^="/machines/"]').first().getAttribute("href");
  expect(product && category).toBeTruthy();
  for (const path of [product!, category!]) await expectEveryControlReachable(page, path, waitForAppHydration);
});

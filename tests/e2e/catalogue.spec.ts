// /produits and /produits/{id} in a real browser, signed out (the routes are public).
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, isPhone, test } from "./support";

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

const count = (page: Page) => page.getByTestId("nombre-resultats");
const pageLabel = (page: Page) => page.getByTestId("page-courante");
const productNames = (page: Page) => page.getByTestId("liste-produits").getByRole("heading", { level: 2 });

async function totalOf(page: Page): Promise<number> {
  const text = (await count(page).textContent()) ?? "";
  return Number(text.replace(/\D+produit.*$/, "").replace(/\D/g, ""));
}
/** The router shows the new address before React draws the new list: a filter is checked on the list
 * by waiting until every row shown passes `rule`, and at least one is shown unless `orNone`. */
async function expectEveryRow(
  rows: () => Promise<string[]>,
  rule: (row: string) => boolean,
  { orNone = false }: { orNone?: boolean } = {},
) {
  await expect
    .poll(async () => {
      const texts = await rows();
      return (orNone || texts.length > 0) && texts.every(rule);
    })
    .toBe(true);
}

/** Marks the document: the mark survives client navigations and disappears on a full reload. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
async function expectSameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
}

async function openFiltersIfPhone(page: Page) {
  if (!isPhone(page)) return;
  const toggle = page.getByRole("button", { name: /^Filtres/ });
  if ((await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
}

/** Product pages listed in the sitemap (every product is there). */
async function productPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>[^<]*?(\/produits\/[0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
}

test("the list shows the count, the page, rows with price and tags, and passes axe", async ({ page }) => {
  const response = await page.goto("/produits");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(count(page)).toHaveText(/^\d[\d ]* produit\(s\) trouvé\(s\)$/);
  await expect(pageLabel(page)).toHaveText(/^Page 1 sur \d+$/);
  const total = await totalOf(page);
  await expect(productNames(page)).toHaveCount(Math.min(25, total));
  // Prices with 2 decimals in fr-CA.
  await expect(
    page
      .getByTestId("liste-produits")
      .getByText(/^\d+,\d{2}\s\$$/)
      .locator("visible=true")
      .first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("name search, tags and top 10 update the list without a reload; the back button restores; 'Effacer' clears", async ({
  page,
}) => {
  await page.goto("/produits");
  const total = await totalOf(page);
  const firstName = (await productNames(page).first().textContent())!.trim();
  const word = fold(firstName.split(/\s+/).find((w) => w.length >= 3) ?? firstName).slice(0, 5);
  await markDocument(page);

  // Name search (accents and case ignored), debounced.
  await page.getByLabel("Rechercher par nom").fill(word.toUpperCase());
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(word.toUpperCase())}`));
  await expectEveryRow(
    () => productNames(page).allTextContents(),
    (name) => fold(name).includes(word),
  );
  const searched = await totalOf(page);
  expect(searched).toBeLessThanOrEqual(total);

  // A tag: any selected tag matches.
  await openFiltersIfPhone(page);
  const tags = page.getByRole("group", { name: "Étiquettes" }).getByRole("checkbox");
  await page.getByLabel("Rechercher par nom").fill("");
  await expect(page).not.toHaveURL(/q=/);
  await expect(count(page)).toHaveText(new RegExp(`^${total.toLocaleString("fr-CA").replace(/\s/g, "\\s")} produit`));
  const tag = tags.first();
  const tagName = (await tag.getAttribute("value"))!;
  await tag.check({ force: true });
  await expect(page).toHaveURL(new RegExp(`[?&]tag=${encodeURIComponent(tagName).replace(/%20/g, "(\\+|%20)")}`));
  await expect(tag).toBeChecked();
  const tagged = await totalOf(page);
  expect(tagged).toBeLessThanOrEqual(total);

  // Top 10 on top of it.
  const top10 = page.getByRole("checkbox", { name: "Top 10 vendeurs" });
  await top10.check({ force: true });
  await expect(page).toHaveURL(/top10=1/);
  await expect(top10).toBeChecked();
  const items = page.getByTestId("liste-produits").locator("li:has(h2)");
  await expectEveryRow(
    () => items.evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText)),
    (row) => row.toLowerCase().includes("top 10"),
    // The first tag may have no top seller: then the list is empty, and says so.
    { orNone: true },
  );
  if ((await items.count()) === 0) await expect(count(page)).toHaveText("0 produit(s) trouvé(s)");

  // Back: top 10 off, tag still on; back again: tag off.
  await page.goBack();
  await expect(page).not.toHaveURL(/top10/);
  await expect(top10).not.toBeChecked();
  await expect(tag).toBeChecked();
  await page.goBack();
  await expect(page).not.toHaveURL(/tag=/);
  await expect(tag).not.toBeChecked();
  await page.goForward();
  await expect(tag).toBeChecked();

  // 'Effacer' clears everything.
  await page.getByRole("link", { name: "Effacer" }).first().click();
  await expect(page).toHaveURL(/\/produits$/);
  await expect(tag).not.toBeChecked();
  await expect(page.getByLabel("Rechercher par nom")).toHaveValue("");
  await expect.poll(() => totalOf(page)).toBe(total);
  await expectSameDocument(page);
});

test("a search without results shows the empty state", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/produits?q=zzzzzzzz-introuvable");
  await expect(page.getByText("Aucun produit trouvé avec les critères sélectionnés")).toBeVisible();
  await expect(count(page)).toHaveText("0 produit(s) trouvé(s)");
  await expectNoSeriousA11yViolations(page);
});

test("price range: min and max in the URL, typed in the filter", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/produits");
  await markDocument(page);
  await openFiltersIfPhone(page);
  await page.getByLabel("Prix min. ($)").fill("2");
  await expect(page).toHaveURL(/min=2/);
  await page.getByLabel("Prix max. ($)").fill("3,5");
  await expect(page).toHaveURL(/max=3\.5/);
  const prices = page
    .getByTestId("liste-produits")
    .getByText(/^\d+,\d{2}\s\$$/)
    .locator("visible=true");
  const value = (text: string) => Number(text.replace(/[^\d,]/g, "").replace(",", "."));
  // The demo has products between 2 $ and 3,50 $.
  await expectEveryRow(
    () => prices.allTextContents(),
    (text) => value(text) >= 2 && value(text) <= 3.5,
  );
  await expectSameDocument(page);
});

test("pagination: next, a page number, previous and the back button", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/produits");
  const pages = Number((await pageLabel(page).textContent())!.replace(/^.* sur /, ""));
  expect(pages, "the demo content has more than 25 products").toBeGreaterThanOrEqual(2);
  const firstOnPage1 = await productNames(page).first().textContent();
  await page.getByRole("link", { name: "Suivant" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(pageLabel(page)).toHaveText(`Page 2 sur ${pages}`);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  expect(await productNames(page).first().textContent()).not.toBe(firstOnPage1);
  await page.getByRole("link", { name: "Précédent" }).click();
  await expect(pageLabel(page)).toHaveText(`Page 1 sur ${pages}`);
  await page.goBack();
  await expect(pageLabel(page)).toHaveText(`Page 2 sur ${pages}`);
  await page.getByRole("link", { name: "Page 1", exact: true }).click();
  await expect(page).toHaveURL(/\/produits$/);
  // At most 5 page links.
  expect(
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: /^Page \d+$/ })
      .count(),
  ).toBeLessThanOrEqual(5);
});

test("bad parameters are clamped or ignored, never an error page", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto(
    `/produits?page=-3&min=abc&max=-2&tag=inconnu&top10=peut-etre&q=${"x".repeat(3000)}`,
  );
  expect(response?.status()).toBe(200);
  await expect(pageLabel(page)).toHaveText(/^Page 1 sur \d+$/);
  const late = await page.goto("/produits?page=99999&min=9&max=1");
  expect(late?.status()).toBe(200);
  await expect(count(page)).toBeVisible();
});

test("phone: a collapsible filter bar; desktop: a side panel always open", async ({ page }) => {
  await page.goto("/produits");
  const panel = page.getByTestId("filtres-panneau");
  const search = page.getByLabel("Rechercher par nom");
  await expect(search).toBeVisible();
  if (isPhone(page)) {
    const toggle = page.getByRole("button", { name: /^Filtres/ });
    await expect(panel).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await expect(page.getByLabel("Prix min. ($)")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Top 10 vendeurs" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await toggle.click();
    await expect(panel).toBeHidden();
  } else {
    await expect(page.getByRole("button", { name: /^Filtres/ })).toBeHidden();
    await expect(panel).toBeVisible();
    // The side panel stays in view while the list scrolls.
    await page.mouse.wheel(0, 1500);
    await expect(page.getByLabel("Prix min. ($)")).toBeInViewport();
  }
});

test("product detail: carousel wraps, dots, swipe, badge and banner; axe", async ({ page }) => {
  // A product with two pictures (main and nutrition).
  let found = false;
  for (const path of (await productPaths(page)).slice(0, 60)) {
    await page.goto(path);
    if ((await page.getByRole("button", { name: "Afficher l'image 2" }).count()) > 0) {
      found = true;
      break;
    }
  }
  expect(found, "the demo content has a product with two pictures").toBe(true);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("prix")).toHaveText(/^\d+,\d{2}\s\$$/);
  const position = page.getByTestId("carousel-position");
  await expect(position).toHaveText("1 / 2");
  await page.getByRole("button", { name: "Média précédent" }).click();
  await expect(position).toHaveText("2 / 2");
  await page.getByRole("button", { name: "Média suivant" }).click();
  await expect(position).toHaveText("1 / 2");
  await page.getByRole("button", { name: "Afficher l'image 2" }).click();
  await expect(page.getByRole("button", { name: "Afficher l'image 2" })).toHaveAttribute("aria-current", "true");
  await expect(position).toHaveText("2 / 2");

  // Swipe left on the picture: next (wrapping to the first).
  const stage = page.getByTestId("carousel-stage");
  await stage.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const touch = (x: number) => new Touch({ identifier: 1, target: element, clientX: x, clientY: y });
    element.dispatchEvent(
      new TouchEvent("touchstart", {
        bubbles: true,
        touches: [touch(box.right - 20)],
        changedTouches: [touch(box.right - 20)],
      }),
    );
    element.dispatchEvent(
      new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(box.left + 20)] }),
    );
  });
  await expect(position).toHaveText("1 / 2");
  await expectNoSeriousA11yViolations(page);
});

test("a top-10 product shows its badge and banner", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/produits?top10=1");
  const first = page.getByTestId("liste-produits").getByRole("link").first();
  await expect(first, "the demo content has a best-seller").toBeVisible();
  await first.click();
  await expect(page.getByTestId("bandeau-top10")).toBeVisible();
  await expect(page.getByText("Top 10", { exact: true }).locator("visible=true").first()).toBeVisible();
});

test(
  "unknown and malformed product ids answer 'Produit non trouvé' with status 404",
  { tag: "@any-width" },
  async ({ page }) => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-id"]) {
      const response = await page.goto(`/produits/${id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Produit non trouvé" })).toBeVisible();
    }
    await page.getByRole("link", { name: "Retour aux produits" }).click();
    await expect(page).toHaveURL(/\/produits$/);
    await expectNoSeriousA11yViolations(page);
  },
);

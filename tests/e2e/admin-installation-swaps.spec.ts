import { devices, expect, type Browser, type Page } from "@playwright/test";
import { installedMachine } from "./installed-machine";
import { expectEveryControlReachable } from "./reachable";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration } from "./support";

// From wishes to the planogram, on the owner's phone and on a desktop: people at a machine suggest
// products on its public page (without JavaScript), the installation's page lists them with their votes,
// 'Prévoir' picks one for a swap, a slot is chosen (refused in French without one), the swap is listed
// with 'Marquer fait' and 'Annuler'; marked done, the layout and the history follow, and the machine's
// public page says « Nouveau dans cette machine ». Pictures of each screen go to the test's output folder.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext(
    width < 600
      ? { ...devices["Pixel 7"], viewport: { width, height: 844 }, locale: "fr-CA" }
      : { viewport: { width, height: 800 }, locale: "fr-CA" },
  );
  return { context, page: await context.newPage() };
}

/** Text as an HTML page writes it ('Barre tendre à l&#x27;érable'), as read. */
const decodeHtml = (text: string) =>
  text.replace(/&(#x?[0-9a-f]+|amp|quot|lt|gt);/gi, (_, code: string) =>
    code[0] === "#"
      ? String.fromCodePoint(Number(code[1] === "x" ? `0${code.slice(1)}` : code.slice(1)))
      : ({ amp: "&", quot: '"', lt: "<", gt: ">" } as Record<string, string>)[code.toLowerCase()]!,
  );

/** Catalogue products (id and name) from the catalogue's list and pages. */
async function catalogueProducts(page: Page, count: number) {
  const list = await (await page.request.get("/produits")).text();
  const ids = [...new Set([...list.matchAll(/href="\/produits\/([0-9a-f-]{36})"/g)].map((m) => m[1]!))];
  const products: { id: string; name: string }[] = [];
  for (const id of ids.slice(0, count)) {
    const html = await (await page.request.get(`/produits/${id}`)).text();
    products.push({ id, name: decodeHtml(/<h1[^>]*>([^<]+)<\/h1>/.exec(html)![1]!.trim()) });
  }
  return products;
}

/** Someone at the machine, without JavaScript: a catalogue product found and voted for, a name typed. */
async function suggest(browser: Browser, code: string, product: string, typed: string) {
  const context = await browser.newContext({ locale: "fr-CA", javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`/m/${code}?formulaire=suggestion`);
  await page.getByRole("searchbox", { name: "Chercher dans notre catalogue" }).fill(product);
  await page.getByRole("button", { name: "Chercher" }).click();
  await page.getByRole("button", { name: `Voter pour ${product}`, exact: true }).click();
  await expect(page.getByRole("heading", { name: /Merci pour votre suggestion/ })).toBeVisible();
  await page.goto(`/m/${code}?formulaire=suggestion`);
  await page.getByLabel("Le produit que vous aimeriez").fill(typed);
  await page.getByRole("button", { name: "Envoyer ma suggestion" }).click();
  await expect(page.getByRole("heading", { name: /Merci pour votre suggestion/ })).toBeVisible();
  await context.close();
}

for (const width of [1280, 390]) {
  test(`suggestions become a swap planned, done and shown as new at the machine (${width} px)`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { context, page } = await staffPage(browser, width);
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await login(page);
    const [inMachine, wished, other] = await catalogueProducts(page, 3);
    const { id, code } = await installedMachine(page, inMachine!.id);
    const typed = `Kombucha ${unique()}`;
    await suggest(browser, code, wished!.name, typed);

    // The suggestions, with their votes; a typed name is searched in the catalogue.
    await page.reload();
    await waitForAppHydration(page);
    const suggestions = page.getByRole("region", { name: "Produits suggérés" });
    await expect(suggestions.getByRole("listitem")).toHaveCount(2);
    await expect(suggestions.getByRole("listitem").filter({ hasText: typed })).toContainText("hors catalogue");
    await expect(suggestions.getByRole("link", { name: `Chercher au catalogue : ${typed}` })).toBeVisible();

    // 'Prévoir' picks the product; sent without a slot, the form says so in French.
    await suggestions.getByRole("link", { name: `Prévoir un échange avec ${wished!.name}` }).click();
    const planner = page.getByRole("region", { name: "Prévoir un échange" });
    await expect(planner.getByTestId("swap-product")).toHaveText(wished!.name);
    // The keyboard goes on from the slot to choose.
    await expect(planner.getByLabel("Emplacement à changer")).toBeFocused();
    await planner.getByRole("button", { name: "Prévoir l'échange" }).click();
    await expect(planner.getByText("Choisissez l'emplacement à changer.")).toBeVisible();
    await expect(planner.getByLabel("Emplacement à changer")).toHaveAttribute("aria-invalid", "true");
    const slot = planner.getByLabel("Emplacement à changer");
    await expect(slot.locator('option[value="0:0"]')).toHaveText(`Emplacement 1 — ${inMachine!.name}`);
    await slot.selectOption("0:0");
    await planner.getByRole("button", { name: "Prévoir l'échange" }).click();
    await expect(page.getByText("Échange prévu pour la prochaine visite")).toBeVisible();
    const planned = page.getByRole("region", { name: "Échanges prévus" });
    await expect(planned.getByRole("listitem")).toHaveCount(1);
    await expect(planned.getByRole("listitem")).toContainText("Section 1, emplacement 1");
    await expect(planned.getByRole("listitem")).toContainText(wished!.name);
    await expect(suggestions.getByRole("listitem").filter({ hasText: wished!.name })).toContainText("Échange prévu");
    // The form starts again: a catalogue search.
    await expect(page).toHaveURL(new RegExp(`/edit-installations/${id}$`));

    // A second swap from a catalogue search, then cancelled.
    const search = planner.getByRole("searchbox", { name: "Chercher un produit au catalogue" });
    await search.fill(other!.name);
    await search.press("Enter");
    await planner.getByRole("link", { name: `Choisir ${other!.name}`, exact: true }).click();
    await expect(planner.getByTestId("swap-product")).toHaveText(other!.name);
    await expect(slot.locator('option[value="0:1"]')).toHaveText("Emplacement 2 — vide");
    await slot.selectOption("0:1");
    await planner.getByRole("button", { name: "Prévoir l'échange" }).click();
    await expect(planned.getByRole("listitem")).toHaveCount(2);
    await expectNoSeriousA11yViolations(page);
    await fitsWidth();
    await shot("swaps-planned");
    await planned
      .getByRole("listitem")
      .filter({ hasText: "emplacement 2" })
      .getByRole("button", { name: "Annuler" })
      .click();
    await expect(page.getByText("Échange annulé", { exact: true })).toBeVisible();
    await expect(planned.getByRole("listitem")).toHaveCount(1);

    // Done: the layout and the history follow.
    await planned.getByRole("button", { name: "Marquer fait" }).click();
    await expect(page.getByText("Échange fait : la disposition est à jour".replace(" :", "\u00a0:"))).toBeVisible();
    await expect(planned.getByText("Aucun échange prévu pour la prochaine visite.")).toBeVisible();
    await expect(planned.getByRole("heading", { name: "Échanges prévus" })).toBeFocused();
    await expect(page.getByTestId("installation-history")).toContainText(
      `Échange fait\u00a0: section 1, emplacement 1 — ${inMachine!.name} → ${wished!.name}`,
    );
    await expect(suggestions.getByRole("listitem").filter({ hasText: wished!.name })).toContainText("Dans la machine");
    await expect(page.getByRole("region", { name: "Disposition" })).toContainText(wished!.name);
    await fitsWidth();
    await shot("swap-done");

    // The machine's public page, to someone in front of it.
    const visitor = await browser.newContext({ viewport: { width, height: 844 }, locale: "fr-CA" });
    const machine = await visitor.newPage();
    await machine.goto(`/m/${code}`);
    await expect(machine.getByTestId("new-in-machine")).toHaveText(
      `Nouveau dans cette machine\u00a0: ${wished!.name}.`,
    );
    await machine.screenshot({ path: testInfo.outputPath(`machine-new-${width}.png`), fullPage: true });
    await visitor.close();
    await context.close();
  });
}

test("every control of an installation's page with suggestions and swaps can be reached from 320 to 1440 px", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  await login(page);
  const [inMachine, wished] = await catalogueProducts(page, 2);
  const { id, code } = await installedMachine(page, inMachine!.id);
  await suggest(browser, code, wished!.name, `Kombucha ${unique()}`);
  const planned = await page.request.post(`/edit-installations/${id}`, {
    form: { intent: "prevoir-echange", id, emplacement: "0:3", product_id: wished!.id },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(planned.status()).toBe(200);
  await expectEveryControlReachable(page, `/edit-installations/${id}?produit=${wished!.id}`, waitForAppHydration);
});

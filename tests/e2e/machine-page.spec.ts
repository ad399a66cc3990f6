import { devices, expect, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { installedMachine } from "./installed-machine";
import { expectNoSeriousA11yViolations, isPhone, login, test } from "./support";

// A machine's public page (/m/{code}) as the person in front of the machine uses it, on a phone and a
// desktop, with JavaScript on and off: the code as typed leads to the page, the products are listed, a
// problem sent without its kind is answered in French with the text kept, then stored with its
// reference and promised response; a product wished for is counted; a product the staff swapped in is
// « Nouveau dans cette machine »; on a phone, a photo is joined to a problem. The installation is made by the staff first (by hand, its layout saved,
// marked installed), since the e2e site seeds none.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let machine: { id: string; code: string; product: string };

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-CA" });
  const staff = await context.newPage();
  await login(staff);
  machine = await installedMachine(staff);
  await context.close();
});

/** A visitor's browser (no staff session), a 390 × 844 phone or this project's desktop, with or without
 * JavaScript. */
async function visitor(browser: Browser, page: Page, javaScriptEnabled: boolean) {
  return browser.newContext({
    viewport: isPhone(page) ? { width: 390, height: 844 } : page.viewportSize()!,
    isMobile: isPhone(page),
    hasTouch: isPhone(page),
    locale: "fr-CA",
    javaScriptEnabled,
  });
}

for (const javaScriptEnabled of [true, false]) {
  const label = javaScriptEnabled ? "with JavaScript" : "without JavaScript";
  test(`a problem is reported and a product wished for at the machine, ${label}`, async ({
    browser,
    page: projectPage,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    const context = await visitor(browser, projectPage, javaScriptEnabled);
    const page = await context.newPage();
    const width = page.viewportSize()!.width;
    const shot = (name: string) =>
      page.screenshot({
        path: testInfo.outputPath(`${name}-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`),
        fullPage: true,
      });
    const ready = async () => {
      if (javaScriptEnabled) await page.locator('html[data-app="started"]').waitFor({ state: "attached" });
    };
    // axe runs in the page: with JavaScript on only.
    const a11y = async () => {
      if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    };
    // With JavaScript the browser measures how long a form took, and one sent faster than a person
    // fills it is refused as a robot's (3 s for a ticket): take a person's time.
    const personsTime = async () => {
      if (javaScriptEnabled) await page.waitForTimeout(3_000);
    };

    // The code as typed on a keyboard leads to the machine's page.
    const typed = machine.code.toLowerCase().replace("-", "");
    const response = await page.goto(`${baseURL}/m/${typed}`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page).toHaveURL(new RegExp(`/m/${machine.code}$`));
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByText(machine.product).first()).toBeVisible();
    expect((await context.cookies()).length).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await ready();
    await a11y();
    await shot("machine");

    // 'Signaler un problème': sent without what happened, refused in French, the text kept.
    await page.getByRole("link", { name: /Signaler un problème/ }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Signaler un problème" })).toBeVisible();
    await ready();
    await page.getByLabel("Précisions (facultatif)").fill("Rien n'est tombé.");
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText("Choisissez ce qui s'est passé.")).toBeVisible();
    await expect(page.getByLabel("Précisions (facultatif)")).toHaveValue("Rien n'est tombé.");
    await a11y();
    await shot("problem-refused");

    await page.getByLabel("N'a pas distribué").check();
    await personsTime();
    await page.getByLabel("Produit (facultatif)").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Votre signalement est reçu" })).toBeVisible();
    await expect(page.getByTestId("reference")).toHaveText(/^S-[0-9A-Z]{5}$/);
    await expect(page.getByText(/Nous nous en occupons d'ici le/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await a11y();
    await shot("problem-received");

    // 'Suggérer un produit': a name typed.
    await page.getByRole("link", { name: "Retour à la machine" }).click();
    await page.getByRole("link", { name: /Suggérer un produit/ }).click();
    await ready();
    // The catalogue searched without a script (a plain GET form), then a name typed.
    await page.getByRole("searchbox", { name: "Chercher dans notre catalogue" }).fill(machine.product.split(" ")[0]!);
    await page.getByRole("button", { name: "Chercher" }).click();
    // The machine's own product is found, said to be in it already, with nothing to vote.
    const own = page.getByRole("list", { name: "Produits du catalogue" }).getByRole("listitem").filter({
      hasText: machine.product,
    });
    await expect(own.getByText("Déjà dans la machine")).toBeVisible();
    await expect(own.getByRole("button")).toHaveCount(0);
    await a11y();
    await shot("suggestion-search");
    await page.getByLabel("Le produit que vous aimeriez").fill(`Kombucha ${unique()}`);
    await personsTime();
    await page.getByRole("button", { name: "Envoyer ma suggestion" }).click();
    await expect(
      page.getByRole("heading", { name: "Merci pour votre suggestion !".replace(" !", "\u00a0!") }),
    ).toBeVisible();
    expect((await context.cookies()).length).toBe(0);
    await context.close();
  });
}

// A phone of its own (the staff's side is in the integration tests): it runs once, whatever the project.
test("a photo is joined to a problem from a phone", { tag: "@any-width" }, async ({ browser, baseURL }, testInfo) => {
  const context = await browser.newContext({ ...devices["Pixel 7"], locale: "fr-CA" });
  const page = await context.newPage();
  const photo = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#b5452b" } })
    .jpeg()
    .toBuffer();
  await page.goto(`${baseURL}/m/${machine.code}?formulaire=probleme`);
  await page.locator('html[data-app="started"]').waitFor({ state: "attached" });
  await page.getByLabel("N'a pas distribué").check();
  const photoField = page.getByLabel("Photo (facultatif)");
  // A photo over 10 MB is refused as soon as it is chosen, not after minutes of sending.
  const heavy = Buffer.concat([photo, Buffer.alloc(10 * 1024 * 1024)]);
  await photoField.setInputFiles({ name: "lourde.jpg", mimeType: "image/jpeg", buffer: heavy });
  await expect(page.getByText("Cette photo dépasse 10\u00a0Mo")).toBeVisible();
  await expect(photoField).toHaveValue("");
  await photoField.setInputFiles({ name: "ecran.jpg", mimeType: "image/jpeg", buffer: photo });
  await expect(page.getByText("Cette photo dépasse 10\u00a0Mo")).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath("problem-photo-390.png"), fullPage: true });
  // A person's time: a form sent faster is taken for a robot's.
  await page.waitForTimeout(3_000);
  await page.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Votre signalement est reçu" })).toBeVisible();
  await expect(page.getByTestId("reference")).toHaveText(/^S-[0-9A-Z]{5}$/);
  await context.close();
});

test("a product swapped in by the staff is « Nouveau dans cette machine », with JavaScript and without", async ({
  browser,
  page: projectPage,
}, testInfo) => {
  test.setTimeout(120_000);
  // The staff, on their own machine: a swap planned into an empty slot, then marked done.
  const staff = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "fr-CA" });
  const staffPage = await staff.newPage();
  await login(staffPage);
  const own = await installedMachine(staffPage);
  const catalogue = await (await staffPage.request.get("/produits")).text();
  const productId = [...catalogue.matchAll(/href="\/produits\/([0-9a-f-]{36})"/g)].map((m) => m[1]!).at(-1)!;
  const product = await (await staffPage.request.get(`/produits/${productId}`)).text();
  const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(product)![1]!.trim();
  const post = (form: Record<string, string>) =>
    staffPage.request.post(`/edit-installations/${own.id}`, {
      form: { id: own.id, ...form },
      headers: { origin: new URL(staffPage.url()).origin },
    });
  expect((await post({ intent: "prevoir-echange", emplacement: "0:1", product_id: productId })).status()).toBe(200);
  const html = await (await staffPage.request.get(`/edit-installations/${own.id}`)).text();
  const swapId = /name="swap_id" value="([0-9a-f-]{36})"/.exec(html)![1]!;
  expect((await post({ intent: "echange-fait", swap_id: swapId })).status()).toBe(200);
  await staff.close();

  for (const javaScriptEnabled of [true, false]) {
    const context = await visitor(browser, projectPage, javaScriptEnabled);
    const page = await context.newPage();
    await page.goto(`/m/${own.code}`);
    if (javaScriptEnabled) await page.locator('html[data-app="started"]').waitFor({ state: "attached" });
    await expect(page.getByTestId("new-in-machine")).toHaveText(`Nouveau dans cette machine\u00a0: ${name}.`);
    const card = page
      .getByRole("region", { name: "Dans cette machine" })
      .getByRole("listitem")
      .filter({ hasText: name });
    await expect(card.getByText("Nouveau", { exact: true })).toBeVisible();
    const width = page.viewportSize()!.width;
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    if (javaScriptEnabled) await expectNoSeriousA11yViolations(page);
    await page.screenshot({
      path: testInfo.outputPath(`machine-new-${width}-${javaScriptEnabled ? "js" : "nojs"}.png`),
      fullPage: true,
    });
    await context.close();
  }
});

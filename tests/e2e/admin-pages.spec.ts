import { expect, type Browser, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, holdAppScripts, login, test } from "./support";

// The home page's texts are one shared state: the tests change them one after the other and put back
// what they changed.
test.describe.configure({ mode: "serial" });

const ORIGINAL_TITLE = "Plus qu'une machine,";
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** What a visitor without a session sees of the home page's title. */
async function visitorTitle(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/");
  const title = (await visitor.locator("#hero-titre").textContent()) ?? "";
  await context.close();
  return title;
}

async function openHomeEditor(page: Page) {
  await login(page);
  await page.getByRole("link", { name: /Éditer les Pages/ }).click();
  await expect(page).toHaveURL(/\/edit-pages/);
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Accueil" }).click();
  await expect(page).toHaveURL(/page=home/);
  await expect(page.locator('[name="heroTitle"]')).toBeVisible();
}

async function publishTitle(page: Page, title: string) {
  await page.locator('[name="heroTitle"]').fill(title);
  await page.getByRole("button", { name: "Publier" }).click();
  await expect(toast(page, "Modifications publiées")).toBeVisible();
}

for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test.describe(`at ${name} width`, () => {
    test.use({ viewport });

    test("edit the home hero, preview it, publish it, see it as a visitor, restore the previous version", async ({
      page,
      browser,
    }) => {
      test.setTimeout(120_000);
      await openHomeEditor(page);
      const draftTitle = `Brouillon ${name} ${Date.now()},`;

      // A draft and its preview: the real page with the draft, at both widths, for the staff alone.
      await page.locator('[name="heroTitle"]').fill(draftTitle);
      await expect(page.getByText(`${draftTitle.length} / 120 caractères`)).toBeVisible();
      await page.getByRole("button", { name: "Aperçu" }).click();
      await expect(toast(page, "Brouillon enregistré")).toBeVisible();
      const preview = page.getByTestId("preview");
      await expect(preview).toBeVisible();
      for (const frame of ["Téléphone", "Ordinateur"]) {
        await expect(page.frameLocator(`iframe[title^="Aperçu : ${frame}"]`).locator("#hero-titre")).toContainText(
          draftTitle,
        );
      }
      await preview.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/edit-pages-preview-${name}.png`, fullPage: false });
      await expect.poll(() => visitorTitle(browser)).toContain(ORIGINAL_TITLE);

      // Bad input: a French message, nothing sent.
      await page.locator('[name="heroTitle"]').fill("");
      await page.getByRole("button", { name: "Publier" }).click();
      await expect(page.getByText("Ce champ est requis.")).toBeVisible();
      await expect.poll(() => visitorTitle(browser)).toContain(ORIGINAL_TITLE);

      // Published: every visitor's next request shows it.
      const first = `Publié ${name} ${Date.now()},`;
      await publishTitle(page, first);
      await expect.poll(() => visitorTitle(browser)).toContain(first);
      await expect(page.getByTestId("draft-notice")).toHaveCount(0);

      const second = `Remplacé ${name} ${Date.now()},`;
      await publishTitle(page, second);
      await expect.poll(() => visitorTitle(browser)).toContain(second);

      // The history lists both, with what changed; the previous one comes back.
      const versions = page.getByTestId("versions").getByRole("listitem");
      await expect(versions.first()).toContainText("En ligne");
      await expect(versions.first()).toContainText(/En-tête\s:\sTitre/);
      await versions.nth(1).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/edit-pages-history-${name}.png`, fullPage: false });
      await versions.nth(1).getByRole("button", { name: "Restaurer" }).click();
      await expect(toast(page, "Version restaurée")).toBeVisible();
      await expect.poll(() => visitorTitle(browser)).toContain(first);
      await expectNoSeriousA11yViolations(page);

      // Put back today's title for the other tests, typed before the app has started (a slow phone): the
      // typed text outlives the app's start, is counted, and is what gets published.
      const held = await holdAppScripts(page);
      await page.reload({ waitUntil: "domcontentloaded" });
      await page.locator('[name="heroTitle"]').fill(ORIGINAL_TITLE);
      await held.release();
      await page.unrouteAll({ behavior: "ignoreErrors" });
      await expect(page.locator('[name="heroTitle"]')).toHaveValue(ORIGINAL_TITLE);
      await expect(page.getByText(`${ORIGINAL_TITLE.length} / 120 caractères`)).toBeVisible();
      await page.getByRole("button", { name: "Publier" }).click();
      await expect(toast(page, "Modifications publiées")).toBeVisible();
      await expect.poll(() => visitorTitle(browser)).toContain(ORIGINAL_TITLE);
    });
  });
}

for (const [name, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`at ${name} width, unsaved changes are never lost: a tab, a link, Back and closing ask first`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await login(page);
    await page.goto("/edit-pages");
    const name_ = page.locator('[name="name"]');
    const saved = await name_.inputValue();
    const dialog = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
    const tabs = page.getByRole("navigation", { name: "Pages" });

    // Nothing changed: the tabs go through unasked.
    await tabs.getByRole("link", { name: "Accueil" }).click();
    await expect(page).toHaveURL(/page=home/);
    await tabs.getByRole("link", { name: "Réglages du site" }).click();
    await expect(page).toHaveURL(/page=settings/);

    // Changed, then another tab: asked; 'Annuler' keeps the typing.
    await name_.click();
    await name_.press("End");
    await page.keyboard.type(" Québec");
    await tabs.getByRole("link", { name: "Accueil" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Vos modifications de « Réglages du site » ne sont ni enregistrées");
    await page.screenshot({ path: `test-results/edit-pages-unsaved-${name}.png` });
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(page).toHaveURL(/page=settings|\/edit-pages$/);
    await expect(name_).toHaveValue(`${saved} Québec`);

    // Another screen through a link: asked too.
    await page.getByRole("link", { name: "Journal d'activité" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Annuler" }).click();
    await expect(name_).toHaveValue(`${saved} Québec`);

    // Closing or reloading the tab: the browser's own warning.
    let warned = false;
    page.once("dialog", (beforeunload) => {
      warned = beforeunload.type() === "beforeunload";
      return beforeunload.dismiss();
    });
    await page.close({ runBeforeUnload: true }).catch(() => {});
    await expect.poll(() => warned).toBe(true);
  });

  test(`at ${name} width, Back with unsaved changes asks; leaving is a choice`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await login(page);
    await page.goto("/edit-pages?page=home");
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/page=contact/);
    const field = page.locator('[name="seoTitle"]');
    await field.click();
    await page.keyboard.type("Nous joindre");
    await page.goBack();
    const dialog = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Quitter sans enregistrer" }).click();
    await expect(page).toHaveURL(/page=home/);
    await expect(page.locator('[name="heroTitle"]')).toBeVisible();
  });

  test(`at ${name} width, 'Aperçu' shows the preview where one looks, and the counters count what is shown`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await login(page);
    await page.goto("/edit-pages?page=about");
    // The search title's counter counts the title with the site's name, as search engines show it.
    const seoTitle = page.locator('[name="seoTitle"]');
    await seoTitle.click();
    await page.keyboard.type("Notre équipe");
    const shown = "Notre équipe | Boréal Distributrices";
    await expect(
      page.getByText(
        `${shown.length} / 60 caractères dans les résultats, avec « | Boréal Distributrices » ajouté par le site`,
      ),
    ).toBeVisible();

    await page.getByRole("button", { name: "Aperçu" }).click();
    await expect(toast(page, "Brouillon enregistré")).toBeVisible();
    const heading = page.getByRole("heading", { name: "Aperçu", level: 2 });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    await expect(page.locator('iframe[title^="Aperçu : Téléphone"]')).toBeInViewport();
    await page.screenshot({ path: `test-results/edit-pages-apercu-${name}.png` });

    // The draft is saved: leaving asks nothing; it is dropped for the next tests.
    await page.getByRole("button", { name: "Abandonner le brouillon" }).click();
    await expect(toast(page, "Brouillon abandonné")).toBeVisible();
  });
}

/** A share picture as the staff would make one: 1200 × 630, the brand's gold on dark. */
function sharePng() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#0f1115"/><stop offset="1" stop-color="#2a2e36"/></linearGradient></defs>
    <rect width="1200" height="630" fill="url(#g)"/>
    <rect x="480" y="90" width="240" height="450" rx="24" fill="#16181d" stroke="#e3c58b" stroke-width="6"/>
    <rect x="510" y="130" width="180" height="300" rx="10" fill="#b8893b" opacity="0.35"/>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

test("the offer page's share picture: uploaded, described, seen in the shared card's preview, never by visitors before it is published", async ({
  page,
  browser,
}) => {
  await login(page);
  await page.goto("/edit-pages?page=offer");
  await expect(page.locator('[name="machineTitle"]')).toHaveValue("Choisir la machine parfaite");

  await page
    .getByLabel("Image de partage", { exact: true })
    .setInputFiles({ name: "partage.png", mimeType: "image/png", buffer: await sharePng() });
  await expect(toast(page, "Image uploadée")).toBeVisible();
  const card = page.getByTestId("seo-preview").getByRole("img");
  await expect(card).toHaveAttribute("src", /^\/media\/gallery-images\/gallery-\d+\.png$/);

  // A picture without its description is refused before anything is sent.
  await page.getByRole("button", { name: "Aperçu" }).click();
  await expect(page.getByText("Décrivez l'image pour les personnes qui ne la voient pas.")).toBeVisible();
  await page.getByLabel("Description de l'image de partage").fill("Une distributrice dorée sur fond sombre");
  await expect(card).toHaveAttribute("alt", "Une distributrice dorée sur fond sombre");
  await page.getByRole("button", { name: "Aperçu" }).click();
  await expect(toast(page, "Brouillon enregistré")).toBeVisible();
  await page.getByTestId("seo-preview").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/edit-pages-share-picture.png" });

  // Visitors still share the brand's picture until it is published.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto("/notre-offre");
  await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/share\.png$/);
  await context.close();

  await page.getByRole("button", { name: "Abandonner le brouillon" }).click();
  await expect(toast(page, "Brouillon abandonné")).toBeVisible();
  await expect(page.getByTestId("draft-notice")).toHaveCount(0);
});

test("every public page carries a share picture, its text and a large card", async ({ page }) => {
  await page.goto("/produits");
  const product = await page.locator('a[href^="/produits/"]').first().getAttribute("href");
  await page.goto("/machines");
  const category = await page.locator('a[href^="/machines/"]').first().getAttribute("href");
  const paths = ["/", "/galerie", "/notre-offre", "/contact", "/confirmation", "/politique-de-confidentialite"];
  paths.push("/produits", "/machines", product!, category!);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('meta[property="og:image"]'), path).toHaveAttribute("content", /^https?:\/\/.+/);
    await expect(page.locator('meta[property="og:image:alt"]'), path).toHaveAttribute("content", /\S/);
    await expect(page.locator('meta[name="twitter:card"]'), path).toHaveAttribute("content", "summary_large_image");
  }
  const image = await page.request.get("/share.png");
  expect(image.headers()["content-type"]).toBe("image/png");
});

test.describe("at phone width", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the activity log and the redirects read on a phone; a missed address is redirected in one click", async ({
    page,
  }) => {
    await login(page);
    await page.goto("/edit-journal");
    await expect(page.getByRole("heading", { name: "Journal d'activité" })).toBeVisible();
    // Other staff tests write to the log at the same time: look for the page edits among the newest lines.
    await expect(
      page.getByTestId("journal").getByRole("listitem").filter({ hasText: "Pages et réglages" }).first(),
    ).toBeVisible();
    await page.screenshot({ path: "test-results/edit-journal-phone.png" });

    const missing = `/vieille-page-${Date.now()}`;
    await page.request.get(missing);
    await page.goto("/edit-redirects");
    // Missed addresses are written a few seconds after the 404.
    await expect(async () => {
      await page.reload();
      await expect(page.getByText(missing)).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await page.getByRole("listitem").filter({ hasText: missing }).getByRole("button", { name: "Rediriger" }).click();
    await expect(page.locator('[name="from"]')).toHaveValue(missing);
    await page.locator('[name="to"]').fill("/notre-offre");
    await page.getByRole("button", { name: "Ajouter" }).click();
    await expect(toast(page, "Redirection ajoutée")).toBeVisible();
    await expect(page.getByTestId("redirects")).toContainText(missing);
    await page.screenshot({ path: "test-results/edit-redirects-phone.png" });
    const response = await page.request.get(missing, { maxRedirects: 0 });
    expect(response.status()).toBe(301);
    expect(response.headers()["location"]).toBe("/notre-offre");
    await expectNoSeriousA11yViolations(page);
  });
});

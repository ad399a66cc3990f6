// On the offer page, the home page and the gallery, every control does something useful from
// the moment it is painted (JavaScript off, or the app not started yet), and the app then enhances the
// same element (dialog, lightbox, smooth scroll, black fade) without losing a tap.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, holdAppScripts, isPhone, test } from "./support";

const SECTIONS = [
  { id: "machine", title: "Choisir la machine parfaite" },
  { id: "produits", title: "Des produits qui se démarquent" },
  { id: "service", title: "Laissez-nous faire le reste" },
] as const;
const PICTURE = /\/img\/[a-z-]+\/[^/?]+\?w=1920$/;

/** A tap on a phone, a click on a desktop. */
async function tap(page: Page, locator: Locator) {
  if (isPhone(page)) await locator.tap();
  else await locator.click();
}

const offerHeader = (page: Page) => page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const homePhotos = (page: Page) => page.getByTestId("featured-gallery").getByRole("link", { name: /^Agrandir/ });
const galleryTiles = (page: Page) =>
  page.getByRole("list", { name: "Photos de nos réalisations" }).getByRole("link", { name: /^Agrandir/ });

/** Opens a page without waiting for its load event, which may wait for the held scripts. */
async function open(page: Page, path: string) {
  await page.goto(path, { waitUntil: "domcontentloaded" });
}

/** Follows a link to a picture: the browser shows the picture itself. */
async function expectPictureOpened(page: Page, href: string) {
  await expect(page).toHaveURL(new URL(href, page.url()).href);
  expect(page.url()).toMatch(PICTURE);
  await expect(page.locator("img")).toHaveCount(1);
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "/notre-offre: section links jump to their section, 'Retour en haut' to the top",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/notre-offre");
      const header = offerHeader(page);
      for (const section of SECTIONS) {
        const link = header.getByRole("link", { name: section.title });
        await expect(link).toHaveAttribute("href", `#${section.id}`);
        await link.click();
        await expect(page).toHaveURL(new RegExp(`#${section.id}$`));
        await expect(page.getByRole("heading", { level: 2, name: section.title })).toBeInViewport();
      }

      // The progress indicator's links too.
      const progress = page.getByTestId("offer-progress");
      await progress.getByRole("link", { name: /^Section 2 : / }).click();
      await expect(page).toHaveURL(/#produits$/);
      await expect(page.getByRole("heading", { level: 2, name: SECTIONS[1].title })).toBeInViewport();

      await page.getByRole("link", { name: "Retour en haut" }).click();
      await expect(page).toHaveURL(/#top$/);
      await expect.poll(() => scrollY(page)).toBe(0);
    },
  );

  test(
    "/notre-offre: 'Voir nos machines' and 'Parcourir nos produits' open the catalogue",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/notre-offre");
      await page.getByRole("link", { name: "Voir nos machines" }).click();
      await expect(page).toHaveURL(/\/machines$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText("Découvrir les machines").first()).toBeVisible();

      await page.goto("/notre-offre");
      await page.getByRole("link", { name: "Parcourir nos produits" }).click();
      await expect(page).toHaveURL(/\/produits$/);
      await expect(page.getByRole("heading", { level: 1, name: "Nos produits" })).toBeVisible();
    },
  );

  test(
    "home: the call to action goes to /notre-offre at once, a photo opens the picture",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/");
      await page.getByTestId("cta-button").click();
      await expect(page).toHaveURL(/\/notre-offre\??$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Une offre clé en main");

      await page.goto("/");
      const photo = homePhotos(page).nth(1);
      await expect(homePhotos(page)).toHaveCount(6);
      const href = (await photo.getAttribute("href"))!;
      expect(href).toMatch(PICTURE);
      await photo.click();
      await expectPictureOpened(page, href);
    },
  );

  test("/galerie: a tile opens its picture", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/galerie");
    const tile = galleryTiles(page).nth(2);
    const href = (await tile.getAttribute("href"))!;
    expect(href).toMatch(PICTURE);
    await tile.click();
    await expectPictureOpened(page, href);
  });
});

// Taps made while the app's scripts are held back, as on a slow phone: never lost. The page is then what
// it is without JavaScript, and axe can scan it (it cannot run with JavaScript off). Support's goto waits
// for the app, and the load event may wait for the held scripts: neither is wanted here.
base.describe("a tap before the app has started", () => {
  base("/notre-offre: a section link jumps at once; the app then starts on that page", async ({ page }) => {
    const held = await holdAppScripts(page);
    await open(page, "/notre-offre");
    await expectNoSeriousA11yViolations(page);
    await tap(page, offerHeader(page).getByRole("link", { name: SECTIONS[1].title }));
    await expect(page).toHaveURL(/#produits$/);
    await expect(page.getByRole("heading", { level: 2, name: SECTIONS[1].title })).toBeInViewport();
    await held.release();
    // Enhanced now: the next link scrolls smoothly without changing the address.
    await tap(page, page.getByTestId("offer-progress").getByRole("link", { name: /^Section 3 : / }));
    await expect(page.getByRole("heading", { level: 2, name: SECTIONS[2].title })).toBeInViewport();
    await expect(page).toHaveURL(/#produits$/);
  });

  base("/notre-offre: 'Retour en haut' goes up at once", async ({ page }) => {
    const held = await holdAppScripts(page);
    await open(page, "/notre-offre");
    const up = page.getByRole("link", { name: "Retour en haut" });
    await up.scrollIntoViewIfNeeded();
    await tap(page, up);
    await expect.poll(() => scrollY(page)).toBe(0);
    await held.release();
  });

  base(
    "/notre-offre: 'Voir nos machines' and 'Parcourir nos produits' open the catalogue at once",
    async ({ page }) => {
      let held = await holdAppScripts(page);
      await open(page, "/notre-offre");
      await tap(page, page.getByRole("link", { name: "Voir nos machines" }));
      await expect(page).toHaveURL(/\/machines$/);
      await held.release();
      await page.unrouteAll({ behavior: "ignoreErrors" });

      held = await holdAppScripts(page);
      await open(page, "/notre-offre");
      await tap(page, page.getByRole("link", { name: "Parcourir nos produits" }));
      await expect(page).toHaveURL(/\/produits$/);
      await held.release();
    },
  );

  base("home: the call to action and a photo do their plain action at once", async ({ page }) => {
    const held = await holdAppScripts(page);
    await open(page, "/");
    await tap(page, page.getByTestId("cta-button"));
    await expect(page).toHaveURL(/\/notre-offre\??$/);
    await held.release();
    await page.unrouteAll({ behavior: "ignoreErrors" });

    await holdAppScripts(page);
    await open(page, "/");
    await expectNoSeriousA11yViolations(page);
    const photo = homePhotos(page).first();
    const href = (await photo.getAttribute("href"))!;
    await tap(page, photo);
    await expectPictureOpened(page, href);
  });

  base("/galerie: a tile opens its picture at once", async ({ page }) => {
    await holdAppScripts(page);
    await open(page, "/galerie");
    await expectNoSeriousA11yViolations(page);
    const tile = galleryTiles(page).first();
    const href = (await tile.getAttribute("href"))!;
    await tap(page, tile);
    await expectPictureOpened(page, href);
  });
});

test.describe("once the app has started", () => {
  test("'Voir nos machines' opens the dialog in place; a ctrl/cmd click opens /machines in a new tab", async ({
    page,
    context,
  }) => {
    await page.goto("/notre-offre");
    const link = page.getByRole("link", { name: "Voir nos machines" });
    await expect(link).toHaveAttribute("href", "/machines");
    await expect(link).toHaveAttribute("aria-haspopup", "dialog");

    if (!isPhone(page)) {
      const opened = context.waitForEvent("page");
      await link.click({ modifiers: ["ControlOrMeta"] });
      const tab = await opened;
      await expect(tab).toHaveURL(/\/machines$/);
      await tab.close();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }

    await tap(page, link);
    const dialog = page.getByTestId("machines-dialog");
    await expect(dialog.getByRole("heading", { name: "Nos machines" })).toBeVisible();
    await expect(page).toHaveURL(/\/notre-offre#nos-machines$/);

    // Each level is a catalogue page's URL.
    const category = dialog.getByRole("link", { name: /Découvrir les machines/ }).first();
    const categoryHref = (await category.getAttribute("href"))!;
    expect(categoryHref).toMatch(/^\/machines\/[0-9a-f-]{36}$/);
    await tap(page, category);
    // A machine's card leads to the machine view's own address (tests/e2e/offer-machine-view.spec.ts); the
    // categories' cards are list items too until the category is shown.
    const machine = dialog.getByRole("listitem").locator('a[href^="/notre-offre?machine="]').first();
    await expect(machine).toBeVisible();
    const machineHref = (await machine.getAttribute("href"))!;
    expect(machineHref).toMatch(/^\/notre-offre\?machine=[0-9a-f-]{36}$/);
    await expect(dialog.getByRole("link", { name: /Découvrir les machines/ })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await tap(page, machine);
    await expect(page.getByTestId("machine-view").getByText(/✓ Disponible en entrepôt|⏱ Sur commande/)).toBeVisible();
    // The view's address, keeping the list it was opened from in its fragment.
    await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search).toBe(machineHref);
    expect(new URL(page.url()).hash).toMatch(/^#nos-machines\/[0-9a-f-]{36}$/);
    for (const href of [categoryHref, machineHref]) expect((await page.request.get(href)).status()).toBe(200);
  });

  test("'Parcourir nos produits' opens the dialog in place; a product is /produits/{id}", async ({ page }) => {
    await page.goto("/notre-offre");
    const link = page.getByRole("link", { name: "Parcourir nos produits" });
    await expect(link).toHaveAttribute("href", "/produits");
    await tap(page, link);
    const dialog = page.getByTestId("products-dialog");
    await expect(dialog.getByRole("heading", { name: "Nos Produits" })).toBeVisible();
    const card = dialog.getByTestId("products-list").getByRole("link").first();
    const href = (await card.getAttribute("href"))!;
    expect(href).toMatch(/^\/produits\/[0-9a-f-]{36}$/);
    await tap(page, card);
    await expect(dialog.getByRole("button", { name: "Produits", exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/notre-offre#nos-produits$/);
    await expectNoSeriousA11yViolations(page);
    expect((await page.request.get(href)).status()).toBe(200);
  });

  test("section links scroll without changing the address; the page passes axe", async ({ page }) => {
    await page.goto("/notre-offre");
    await expectNoSeriousA11yViolations(page);
    await tap(page, offerHeader(page).getByRole("link", { name: SECTIONS[2].title }));
    await expect(page.getByRole("heading", { level: 2, name: SECTIONS[2].title })).toBeInViewport();
    await expect(page.locator(`#${SECTIONS[2].id}`)).toBeFocused();
    await tap(page, page.getByRole("link", { name: "Retour en haut" }));
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
    await expect(page).toHaveURL(/\/notre-offre$/);
    await expectNoSeriousA11yViolations(page);
  });

  test("home and /galerie photos open the lightbox in place; the pages pass axe", async ({ page }) => {
    await page.goto("/");
    await homePhotos(page).first().scrollIntoViewIfNeeded();
    await expectNoSeriousA11yViolations(page);
    await tap(page, homePhotos(page).first());
    await expect(page.getByTestId("lightbox")).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("lightbox")).toBeHidden();

    await page.goto("/galerie");
    await expectNoSeriousA11yViolations(page);
    await tap(page, galleryTiles(page).first());
    await expect(page.getByTestId("lightbox")).toBeVisible();
    await expect(page).toHaveURL(/\/galerie$/);
  });
});

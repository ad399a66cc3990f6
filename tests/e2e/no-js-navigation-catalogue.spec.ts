// Every control works the moment it is painted. The phone menu, the catalogue's filters and
// pager, the product and machine carousels and the step videos, with JavaScript off, and with the app's
// scripts held back (a tap made before the app starts is never lost). With JavaScript off the page cannot
// run axe: the scans run on the same HTML with the app held back, and again once it runs.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, holdAppScripts, isPhone, test } from "./support";
import { useVideoFixtureServer } from "./video-fixtures";

const menuButton = (page: Page, name: "Ouvrir le menu" | "Fermer le menu") =>
  page.locator("header").getByRole("button", { name });
const menuLink = (page: Page, name: string) =>
  page.locator("header [popover]").getByRole("link", { name, exact: true });
const count = (page: Page) => page.getByTestId("nombre-resultats");

/** The carousel's slide n (1-based) is the one in view (before the app runs: the track scrolled to it).
 * Half of it is enough: the other slides are clipped away whole, and the stage may reach below the fold. */
async function expectSlideShown(page: Page, n: number) {
  await expect(page.locator(`#media-${n}`)).toBeInViewport({ ratio: 0.5 });
}

/** Opens a page with the app's scripts held back until `release()` (this file's `page.goto` waits for the
 * app to start: it is left running meanwhile). */
async function gotoHeld(page: Page, url: string) {
  const held = await holdAppScripts(page);
  const loading = page.goto(url, { waitUntil: "commit" });
  const path = new URL(url, "http://localhost").pathname;
  await page.waitForURL((at) => at.pathname === path, { waitUntil: "domcontentloaded" });
  return {
    async release() {
      await held.release();
      await loading;
    },
  };
}

/** A seeded product's page with two pictures (main and nutrition). No test edits or deletes this product:
 * the staff tests running alongside create and delete others, which the sitemap lists too. */
async function productWithTwoPictures(page: Page): Promise<string | null> {
  const html = await (await page.request.get(`/produits?q=${encodeURIComponent("Pouding chômeur")}`)).text();
  const path = /href="(\/produits\/[0-9a-f-]{36})"/.exec(html)?.[1] ?? null;
  if (path && (await (await page.request.get(path)).text()).includes('href="#media-2"')) return path;
  return null;
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test(
    "the menu button opens the menu; its links navigate; Escape and the button close it",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 }); // the menu button is the phone layout's
      await page.goto("/");
      await expect(menuLink(page, "Notre offre")).toBeHidden();
      await menuButton(page, "Ouvrir le menu").click();
      await expect(menuLink(page, "Notre offre")).toBeVisible();
      await expect(menuButton(page, "Fermer le menu")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menuLink(page, "Notre offre")).toBeHidden();
      await menuButton(page, "Ouvrir le menu").click();
      await menuButton(page, "Fermer le menu").click();
      await expect(menuLink(page, "Notre offre")).toBeHidden();
      await menuButton(page, "Ouvrir le menu").click();
      await menuLink(page, "Notre offre").click();
      await expect(page).toHaveURL(/\/notre-offre$/);
      await expect(menuButton(page, "Ouvrir le menu")).toBeVisible();
    },
  );

  test("the filters submit as a GET form; 'Filtres' opens the panel; 'Effacer' and the pager are links", async ({
    page,
  }) => {
    await page.goto("/produits");
    const all = await count(page).textContent();
    const panel = page.getByTestId("filtres-panneau");
    if (isPhone(page)) {
      await expect(panel).toBeHidden();
      await page.getByRole("button", { name: /^Filtres/ }).click();
      await expect(panel).toBeVisible();
      await page.getByRole("checkbox", { name: "Top 10 vendeurs" }).check();
      await page.getByRole("button", { name: "Voir les résultats" }).click();
      // The browser's own GET: empty fields are sent too (the server reads them as no filter).
      await expect(page).toHaveURL(/\/produits\?q=&min=&max=&top10=1#resultats$/);
      await expect(page.locator("#resultats")).toBeInViewport();
    } else {
      await expect(panel).toBeVisible();
      await page.getByRole("checkbox", { name: "Top 10 vendeurs" }).check();
      await page.getByRole("button", { name: "Appliquer" }).click();
      await expect(page).toHaveURL(/\/produits\?q=&min=&max=&top10=1$/);
    }
    await expect(count(page)).not.toHaveText(all!);
    if (isPhone(page)) await page.getByRole("button", { name: /^Filtres/ }).click();
    await expect(page.getByRole("checkbox", { name: "Top 10 vendeurs" })).toBeChecked();

    // Enter in the name field submits too.
    await page.getByLabel("Rechercher par nom").fill("zzzz-introuvable");
    await page.getByLabel("Rechercher par nom").press("Enter");
    await expect(page).toHaveURL(/[?&]q=zzzz-introuvable/);
    await expect(page.getByText("Aucun produit trouvé avec les critères sélectionnés")).toBeVisible();

    if (isPhone(page)) await page.getByRole("button", { name: /^Filtres/ }).click();
    await page.getByRole("link", { name: "Effacer", exact: true }).click();
    await expect(page).toHaveURL(/\/produits$/);
    await expect(count(page)).toHaveText(all!);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/\/produits\?page=2$/);
    await expect(page.getByTestId("page-courante")).toHaveText(/^Page 2 sur/);
    await page
      .getByRole("navigation", { name: "Pagination" })
      .getByRole("link", { name: /Précédent/ })
      .click();
    await expect(page.getByTestId("page-courante")).toHaveText(/^Page 1 sur/);
  });

  test("the product carousel: every picture in a scrollable track, dots and arrows are links to them", async ({
    page,
  }) => {
    const path = await productWithTwoPictures(page);
    expect(path, "the demo content (server/db/seed) has a product with two pictures").toBeTruthy();
    await page.goto(path!);
    const carousel = page.getByRole("region", { name: /^Images de/ });
    await expect(carousel.getByRole("img")).toHaveCount(2);
    await expectSlideShown(page, 1);
    await carousel.getByRole("link", { name: "Afficher l'image 2" }).click();
    await expect(page).toHaveURL(/#media-2$/);
    await expectSlideShown(page, 2);
    // The second slide's own 'next' wraps around to the first.
    await carousel.locator("#media-2").hover();
    await carousel.locator("#media-2").getByRole("link", { name: "Média suivant" }).click();
    await expect(page).toHaveURL(/#media-1$/);
    await expectSlideShown(page, 1);
  });
});

test.describe("a tap made before the app has started", () => {
  test(
    "opens the menu at once; the app then keeps it open, its state right, Escape closing it",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 }); // the menu button is the phone layout's
      const held = await gotoHeld(page, "/");
      await expectNoSeriousA11yViolations(page);
      await menuButton(page, "Ouvrir le menu").click();
      await expect(menuLink(page, "Notre offre")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await held.release();
      await expect(menuLink(page, "Notre offre")).toBeVisible();
      await expect(menuButton(page, "Fermer le menu")).toHaveAttribute("aria-expanded", "true");
      await expectNoSeriousA11yViolations(page);
      await page.keyboard.press("Escape");
      await expect(menuButton(page, "Ouvrir le menu")).toHaveAttribute("aria-expanded", "false");
      await expect(menuLink(page, "Notre offre")).toBeHidden();
    },
  );

  test("'Filtres' opens the panel at once; a filter ticked then is applied when the app starts", async ({ page }) => {
    const held = await gotoHeld(page, "/produits");
    const all = await count(page).textContent();
    await expectNoSeriousA11yViolations(page);
    if (isPhone(page)) {
      await page.getByRole("button", { name: /^Filtres/ }).click();
      await expect(page.getByTestId("filtres-panneau")).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    }
    await page.getByRole("checkbox", { name: "Top 10 vendeurs" }).check();
    await held.release();
    await expect(page).toHaveURL(/\/produits\?top10=1$/);
    await expect(count(page)).not.toHaveText(all!);
    await expect(page.getByRole("checkbox", { name: "Top 10 vendeurs" })).toBeChecked();
    if (isPhone(page)) {
      const toggle = page.getByRole("button", { name: /^Filtres/ });
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(page.getByTestId("filtres-panneau")).toBeVisible();
      await toggle.click();
      await expect(page.getByTestId("filtres-panneau")).toBeHidden();
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
    } else {
      // Once the app runs every change applies at once: no submit button.
      await expect(page.getByRole("button", { name: "Appliquer" })).toHaveCount(0);
    }
    await expectNoSeriousA11yViolations(page);
  });

  test("a dot of the product carousel shows its picture; the app goes on from there", async ({ page }) => {
    const path = await productWithTwoPictures(page);
    expect(path, "the demo content (server/db/seed) has a product with two pictures").toBeTruthy();
    const held = await gotoHeld(page, path!);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("link", { name: "Afficher l'image 2" }).click();
    await expectSlideShown(page, 2);
    await held.release();
    await expect(page.getByTestId("carousel-position")).toHaveText("2 / 2");
    await expect(page.getByRole("button", { name: "Afficher l'image 2" })).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Média suivant" }).click();
    await expect(page.getByTestId("carousel-position")).toHaveText("1 / 2");
    await expectNoSeriousA11yViolations(page);
  });
});

// The machine carousel's video and the step videos: the demo has no video (tests/e2e/video-fixtures.ts).
test.describe("machine page with videos", () => {
  const { machinePath } = useVideoFixtureServer();

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("thumbnails and arrows are links to the slides; the video slide plays by hand", async ({ page }) => {
      await page.goto(machinePath());
      const thumbs = page.getByRole("group", { name: "Miniatures" }).getByRole("link");
      await expect(thumbs).toHaveCount(4);
      await thumbs.nth(2).click();
      await expect(page).toHaveURL(/#media-3$/);
      await expectSlideShown(page, 3);
      await page.locator("#media-3").hover();
      await page.locator("#media-3").getByRole("link", { name: "Média suivant" }).click();
      await expectSlideShown(page, 4);
      // The video: the browser's own controls, muted.
      const video = page.locator("#media-4 video");
      await expect(video).toHaveAttribute("controls", "");
      await expect(video).toHaveAttribute("muted", "");
      await expect(video).toHaveAttribute("src", /\/media\//);
    });

    test("a step video plays on its own, muted; a click opens the player, Escape and the button close it", async ({
      page,
    }) => {
      await page.goto(machinePath());
      const section = page.getByRole("region", { name: "Comment ça fonctionne" });
      const trigger = section.getByRole("button", { name: /^Agrandir la vidéo/ });
      // Plays by itself: muted, looping and autoplaying in the HTML.
      for (const name of ["muted", "loop", "autoplay"])
        await expect(trigger.locator("video")).toHaveAttribute(name, "");
      await trigger.click();
      const player = page.getByTestId("lecteur-plein-ecran");
      await expect(player).toBeVisible();
      const video = player.locator("video");
      await expect(video).toHaveAttribute("controls", "");
      await expect(video).toHaveAttribute("muted", "");
      await expect(page.getByRole("button", { name: "Fermer la vidéo" })).toBeFocused();
      await page.keyboard.press("Escape");
      await expect(player).toBeHidden();
      await trigger.click();
      await expect(player).toBeVisible();
      await page.getByRole("button", { name: "Fermer la vidéo" }).click();
      await expect(player).toBeHidden();
    });
  });

  test("a tap on a step video before the app starts opens the player at once", async ({ page }) => {
    const held = await gotoHeld(page, machinePath());
    const trigger = page.getByRole("button", { name: /^Agrandir la vidéo/ });
    await expectNoSeriousA11yViolations(page);
    await trigger.click();
    const player = page.getByTestId("lecteur-plein-ecran");
    await expect(player).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await held.release();
    await expect(player).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(player).toBeHidden();
    // Once the app runs the player starts by itself, as before.
    await trigger.click();
    await expect.poll(() => player.locator("video").evaluate((v: HTMLVideoElement) => !v.paused)).toBe(true);
    await expectNoSeriousA11yViolations(page);
  });
});

// Public pages in a real browser, on the demo content: counters, gallery and lightbox, the call to
// action's transition, the offer page (progress, sections, both dialogs), /about, accessibility.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, isPhone, login, test, waitForAppHydration } from "./support";

async function counterValues(page: Page) {
  return page.getByTestId("counter-value").allTextContents();
}

test.describe("home", () => {
  test(
    "the counters reach '100+' and '24/7' and count again each time they come back into view",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "no-preference" });
      await page.goto("/");
      const block = page.getByTestId("hero-counters");
      await block.scrollIntoViewIfNeeded();
      await expect(block).toHaveAttribute("data-runs", "1");
      await expect(page.getByTestId("counter-value")).toHaveText(["100+", "24/7"]);
      await expect(page.getByText("Clients satisfaits chaque jour")).toBeVisible();
      await expect(page.getByText("À votre service")).toBeVisible();

      // Away, then back: a new run starts from 0 and ends on the same values.
      await page.getByRole("heading", { name: "Nos Réalisations" }).scrollIntoViewIfNeeded();
      await page.waitForTimeout(200);
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
      await expect(block).toHaveAttribute("data-runs", "2");
      const during = await counterValues(page);
      expect(during).not.toEqual(["100+", "24/7"]);
      await expect(page.getByTestId("counter-value")).toHaveText(["100+", "24/7"]);
    },
  );

  test("with reduced motion the counters simply show their final values", { tag: "@any-width" }, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    await page.waitForTimeout(300);
    await expect(page.getByTestId("hero-counters")).toHaveAttribute("data-runs", "0");
    expect(await counterValues(page)).toEqual(["100+", "24/7"]);
  });

  test("'Nos Réalisations': 6 featured photos in two rows, a lightbox with wrap-around, keys and focus return", async ({
    page,
  }) => {
    await page.goto("/");
    const section = page.getByTestId("featured-gallery");
    await expect(section.getByText("On pourrait en parler... mais on préfère vous le montrer.")).toBeVisible();
    await section.scrollIntoViewIfNeeded();
    const rows = section.getByTestId("gallery-row");
    await expect(rows).toHaveCount(2);
    const photos = section.getByRole("link", { name: /^Agrandir/ });
    await expect(photos).toHaveCount(6);
    for (const row of await rows.all()) await expect(row.getByRole("link")).toHaveCount(3);
    const box = await photos.first().boundingBox();
    expect(Math.round(box!.height)).toBe(300);

    const first = photos.first();
    await waitForAppHydration(page);
    await first.click();
    const lightbox = page.getByRole("dialog");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.getByRole("heading", { name: "Photo 1 sur 6" })).toBeAttached();
    await expect(lightbox.getByTestId("lightbox-image")).toBeVisible();
    await lightbox.getByRole("button", { name: "Photo précédente" }).click();
    await expect(lightbox.getByRole("heading", { name: "Photo 6 sur 6" })).toBeAttached();
    await lightbox.getByRole("button", { name: "Photo suivante" }).click();
    await expect(lightbox.getByRole("heading", { name: "Photo 1 sur 6" })).toBeAttached();
    await page.keyboard.press("ArrowRight");
    await expect(lightbox.getByRole("heading", { name: "Photo 2 sur 6" })).toBeAttached();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect(lightbox.getByRole("heading", { name: "Photo 6 sur 6" })).toBeAttached();

    // Focus stays inside while open.
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("Tab");
      expect(await lightbox.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await page.keyboard.press("Escape");
    await expect(lightbox).toBeHidden();
    await expect(first).toBeFocused();

    // The close button closes too.
    await photos.nth(2).click();
    await page.getByRole("dialog").getByRole("button", { name: "Fermer" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(photos.nth(2)).toBeFocused();

    await section.getByRole("link", { name: "Voir toutes les photos" }).click();
    await expect(page).toHaveURL(/\/galerie$/);
  });

  test(
    "the call to action fades to black, reads 'Redirection...' and lands on /notre-offre at 80 px",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/");
      const cta = page.getByTestId("cta-button");
      await expect(cta).toHaveText("Voir ce qu'on peut créer ensemble");
      await waitForAppHydration(page);
      await cta.scrollIntoViewIfNeeded();
      // Text and state recorded by the page itself as they change: the page leaves 650 ms after the
      // click, which a busy machine can spend between two checks from the test.
      await cta.evaluate((button: HTMLButtonElement) => {
        const seen: string[] = [];
        (window as unknown as { ctaStates: string[] }).ctaStates = seen;
        const record = () => seen.push(`${button.textContent}|${button.disabled}`);
        new MutationObserver(record).observe(button, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
      });
      await cta.click();
      await expect
        .poll(() =>
          page.evaluate(() => (window as unknown as { ctaStates?: string[] }).ctaStates ?? []).catch(() => []),
        )
        .toContain("Redirection...|true");
      await expect(page.getByTestId("page-transition")).toBeAttached();
      await expect(page).toHaveURL(/\/notre-offre$/);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Une offre clé en main");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(80);
      await expect(page.getByTestId("page-transition")).toHaveCount(0);
    },
  );

  test(
    "the contact and social sections show skeletons, then the form and the channels",
    { tag: "@any-width" },
    async ({ page }) => {
      await page.goto("/");
      await expect(page.getByTestId("contact-skeleton")).toBeAttached();
      await page.locator("#contact").scrollIntoViewIfNeeded();
      await expect(page.getByTestId("contact-skeleton")).toHaveCount(0, { timeout: 5000 });
      await expect(page.locator("#contact").getByRole("button", { name: "Envoyer la demande" })).toBeVisible();
      const social = page.getByTestId("social-section");
      await expect(social.getByRole("link", { name: /Instagram/ })).toBeVisible();
      await expect(social.getByTestId("social-skeleton")).toHaveCount(0);
      const contact = page.locator("#contact");
      await expect(contact.getByText("Réponse en moins de 24 heures")).toBeVisible();
      await expect(contact.getByText("Soutien 24/7")).toBeVisible();
      await expect(contact.getByText("Québec et Lévis")).toBeVisible();
      await expect(contact.getByRole("link", { name: /\d{3} \d{3}-\d{4}/ })).toHaveAttribute("href", /^tel:/);
      await expectNoSeriousA11yViolations(page);
    },
  );
});

test.describe("/galerie", () => {
  test("square tiles; a click opens the full-screen lightbox and a click on the photo closes it", async ({ page }) => {
    await page.goto("/galerie");
    const tiles = page.getByRole("list", { name: "Photos de nos réalisations" }).getByRole("link");
    expect(await tiles.count()).toBeGreaterThanOrEqual(6);
    const box = (await tiles.first().boundingBox())!;
    expect(Math.abs(box.width - box.height)).toBeLessThan(2);
    await waitForAppHydration(page);
    await tiles.nth(1).click();
    const image = page.getByTestId("lightbox-image");
    await expect(image).toBeVisible();
    const viewport = page.viewportSize()!;
    const dialogBox = (await page.getByRole("dialog").boundingBox())!;
    expect(dialogBox.width).toBe(viewport.width);
    expect(dialogBox.height).toBe(viewport.height);
    await image.click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(tiles.nth(1)).toBeFocused();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("/galerie and the home page show their photos, not placeholders", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/galerie");
    const tiles = page.getByRole("list", { name: "Photos de nos réalisations" }).getByRole("link");
    expect(await tiles.count()).toBeGreaterThanOrEqual(6);
    await expect(tiles.first().locator("img")).toBeVisible();
    await expect(page.getByTestId("gallery-placeholder")).toHaveCount(0);

    await page.goto("/");
    await expect(page.getByTestId("featured-gallery").locator("img").first()).toBeVisible();
    await expect(page.getByTestId("gallery-skeleton")).toHaveCount(0);
  });
});

test.describe("/notre-offre", () => {
  test("buttons scroll to each section, the progress indicator follows, 'Retour en haut' goes back up", async ({
    page,
  }) => {
    await page.goto("/notre-offre");
    const progress = page.getByTestId("offer-progress");
    const bar = progress.getByRole("progressbar");
    await expect(progress).toHaveAttribute("data-active", "-1");

    const titles = ["Choisir la machine parfaite", "Des produits qui se démarquent", "Laissez-nous faire le reste"];
    const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
    let previous = -1;
    await waitForAppHydration(page);
    for (const [i, title] of titles.entries()) {
      await header.getByRole("link", { name: title }).click();
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeInViewport();
      await expect(progress).toHaveAttribute("data-active", String(i));
      await expect(
        progress.getByRole("link", { name: new RegExp(`^Section ${i + 1} : .+ — ${title}$`) }),
      ).toHaveAttribute("aria-current", "step");
      const value = Number(await bar.getAttribute("aria-valuenow"));
      expect(value).toBeGreaterThan(previous);
      previous = value;
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));
    }

    // The last section holds the request form.
    await header.getByRole("link", { name: titles[2]! }).click();
    await page.locator("#demande").scrollIntoViewIfNeeded();
    await expect(page.locator("#demande").getByRole("button", { name: "Envoyer la demande" })).toBeVisible();
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: "instant" }));

    // The indicator's own buttons move too.
    await page.getByTestId("offer-section-1").scrollIntoViewIfNeeded();
    await progress.getByRole("link", { name: /^Section 2/ }).click();
    await expect(progress).toHaveAttribute("data-active", "1");
    await expect(page.getByRole("heading", { level: 2, name: titles[1] })).toBeInViewport();

    await page.getByRole("link", { name: "Retour en haut" }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await expect(progress).toHaveAttribute("data-active", "-1");
  });

  test("the Machines dialog goes categories → machines → machine and back", async ({ page }) => {
    await page.goto("/notre-offre");
    await waitForAppHydration(page);
    await page.getByRole("link", { name: "Voir nos machines" }).click();
    const dialog = page.getByTestId("machines-dialog");
    await expect(dialog.getByRole("heading", { name: "Nos machines" })).toBeVisible();
    const box = (await dialog.boundingBox())!;
    const viewport = page.viewportSize()!;
    expect(box.width).toBeGreaterThan(viewport.width * 0.9);
    expect(box.height).toBeGreaterThan(viewport.height * 0.9);

    const categories = dialog.getByRole("link", { name: /Découvrir les machines/ });
    await expect(categories.first()).toBeVisible();
    const categoryName = (await categories.first().getByRole("heading").textContent())!;
    await categories.first().click();
    await expect(dialog.getByRole("heading", { level: 2, name: categoryName })).toBeFocused();
    const machines = dialog.getByRole("listitem").getByRole("link");
    await expect(machines.first()).toBeVisible();
    await expect(machines.first()).toContainText("Installation gratuite");
    await expect(machines.first()).toContainText(/En stock|Sur commande/);
    const machineName = (await machines.first().getByRole("heading").textContent())!;
    await expectNoSeriousA11yViolations(page);
    await machines.first().click();
    // The machine's view: an address of its own, above the dialog (tests/e2e/offer-machine-view.spec.ts).
    const view = page.getByTestId("machine-view");
    await expect(view.getByRole("heading", { level: 3, name: machineName })).toBeVisible();
    await expect(view.getByText(/✓ Disponible en entrepôt|⏱ Sur commande/)).toBeVisible();
    await expect(view.getByText("Installation gratuite")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await view.getByRole("button", { name: "Machines", exact: true }).click();
    await expect(view).toBeHidden();
    await expect(dialog.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
    await dialog.getByRole("button", { name: "Catégories", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "Nos machines" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("link", { name: "Voir nos machines" })).toBeFocused();
  });

  test("the Products dialog searches ('Aucun produit trouvé'), opens a product and comes back", async ({ page }) => {
    await page.goto("/notre-offre");
    await waitForAppHydration(page);
    await page.getByRole("link", { name: "Parcourir nos produits" }).click();
    const dialog = page.getByTestId("products-dialog");
    await expect(dialog.getByRole("heading", { name: "Nos Produits" })).toBeVisible();
    const cards = dialog.getByTestId("products-list").getByRole("link");
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText("Installation gratuite");
    const search = dialog.getByRole("searchbox", { name: "Rechercher un produit" });
    await search.fill("zzzz introuvable");
    await expect(dialog.getByText("Aucun produit trouvé")).toBeVisible();
    await search.fill("");
    await expect(cards.first()).toBeVisible();
    const name = (await cards.nth(1).getByRole("heading").textContent())!;
    await search.fill(name.slice(0, 6).toUpperCase());
    await expect(cards.filter({ hasText: name })).toHaveCount(1);
    await cards.filter({ hasText: name }).click();
    await expect(dialog.getByRole("heading", { level: 3, name })).toBeVisible();
    await expect(dialog.getByRole("heading", { level: 2, name })).toBeFocused();
    await expect(dialog.getByText(/\d+,\d{2}\s\$/).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Produits", exact: true }).click();
    await expect(dialog.getByRole("heading", { name: "Nos Produits" })).toBeVisible();
    await expect(search).toHaveValue(name.slice(0, 6).toUpperCase());
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toBeHidden();
  });

  test("has no serious accessibility violation", async ({ page }) => {
    await page.goto("/notre-offre");
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("other pages", () => {
  test(
    "/about is 'Page non trouvée' signed out and the about page signed in",
    { tag: "@any-width" },
    async ({ page }) => {
      const response = await page.goto("/about");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
      await login(page);
      await page.goto("/about");
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByTestId("benefits").getByRole("listitem")).toHaveCount(4);
      await expect(page.getByTestId("process-steps").getByRole("listitem")).toHaveCount(4);
      for (const step of [
        "Visite des lieux",
        "Livraison et installation",
        "Période d'ajustement des produits",
        "Remplissage et entretien continus",
      ]) {
        await expect(page.getByRole("heading", { name: step })).toBeVisible();
      }
      await expectNoSeriousA11yViolations(page);
    },
  );

  test("/confirmation, /contact and the privacy policy read right and pass axe", async ({ page }) => {
    await page.goto("/confirmation");
    await expect(page.getByRole("heading", { name: "Demande reçue !" })).toBeVisible();
    await expect(page.getByText(/dans les 24 heures/)).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /Instagram/ })).toHaveAttribute(
      "href",
      /instagram\.com/,
    );
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("main").getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);

    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Parlons de votre espace" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Politique de confidentialité" }).click();
    await expect(page).toHaveURL(/\/politique-de-confidentialite$/);
    await expect(page.getByRole("heading", { level: 1, name: "Politique de confidentialité" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Vos droits" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("the sitemap lists the public pages", { tag: "@any-width" }, async ({ request }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.headers()["content-type"]).toContain("xml");
    const body = await response.text();
    for (const path of ["/", "/galerie", "/notre-offre", "/contact", "/politique-de-confidentialite"]) {
      expect(body).toMatch(new RegExp(`<loc>https?://[^<]+${path.replace(/\//g, "\\/")}</loc>`));
    }
    expect(body).not.toContain("/about");
    expect(body).not.toContain("/edit");
  });
});

test("the home page has no serious accessibility violation", async ({ page }) => {
  await page.goto("/");
  await expectNoSeriousA11yViolations(page);
  if (isPhone(page)) await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeVisible();
});

test("no public page scrolls sideways, once everything has appeared", async ({ page }) => {
  for (const path of ["/", "/galerie", "/notre-offre", "/contact", "/confirmation", "/politique-de-confidentialite"]) {
    await page.goto(path);
    await page.waitForTimeout(1500); // past the skeleton delays
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});

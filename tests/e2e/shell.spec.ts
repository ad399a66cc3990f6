import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, isPhone, login, test, waitForAppHydration } from "./support";

const PUBLIC_LINKS = ["Accueil", "Notre offre"];
const STAFF_LINKS = ["Produits", "Machines", "À propos de nous", "Créer ma machine", "Administration"];

async function openMenuIfPhone(page: import("@playwright/test").Page) {
  if (!isPhone(page)) return;
  const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
  await toggle.click();
  await expect(page.getByRole("button", { name: "Fermer le menu" })).toHaveAttribute("aria-expanded", "true");
}

test("visitors see only the public links and the contact button", async ({ page }) => {
  await page.goto("/");
  await openMenuIfPhone(page);
  const nav = page.getByRole("navigation", { name: "Navigation principale" }).locator("..");
  for (const name of PUBLIC_LINKS)
    await expect(nav.getByRole("link", { name, exact: true }).locator("visible=true")).toHaveCount(1);
  await expect(nav.getByRole("link", { name: "Contactez-nous" }).locator("visible=true")).toHaveCount(1);
  for (const name of STAFF_LINKS) await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
  await expect(nav.getByRole("link", { name: "Accueil", exact: true }).locator("visible=true")).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("the mobile menu opens, closes with its button and closes on a link click", async ({ page }) => {
  test.skip(!isPhone(page), "phone layout only");
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Ouvrir le menu" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await page.getByRole("button", { name: "Fermer le menu" }).click();
  await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Ouvrir le menu" }).click();
  await page.locator("header").getByRole("link", { name: "Notre offre" }).locator("visible=true").click();
  await expect(page).toHaveURL(/\/notre-offre$/);
  await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toHaveAttribute("aria-expanded", "false");
});

test("the desktop bar shows the links without a menu button", async ({ page }) => {
  test.skip(isPhone(page), "desktop layout only");
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Ouvrir le menu" })).toBeHidden();
  await expect(page.locator("header").getByRole("link", { name: "Notre offre" }).locator("visible=true")).toHaveCount(
    1,
  );
});

test("a wrong password shows 'Erreur de connexion' and stays on /login", { tag: "@any-width" }, async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Nom d'utilisateur").fill("admin");
  await page.getByLabel("Mot de passe").fill("mauvais");
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Erreur de connexion" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText("Nom d'utilisateur ou mot de passe incorrect.");
  await expect(page).toHaveURL(/\/login$/);
});

test("signing in shows 'Connexion réussie', opens /edit and reveals the staff links; logout hides them", async ({
  page,
}) => {
  await login(page);
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Connexion réussie" })).toBeVisible();
  await openMenuIfPhone(page);
  const header = page.locator("header");
  for (const name of STAFF_LINKS)
    await expect(header.getByRole("link", { name, exact: true }).locator("visible=true")).toHaveCount(1);
  if (isPhone(page)) await page.getByRole("button", { name: "Fermer le menu" }).click();

  // Exact: 'Se déconnecter partout' sits next to it.
  await page.getByRole("button", { name: "Se déconnecter", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Connexion du personnel" })).toBeVisible();
  await page.goto("/edit");
  await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
});

test(
  "an unknown path shows the Oups screen with a link home and logs the path",
  { tag: "@any-width" },
  async ({ page }) => {
    const messages: string[] = [];
    page.on("console", (message) => messages.push(message.text()));
    const response = await page.goto("/nulle-part");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oups !" })).toBeVisible();
    await page.getByRole("link", { name: "Retour à l'accueil" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(messages.some((m) => m.includes("/nulle-part"))).toBe(true);
  },
);

test(
  "a protected path while signed out answers 'Page non trouvée' with 404, also on client navigation",
  { tag: "@any-width" },
  async ({ page }) => {
    const response = await page.goto("/edit-products");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Retour à l'accueil" })).toBeVisible();
  },
);

test(
  "a session that ends meanwhile gets 'Page non trouvée' on client navigation too",
  { tag: "@any-width" },
  async ({ page, context }) => {
    await login(page);
    await page.goto("/notre-offre");
    await context.clearCookies();
    await openMenuIfPhone(page);
    await page.locator("header").getByRole("link", { name: "Créer ma machine" }).locator("visible=true").click();
    await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  },
);

test("the shell has no serious accessibility violation", async ({ page }) => {
  await page.goto("/login");
  await expectNoSeriousA11yViolations(page);
});

test(
  "the app's scripts are requested once the page has painted, and the page then hydrates",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/");
    await waitForAppHydration(page);
    const timing = await page.evaluate(() => ({
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Infinity,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.startsWith("/assets/") && entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    }));
    expect(timing.scripts.length).toBeGreaterThan(3);
    for (const start of timing.scripts) expect(start).toBeGreaterThanOrEqual(timing.firstPaint);
  },
);

test(
  "a visitor who only reads never downloads the toast library; the first tap or key loads it",
  { tag: "@any-width" },
  async ({ page }) => {
    const toastScripts: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/toaster-[^/]+\.js$/.test(request.url())) toastScripts.push(request.url());
    });
    await page.goto("/");
    await waitForAppHydration(page);
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(500);
    expect(toastScripts).toEqual([]);
    await page.keyboard.press("Tab");
    await expect.poll(() => toastScripts.length).toBe(1);
    await expect(page.getByRole("region", { name: /Notifications/ })).toBeAttached();
  },
);

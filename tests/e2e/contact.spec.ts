import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration } from "./support";

// The form's French texts, as the visitor reads them.
const REQUIRED = "Veuillez remplir tous les champs obligatoires.";
const PHONE = "Veuillez entrer votre numéro de téléphone.";
const SEND_FAILED = "Une erreur est survenue lors de l'envoi. Veuillez réessayer.";

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

function form(page: Page) {
  const scope = page.getByRole("form", { name: "Demande de contact" });
  return {
    scope,
    name: scope.getByLabel("Nom complet"),
    email: scope.getByLabel("Courriel"),
    type: scope.getByLabel("Type d'emplacement"),
    region: scope.getByLabel("Région"),
    delay: scope.getByLabel("Délai d'installation souhaité"),
    description: scope.getByLabel("Votre demande"),
    prefersPhone: scope.getByLabel("Je préfère être contacté par téléphone"),
    phone: scope.getByLabel("Numéro de téléphone"),
    submit: scope.getByRole("button", { name: /Envoyer la demande|Envoi en cours/ }),
  };
}

async function fillAll(page: Page, name: string) {
  const f = form(page);
  await f.name.fill(name);
  await f.email.fill("julie@cliniqueboreale.ca");
  await f.type.selectOption({ label: "Hôpital" });
  await f.region.selectOption({ label: "Lévis" });
  await f.delay.selectOption({ label: "1–3 mois" });
  await f.description.fill(
    "Une distributrice de collations santé pour la salle d'attente.\nPaiement sans contact, si possible.",
  );
  await f.prefersPhone.check();
  await f.phone.fill("418 555-0188");
  return f;
}

/** Only the form's POST (the page itself and other requests pass). */
async function onContactPost(page: Page, handler: Parameters<Page["route"]>[1]) {
  await page.route(
    (url) => url.pathname.startsWith("/contact"),
    async (route, request) => {
      if (request.method() === "POST") await handler(route, request);
      else await route.fallback();
    },
  );
}

test.describe("contact form with JavaScript", () => {
  test("a full request goes through to /confirmation without a page reload", async ({ page }) => {
    await page.goto("/contact");
    await expect(form(page).scope.getByRole("link", { name: "politique de confidentialité" })).toHaveAttribute(
      "href",
      "/politique-de-confidentialite",
    );
    await expectNoSeriousA11yViolations(page);
    // Marks the document: a full reload would lose it.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const f = await fillAll(page, unique("Julie Gagnon"));
    await f.submit.click();
    await expect(page).toHaveURL(/\/confirmation$/);
    expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  test("says which fields are missing, then asks for the phone number", { tag: "@any-width" }, async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await expect(f.phone).toBeHidden();
    await f.submit.click();
    await expect(page.getByText(REQUIRED)).toBeVisible();
    await expect(page.locator("[data-sonner-toast]").getByText("Erreur", { exact: true })).toBeVisible();
    for (const field of [f.name, f.email, f.description]) await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(f.name).toBeFocused();
    await expect(f.name).toHaveAccessibleDescription("Ce champ est obligatoire.");
    // The form in its error state (once the toast, styled by the shared toaster, has gone).
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);

    await f.name.fill("Marc-André Roy");
    await expect(f.name).not.toHaveAttribute("aria-invalid", "true");
    await f.email.fill("marc@gymlimoilou.ca");
    await f.description.fill("Une machine à boissons protéinées.");
    await f.prefersPhone.check();
    await expect(f.phone).toBeVisible();
    await f.submit.click();
    await expect(page.locator("[data-sonner-toast]").getByText(PHONE)).toBeVisible();
    await expect(f.phone).toHaveAttribute("aria-invalid", "true");
    await expect(f.phone).toBeFocused();
    await expect(page).toHaveURL(/\/contact$/);

    await f.email.fill("marc@gymlimoilou");
    await f.phone.fill("418 555-0123");
    await f.submit.click();
    await expect(page.getByText("Veuillez entrer une adresse courriel valide.").first()).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test(
    "a request sent before the form's checks have loaded is checked, then sent once",
    { tag: "@any-width" },
    async ({ page }) => {
      // The checks (and their validation library) load at the first touch of the form: held back here.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let asked = 0;
      await page.route(/\/assets\/(schema|zod)-[\w-]+\.js$/, async (route) => {
        asked++;
        await held;
        await route.continue();
      });
      await page.goto("/contact");
      await waitForAppHydration(page);
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      let posts = 0;
      page.on("request", (request) => {
        if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact")) posts++;
      });
      const f = await fillAll(page, unique("Avant Les Vérifications"));
      await f.submit.click();
      await f.submit.click();
      await expect.poll(() => asked).toBeGreaterThan(0);
      await expect(page).toHaveURL(/\/contact$/);
      release();
      await expect(page).toHaveURL(/\/confirmation$/);
      // Pressed twice while waiting: sent once.
      expect(posts).toBe(1);
      // Sent by the app (no page load), once checked.
      expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
    },
  );

  test(
    "pressed twice before the checks have loaded, an incomplete form is checked once",
    { tag: "@any-width" },
    async ({ page }) => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/(schema|zod)-[\w-]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto("/contact");
      await waitForAppHydration(page);
      const f = form(page);
      await f.submit.click();
      await f.submit.click();
      release();
      await expect(page.locator("[data-sonner-toast]").getByText(REQUIRED)).toBeVisible();
      await expect(f.name).toBeFocused();
      await page.waitForTimeout(500);
      await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
    },
  );

  test("shows 'Envoi en cours...' and a disabled button while sending", { tag: "@any-width" }, async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await onContactPost(page, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/contact");
    const f = await fillAll(page, unique("Envoi Lent"));
    await f.submit.click();
    const sending = page.getByRole("button", { name: "Envoi en cours…" });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/confirmation$/);
  });

  test("a failed send shows the error toast and keeps every field", { tag: "@any-width" }, async ({ page }) => {
    await onContactPost(page, (route) => route.abort("connectionfailed"));
    await page.goto("/contact");
    const name = unique("Réseau Coupé");
    const f = await fillAll(page, name);
    await f.submit.click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: SEND_FAILED });
    await expect(toast).toBeVisible();
    await expect(toast.getByText("Erreur", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(f.name).toHaveValue(name);
    await expect(f.email).toHaveValue("julie@cliniqueboreale.ca");
    await expect(f.type).toHaveValue("hospital");
    await expect(f.region).toHaveValue("levis");
    await expect(f.delay).toHaveValue("1-3-months");
    await expect(f.description).toHaveValue(/salle d'attente/);
    await expect(f.prefersPhone).toBeChecked();
    await expect(f.phone).toHaveValue("418 555-0188");
    await expect(f.submit).toBeEnabled();
    await expect(f.submit).toHaveText("Envoyer la demande");
  });
});

test(
  "on a phone, the floating Instagram button steps aside while a field is filled in",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/contact");
    const instagram = page.getByRole("link", { name: "Contactez-nous sur Instagram" });
    await expect(instagram).toBeVisible();
    await form(page).name.click();
    await page.keyboard.type("Julie");
    await expect(instagram).toBeHidden();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(instagram).toBeVisible();
    // On a desktop it stays where it is.
    await page.setViewportSize({ width: 1280, height: 900 });
    await form(page).name.click();
    await expect(instagram).toBeVisible();
  },
);

test.describe("contact form without JavaScript", { tag: "@any-width" }, () => {
  test.use({ javaScriptEnabled: false });

  test("the server checks the form and answers with the values and the French message", async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await f.name.fill("Sans Script");
    await f.prefersPhone.check();
    await expect(f.phone).toBeVisible(); // shown by CSS alone
    await f.submit.click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole("alert")).toContainText(REQUIRED);
    await expect(f.name).toHaveValue("Sans Script");
    await expect(f.prefersPhone).toBeChecked();
    await expect(f.email).toHaveAttribute("aria-invalid", "true");

    await f.email.fill("sans.script@exemple.ca");
    await f.description.fill("Une demande envoyée sans JavaScript.");
    await f.submit.click();
    await expect(page.getByRole("alert")).toContainText(PHONE);
    await expect(f.description).toHaveValue("Une demande envoyée sans JavaScript.");
  });

  test("a full request goes through to /confirmation", async ({ page }) => {
    await page.goto("/contact");
    const f = await fillAll(page, unique("Sans Script"));
    await f.submit.click();
    await expect(page).toHaveURL(/\/confirmation$/);
  });
});

test.describe("inbox", () => {
  test("the admin sees the request, opens it and moves it in the pipeline", { tag: "@any-width" }, async ({ page }) => {
    const name = unique("Boîte Réception");
    await page.goto("/contact");
    const f = await fillAll(page, name);
    await f.type.selectOption({ label: "Centre sportif" });
    // A person takes more than 3 s to fill the form in; a faster one is kept apart as spam.
    await page.waitForTimeout(3_100);
    await f.submit.click();
    await expect(page).toHaveURL(/\/confirmation$/);

    await login(page);
    await page.goto("/edit-demandes");
    await expect(page.getByRole("heading", { level: 1, name: "Demandes de contact" })).toBeVisible();
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Statut : Nouvelle")).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await card.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    for (const text of [
      "julie@cliniqueboreale.ca",
      "418 555-0188",
      "Centre sportif",
      "Lévis",
      "1–3 mois",
      "Paiement sans contact",
    ]) {
      // The request's emails (folded under 'Voir le texte') repeat these: the request's own is the one shown.
      await expect(page.getByText(text, { exact: false }).filter({ visible: true }).first()).toBeVisible();
    }
    // No webhook in this environment: the request is kept in the inbox.
    await expect(page.getByText("Conservée ici")).toBeVisible();
    await page.getByLabel("Statut de la demande").selectOption({ label: "En cours" });
    await page.getByRole("button", { name: "Changer le statut" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Statut changé : En cours")).toBeVisible();
    await expect(page.getByText("Nouvelle → En cours")).toBeVisible();

    await page.goto("/edit-demandes?dossier=en-cours");
    await expect(page.getByRole("article", { name })).toBeVisible();
  });

  test("is not there for visitors", { tag: "@any-width" }, async ({ page }) => {
    const response = await page.goto("/edit-demandes");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("Page non trouvée")).toBeVisible();
  });
});

// The prospect's path to a request, at phone and desktop width: the offer page's machine view has its
// own address (Back closes it, the address opens it, with or without JavaScript), it ends with the way
// to ask for that machine, and the contact form names the machine, sends it, and the staff see it.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration, waitForEmail } from "./support";

const VIEW_URL = /\/notre-offre\?machine=[0-9a-f-]{36}(#nos-machines\/[0-9a-f-]{36})?$/;
const CATEGORY_URL = /\/notre-offre#nos-machines\/[0-9a-f-]{36}$/;
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Opens the machines dialog, a category, then a machine; returns the machine's name. */
async function openFirstMachine(page: Page) {
  await page.getByRole("link", { name: "Voir nos machines" }).click();
  const dialog = page.getByTestId("machines-dialog");
  await dialog
    .getByRole("link", { name: /Découvrir les machines/ })
    .first()
    .click();
  await expect(page).toHaveURL(CATEGORY_URL);
  const machines = dialog.getByRole("listitem").getByRole("link");
  await expect(machines.first()).toContainText("Installation gratuite");
  const name = (await machines.first().getByRole("heading").textContent())!;
  await machines.first().click();
  // The address changes once the view's data is in.
  await expect(page).toHaveURL(VIEW_URL);
  return { dialog, name };
}

async function fillRequest(page: Page, name: string) {
  const form = page.getByRole("form", { name: "Demande de contact" });
  await form.getByLabel("Nom complet").fill(name);
  await form.getByLabel("Courriel").fill("julie@cliniqueboreale.ca");
  await form.getByLabel("Votre demande").fill("Une distributrice pour la salle des employés, svp.");
  return form;
}

test.describe("with JavaScript", () => {
  test("opening a machine changes the address; Back closes the view, Forward opens it again", async ({ page }) => {
    await page.goto("/notre-offre");
    const { dialog, name } = await openFirstMachine(page);
    const view = page.getByTestId("machine-view");
    await expect(page).toHaveURL(VIEW_URL);
    await expect(view.getByRole("heading", { level: 3, name })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await page.goBack();
    await expect(view).toBeHidden();
    await expect(page).toHaveURL(CATEGORY_URL);
    // Back to the list it was opened from.
    await expect(dialog.getByRole("listitem").getByRole("link").first()).toBeVisible();

    await page.goForward();
    await expect(view.getByRole("heading", { level: 3, name })).toBeVisible();
    // 'Machines' goes back to the list too; the close button closes everything.
    await view.getByRole("button", { name: "Machines", exact: true }).click();
    await expect(view).toBeHidden();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("listitem").getByRole("link").first().click();
    await view.getByRole("link", { name: "Fermer" }).click();
    await expect(view).toBeHidden();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/notre-offre$/);
  });

  test("reloaded, a view opened from the list is the address's view: no way back to a list that is gone", async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/notre-offre");
    const { name } = await openFirstMachine(page);
    await page.reload();
    await waitForAppHydration(page);
    const view = page.getByTestId("machine-view");
    await expect(view.getByRole("heading", { level: 2, name })).toBeVisible();
    // Once the view runs (its next image answers): still no way back to the list, and no error (the
    // page the server sent is the page the app starts on, whatever its history entry's state).
    await view.getByRole("button", { name: "Image suivante" }).click();
    await expect(view.getByRole("button", { name: "Afficher l'image 2" })).toHaveAttribute("aria-current", "true");
    await expect(view.getByRole("button", { name: "Machines", exact: true })).toHaveCount(0);
    await expect(page.getByTestId("machines-dialog")).toHaveCount(0);
    expect(errors).toEqual([]);
    await view.getByRole("link", { name: "Fermer" }).click();
    await expect(view).toBeHidden();
    await expect(page).toHaveURL(/\/notre-offre$/);
  });

  test("the machines dialog and each category have an address: Back closes them, a shared one opens there", async ({
    page,
  }) => {
    await page.goto("/notre-offre");
    await waitForAppHydration(page);
    const cards = page.getByRole("list", { name: "Nos types de machines" }).getByRole("link");
    const cardCount = await cards.count();
    await page.getByRole("link", { name: "Voir nos machines" }).click();
    const dialog = page.getByTestId("machines-dialog");
    await expect(dialog.getByRole("heading", { name: "Nos machines" })).toBeVisible();
    await expect(page).toHaveURL(/\/notre-offre#nos-machines$/);
    const categories = dialog.getByRole("link", { name: /Découvrir les machines/ });
    await expect(categories.first()).toBeVisible();
    // The page shows a card for every category the dialog lists.
    expect(cardCount).toBe(await categories.count());
    const categoryName = (await categories.first().getByRole("heading").textContent())!;
    await categories.first().click();
    await expect(page).toHaveURL(CATEGORY_URL);
    await expect(dialog.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
    const shared = page.url();

    await page.goBack();
    await expect(dialog.getByRole("heading", { level: 2, name: "Nos machines" })).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/notre-offre$/);
    await expect(page.getByRole("link", { name: "Voir nos machines" })).toBeVisible();

    // Someone opens the category's address: the dialog opens on its machines; closing leaves the page.
    await page.goto("about:blank");
    await page.goto(shared);
    await waitForAppHydration(page);
    await expect(dialog.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
    await expect(dialog.getByRole("listitem").getByRole("link").first()).toBeVisible();
    await dialog.getByRole("button", { name: "Fermer" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/notre-offre$/);

    // A category's card on the page opens the dialog on that category.
    const card = cards.filter({ hasText: categoryName });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await expect(dialog.getByRole("heading", { level: 2, name: categoryName })).toBeVisible();
    await expect(dialog.getByRole("listitem").getByRole("link").first()).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();

    // The products dialog too: Back closes it.
    await page.getByRole("link", { name: "Parcourir nos produits" }).click();
    const products = page.getByTestId("products-dialog");
    await expect(products.getByRole("heading", { name: "Nos Produits" })).toBeVisible();
    await expect(page).toHaveURL(/\/notre-offre#nos-produits$/);
    await page.goBack();
    await expect(products).toBeHidden();
    await expect(page).toHaveURL(/\/notre-offre$/);
  });

  test(
    "the shared address opens the view; asking for the machine names it in the form and in the inbox",
    { tag: "@any-width" },
    async ({ page, baseURL }) => {
      await page.goto("/notre-offre");
      const { name } = await openFirstMachine(page);
      const shared = page.url();

      // Another visitor opens the shared address.
      await page.goto("about:blank");
      await page.goto(shared);
      const view = page.getByTestId("machine-view");
      await expect(view.getByRole("heading", { level: 2, name })).toBeVisible();
      await expect(view.getByRole("heading", { level: 2, name })).toBeInViewport();

      const ask = view.getByRole("link", { name: "Demander une soumission pour cette machine" });
      await ask.scrollIntoViewIfNeeded();
      await ask.click();
      await expect(page).toHaveURL(/\/contact\?machine=[0-9a-f-]{36}$/);
      const choice = page.getByTestId("machine-choice");
      await expect(choice).toContainText(`Votre demande concerne\u00a0: ${name}`);
      await expectNoSeriousA11yViolations(page);

      const who = unique("Julie Machine");
      const form = await fillRequest(page, who);
      // A person takes more than 3 s to fill the form in; a faster one is kept apart as spam, unannounced.
      await page.waitForTimeout(3_100);
      await form.getByRole("button", { name: "Envoyer la demande" }).click();
      await expect(page).toHaveURL(/\/confirmation$/);

      const mail = await waitForEmail(baseURL!, { to: "equipe@exemple.ca", subject: new RegExp(who) });
      expect(mail.text).toContain(`Machine demandée\u00a0: ${name}`);

      await login(page);
      await page.goto("/edit-demandes");
      const card = page.getByRole("article").filter({ hasText: who });
      await expect(card).toContainText(`Machine demandée : ${name}`);
    },
  );

  test("'Retirer' takes the machine out of the request and keeps what was typed", async ({ page }) => {
    await page.goto("/notre-offre");
    const { name } = await openFirstMachine(page);
    await page
      .getByTestId("machine-view")
      .getByRole("link", { name: /Demander une soumission/ })
      .click();
    const form = await fillRequest(page, "Marc Retrait");
    await page.getByRole("link", { name: `Retirer ${name} de la demande` }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByTestId("machine-choice")).toBeHidden();
    await expect(form.getByLabel("Nom complet")).toHaveValue("Marc Retrait");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the view's address opens it; its links close it and ask for the machine", async ({ page }) => {
    // A machine's id, from the catalogue's pages (what the offer page's button leads to without the app).
    const hrefs = (page: Page) =>
      page.locator('a[href^="/machines/"]').evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    await page.goto("/machines");
    const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
    await page.goto((await hrefs(page)).find((h) => new RegExp(`^/machines/${UUID}$`).test(h))!);
    const href = (await hrefs(page)).find((h) => new RegExp(`^/machines/${UUID}/${UUID}$`).test(h))!;
    const id = href.split("/").at(-1)!;

    await page.goto(`/notre-offre?machine=${id}`);
    const view = page.getByTestId("machine-view");
    await expect(view).toBeVisible();
    const name = (await view.getByRole("heading", { level: 2 }).textContent())!;
    await view.getByRole("link", { name: "Fermer" }).click();
    await expect(page).toHaveURL(/\/notre-offre$/);
    await expect(view).toBeHidden();

    await page.goBack();
    await expect(view).toBeVisible();
    await view.getByRole("link", { name: "Demander une soumission pour cette machine" }).click();
    await expect(page).toHaveURL(`/contact?machine=${id}`);
    await expect(page.getByTestId("machine-choice")).toContainText(name);
    const form = await fillRequest(page, unique("Sans Script"));
    await form.getByRole("button", { name: "Envoyer la demande" }).click();
    await expect(page).toHaveURL(/\/confirmation$/);
  });
});

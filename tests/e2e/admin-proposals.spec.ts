import { devices, expect, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration } from "./support";

// A proposal from the customiser to the client's acceptance: the staff lay out a machine and send it,
// the client opens the link on a phone (with and without JavaScript) and accepts, the staff's list
// follows. Pictures of the client's page at phone and desktop widths go to the test's output folder.

async function fillSlot(page: Page, section: number, n: number, index = 0): Promise<string> {
  await page
    .getByTestId(`slot-${section}-${n}`)
    .getByRole("button", { name: new RegExp(`^Section ${section}, emplacement ${n} \\(`) })
    .click();
  const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
  const product = dialog.getByRole("list").getByRole("button").nth(index);
  const name = (await product.locator("span.line-clamp-2").textContent())!.trim();
  await product.click();
  await expect(dialog).toBeHidden();
  return name;
}

async function clientPage(browser: Browser, baseURL: string, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...devices["Pixel 7"], baseURL, javaScriptEnabled, locale: "fr-CA" });
  return { context, page: await context.newPage() };
}

test("a proposal goes from the customiser to the client's phone, is accepted once, and the staff see it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await login(page);
  await page.goto("/creer-machine");
  const card = page.getByRole("main").getByRole("listitem").first();
  const machine = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link").click();
  await waitForAppHydration(page);
  await expect(page.getByTestId("section-1")).toBeVisible();
  const first = await fillSlot(page, 1, 1);
  const second = await fillSlot(page, 1, 2, 1);

  // Bad input first: the server answers in French and stores nothing.
  await page.getByRole("button", { name: "Envoyer la proposition" }).click();
  const dialog = page.getByRole("dialog", { name: "Envoyer la proposition" });
  await dialog.getByLabel("Nom du client").fill("Éloïse Côté");
  await dialog.getByLabel("Courriel du client").fill("eloise@exemple");
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(dialog.getByText("Veuillez entrer une adresse courriel valide.")).toBeVisible();
  await dialog.getByLabel("Courriel du client").fill("eloise@exemple.ca");
  await dialog.getByLabel("Message").fill("Voici la disposition dont nous avons parlé.");
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Configuration prête")).toBeVisible();
  await expect(page.getByText("Les données de configuration ont été générées.")).toBeVisible();

  // The staff's list.
  await page.goto("/edit-propositions");
  const row = page.getByTestId("proposal-row").filter({ hasText: "Éloïse Côté" }).first();
  await expect(row).toContainText(machine);
  await expect(row.getByTestId("proposal-state")).toHaveText("Envoyée");
  const link = (await row.getByRole("link", { name: "Éloïse Côté" }).getAttribute("href"))!;
  expect(link).toMatch(/^\/proposition\/[0-9a-f]{32}$/);

  // The client, on a phone with JavaScript: the page, its checks, a picture.
  const withJs = await clientPage(browser, baseURL!, true);
  await withJs.page.goto(link);
  await waitForAppHydration(withJs.page);
  await expect(withJs.page.getByRole("heading", { level: 1 })).toHaveText(`Votre machine ${machine}`);
  await expect(withJs.page.getByText(first).first()).toBeVisible();
  await expect(withJs.page.getByText(second).first()).toBeVisible();
  await expect(withJs.page.getByRole("heading", { name: "Installation gratuite" })).toBeVisible();
  await expectNoSeriousA11yViolations(withJs.page);
  await withJs.page.screenshot({ path: testInfo.outputPath("client-phone.png"), fullPage: true });
  await withJs.context.close();

  await page.reload();
  await expect(row.getByTestId("proposal-state")).toHaveText("Vue");

  // Without JavaScript: the form posts as HTML and the page says it is accepted.
  const noJs = await clientPage(browser, baseURL!, false);
  await noJs.page.goto(link);
  await noJs.page.getByRole("button", { name: "Accepter la proposition" }).click();
  await expect(noJs.page.getByTestId("accepted")).toContainText("Proposition acceptée");
  await expect(noJs.page.getByRole("button", { name: "Accepter la proposition" })).toHaveCount(0);
  await noJs.context.close();

  await page.reload();
  await expect(row.getByTestId("proposal-state")).toHaveText("Acceptée");

  // The desktop picture, as the staff see it (same page).
  await page.goto(link);
  await page.screenshot({ path: testInfo.outputPath("client-desktop.png"), fullPage: true });
  const pdf = await page.request.get(`${link}/pdf`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
});

test("a change request from the phone without JavaScript is shown on the proposal", async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page);
  await page.goto("/creer-machine");
  await page.getByRole("main").getByRole("listitem").nth(1).getByRole("link").click();
  await waitForAppHydration(page);
  await fillSlot(page, 1, 1);
  await page.getByRole("button", { name: "Envoyer la proposition" }).click();
  const dialog = page.getByRole("dialog", { name: "Envoyer la proposition" });
  await dialog.getByLabel("Nom du client").fill("Marc-André Gagné");
  await dialog.getByLabel("Courriel du client").fill("marc@exemple.ca");
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  await expect(page.getByText("Configuration prête")).toBeVisible();
  await page.goto("/edit-propositions");
  const row = page.getByTestId("proposal-row").filter({ hasText: "Marc-André Gagné" }).first();
  const link = (await row.getByRole("link", { name: "Marc-André Gagné" }).getAttribute("href"))!;

  const noJs = await clientPage(browser, baseURL!, false);
  await noJs.page.goto(link);
  await noJs.page.getByLabel("Vos modifications").fill("Plus de boissons froides, s'il vous plaît.");
  await noJs.page.getByRole("button", { name: "Demander des modifications" }).click();
  await expect(noJs.page.getByTestId("change-request")).toHaveText("Plus de boissons froides, s'il vous plaît.");
  await noJs.context.close();

  await page.reload();
  await expect(row.getByTestId("proposal-state")).toHaveText("Modifications demandées");
});

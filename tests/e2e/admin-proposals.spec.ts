import { devices, expect, type Browser, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration, waitForEmail } from "./support";

// A proposal from the customiser to the client's acceptance: the staff lay out a machine and send it,
// the client opens the link of the email they received on a phone (without JavaScript, then with it)
// and accepts, the staff's list and the linked request follow. Pictures of the client's page at phone
// and desktop widths go to the test's output folder.

const STAFF = "equipe@exemple.ca";
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function fillSlot(page: Page, section: number, n: number, index = 0): Promise<string> {
  await page
    .getByTestId(`slot-${section}-${n}`)
    .getByRole("button", { name: new RegExp(`^Section ${section}, emplacement ${n} \\(`) })
    .click();
  const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
  // A demo product: the product spec, on the same server, creates and deletes its own 'Barre e2e …'
  // meanwhile, and a proposal naming a deleted product is rightly refused.
  const product = dialog.getByRole("list").getByRole("button").filter({ hasNotText: "e2e" }).nth(index);
  const name = (await product.locator("span.line-clamp-2").textContent())!.trim();
  await product.click();
  await expect(dialog).toBeHidden();
  return name;
}

/** A phone 390 px wide, signed out. */
async function clientPage(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({
    ...devices["Pixel 7"],
    viewport: { width: 390, height: 844 },
    javaScriptEnabled,
    locale: "fr-CA",
  });
  return { context, page: await context.newPage() };
}

/** The address after `label` in the email's text part ('Voir ma proposition : https://…'). */
function linkAfter(text: string, label: string): string {
  const line = text.split("\n").find((l) => l.startsWith(`${label} : `));
  expect(line, `the email has a line '${label} : …'`).toBeDefined();
  return line!.slice(label.length + 3).trim();
}

test("a proposal goes from the customiser to the client's phone by email, is accepted once, and the staff see it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The whole journey: a request, the customiser, two phones, the staff's screens.
  test.setTimeout(120_000);
  await login(page);
  // A request from the contact form, which the proposal answers.
  const email = `eloise.${unique()}@exemple.ca`;
  const posted = await page.request.post("/contact", {
    form: {
      nom_complet: "Éloïse Côté",
      courriel: email,
      description_demande: "Une distributrice de collations pour la salle des employés.",
      type_emplacement: "office",
      emplacement: "quebec",
      date_installation: "1-3-months",
      duree_saisie: "45000",
    },
    headers: { origin: new URL(page.url()).origin },
    maxRedirects: 0,
  });
  expect(posted.status()).toBe(302);

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
  await dialog.getByLabel("Courriel du client").fill(email);
  await dialog.getByLabel("Demande liée").selectOption({ label: `Éloïse Côté — ${email}` });
  await dialog.getByLabel("Message").fill("Voici la disposition dont nous avons parlé.");
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  // Stored, its PDF's data snapshotted and its email queued in one transaction: slower on a loaded runner.
  await expect(page.getByText("Configuration prête")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Les données de configuration ont été générées.")).toBeVisible();

  // The staff's list.
  await page.goto("/edit-propositions");
  const row = page.getByTestId("proposal-row").filter({ hasText: email });
  await expect(row).toContainText(machine);
  await expect(row.getByTestId("proposal-state")).toHaveText("Envoyée");
  const path = (await row.getByRole("link", { name: "Éloïse Côté", exact: true }).getAttribute("href"))!;
  expect(path).toMatch(/^\/proposition\/[0-9a-f]{32}$/);
  await expect(row.getByRole("link", { name: /^PDF/ })).toHaveAttribute("href", `${path}.pdf`);

  // The client's email, as the SMTP server received it.
  const mail = await waitForEmail(baseURL!, { to: email, subject: /^Votre proposition / });
  expect(mail.subject).toContain(machine);
  expect(mail.text).toContain("Voici la disposition dont nous avons parlé.");
  const link = linkAfter(mail.text!, "Voir ma proposition");
  const pdfLink = linkAfter(mail.text!, "Version PDF");
  expect(new URL(link).pathname).toBe(path);
  expect(pdfLink).toBe(`${link}.pdf`);
  expect(mail.html).toContain(`href="${link}"`);

  // The client opens it on a phone without JavaScript: the page and its PDF.
  const noJs = await clientPage(browser, false);
  await noJs.page.goto(link);
  await expect(noJs.page.getByRole("heading", { level: 1 })).toHaveText(`Votre machine ${machine}`);
  await expect(noJs.page.getByText(first).first()).toBeVisible();
  await expect(noJs.page.getByText(second).first()).toBeVisible();
  const promises = noJs.page.getByRole("region", { name: "Nos engagements" });
  await expect(promises.getByText("Installation gratuite")).toBeVisible();
  const download = noJs.page.getByRole("link", { name: "Télécharger le PDF" });
  await expect(download).toHaveAttribute("href", new URL(pdfLink).pathname);
  const pdf = await noJs.context.request.get(pdfLink);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  await noJs.context.close();

  await page.reload();
  await expect(row.getByTestId("proposal-state")).toHaveText("Vue");

  // Then with JavaScript: the checks, a picture, and the acceptance.
  const withJs = await clientPage(browser, true);
  await withJs.page.goto(link);
  await waitForAppHydration(withJs.page);
  await expect(withJs.page.getByRole("heading", { level: 1 })).toHaveText(`Votre machine ${machine}`);
  await expectNoSeriousA11yViolations(withJs.page);
  expect(await withJs.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await withJs.page.screenshot({ path: testInfo.outputPath("client-390.png"), fullPage: true });
  await withJs.page.getByRole("button", { name: "Accepter la proposition" }).click();
  await expect(withJs.page.getByTestId("accepted")).toContainText("Proposition acceptée");
  await expect(withJs.page.getByRole("button", { name: "Accepter la proposition" })).toHaveCount(0);
  await withJs.context.close();

  await page.reload();
  await expect(row.getByTestId("proposal-state")).toHaveText("Acceptée");
  await page.screenshot({ path: testInfo.outputPath("staff-list-1280.png") });
  const toStaff = await waitForEmail(baseURL!, {
    to: STAFF,
    subject: `Proposition acceptée : Éloïse Côté — ${machine}`,
  });
  expect(toStaff.text).toContain(link);

  // The request it answers is won, and its emails are named.
  await page.goto("/edit-demandes");
  await page
    .getByRole("article", { name: "Éloïse Côté" })
    .filter({ hasText: email })
    .getByRole("link", { name: "Éloïse Côté", exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Éloïse Côté" })).toBeVisible();
  const emails = page.getByRole("region", { name: "Courriels" });
  await expect(emails.getByRole("heading", { name: "Proposition envoyée au client" })).toBeVisible();
  await expect(emails.getByRole("heading", { name: "Avis à l'équipe : proposition acceptée" })).toBeVisible();

  // The desktop picture, as the staff see it (same page).
  await page.goto(link);
  await page.screenshot({ path: testInfo.outputPath("client-1280.png"), fullPage: true });
});

test("a change request from the phone without JavaScript is shown on the proposal and emailed to the staff", async ({
  page,
  browser,
  baseURL,
}) => {
  await login(page);
  await page.goto("/creer-machine");
  const card = page.getByRole("main").getByRole("listitem").nth(1);
  const machine = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link").click();
  await waitForAppHydration(page);
  await fillSlot(page, 1, 1);
  await page.getByRole("button", { name: "Envoyer la proposition" }).click();
  const dialog = page.getByRole("dialog", { name: "Envoyer la proposition" });
  const email = `marc.${unique()}@exemple.ca`;
  await dialog.getByLabel("Nom du client").fill("Marc-André Gagné");
  await dialog.getByLabel("Courriel du client").fill(email);
  await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
  // Stored, its PDF's data snapshotted and its email queued in one transaction: slower on a loaded runner.
  await expect(page.getByText("Configuration prête")).toBeVisible({ timeout: 30_000 });
  const mail = await waitForEmail(baseURL!, { to: email, subject: /^Votre proposition / });
  const link = linkAfter(mail.text!, "Voir ma proposition");

  const noJs = await clientPage(browser, false);
  await noJs.page.goto(link);
  await noJs.page.getByLabel("Vos modifications").fill("Plus de boissons froides, s'il vous plaît.");
  await noJs.page.getByRole("button", { name: "Demander des modifications" }).click();
  await expect(noJs.page.getByTestId("change-request")).toHaveText("Plus de boissons froides, s'il vous plaît.");
  await noJs.context.close();

  await page.goto("/edit-propositions");
  const row = page.getByTestId("proposal-row").filter({ hasText: email });
  await expect(row.getByTestId("proposal-state")).toHaveText("Modifications demandées");
  const toStaff = await waitForEmail(baseURL!, {
    to: STAFF,
    subject: `Modifications demandées : Marc-André Gagné — ${machine}`,
  });
  expect(toStaff.text).toContain("Plus de boissons froides, s'il vous plaît.");
});

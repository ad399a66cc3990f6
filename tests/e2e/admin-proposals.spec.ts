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
  // The label's colon follows a no-break space (French typography).
  const line = text.split("\n").find((l) => l.replace("\u00a0", " ").startsWith(`${label} : `));
  expect(line, `the email has a line '${label} : …'`).toBeDefined();
  return line!.slice(label.length + 3).trim();
}

/** The staff's own screen: a phone 390 px wide, or a desktop 1280 px wide. */
async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext(
    width < 600
      ? { ...devices["Pixel 7"], viewport: { width, height: 844 }, locale: "fr-CA" }
      : { viewport: { width, height: 800 }, locale: "fr-CA" },
  );
  return { context, page: await context.newPage() };
}

for (const width of [1280, 390]) {
  test(`a proposal goes from the customiser (${width} px) to the client's phone by email, is accepted once, and the staff see it`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    const { context: staffContext, page } = await staffPage(browser, width);
    // The whole journey: a request, the customiser, two phones, the staff's screens.
    test.setTimeout(300_000);
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
    // Each request is named with when it came: two of one person can be told apart.
    const requestChoice = dialog.getByLabel("Demande liée").locator("option", { hasText: email });
    await expect(requestChoice).toHaveText(
      new RegExp(`^Éloïse Côté — ${email.replace(/\./g, "\\.")}, \\d{1,2}(er)?\\s\\p{L}+\\s20\\d\\d\\sà\\s`, "u"),
    );
    await dialog.getByLabel("Demande liée").selectOption((await requestChoice.getAttribute("value")) ?? "");
    await dialog.getByLabel("Message").fill("Voici la disposition dont nous avons parlé.");
    await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    // Stored, its PDF's data snapshotted and its email queued in one transaction: slower on a loaded runner.
    await expect(page.getByText("Configuration prête")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Les données de configuration ont été générées.")).toBeVisible();
    // The owner reads who received it, at which address, and where to follow it.
    const sent = page.getByRole("dialog", { name: "Proposition envoyée" });
    await expect(sent.getByRole("status")).toHaveText(
      `Éloïse Côté reçoit la proposition par courriel à l'adresse ${email}`,
    );
    await page.screenshot({ path: testInfo.outputPath(`sent-${width}.png`) });
    // The layout is the client's now: this browser keeps no draft of it for the next proposal.
    const drafts = () =>
      page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith("distributrices:customiser:")));
    await expect.poll(drafts).toEqual([]);
    await sent.getByRole("link", { name: "Voir dans Propositions" }).click();
    await expect(page).toHaveURL(/\/edit-propositions#proposition-[0-9a-f-]{36}$/);

    // The staff's list, the new proposal in view.
    const row = page.getByTestId("proposal-row").filter({ hasText: email });
    await expect(row).toBeInViewport();
    expect(await row.getAttribute("id")).toBe(new URL(page.url()).hash.slice(1));
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

    // Read without its script (as a mail scanner would), the page is not marked seen.
    await page.reload();
    await expect(row.getByTestId("proposal-state")).toHaveText("Envoyée");

    // Then with JavaScript: the page shown says so, the checks, a picture, and the acceptance.
    const withJs = await clientPage(browser, true);
    await withJs.page.goto(link);
    await waitForAppHydration(withJs.page);
    await expect(async () => {
      await page.reload();
      await expect(row.getByTestId("proposal-state")).toHaveText("Vue", { timeout: 1000 });
    }).toPass();
    await expect(withJs.page.getByRole("heading", { level: 1 })).toHaveText(`Votre machine ${machine}`);
    await expectNoSeriousA11yViolations(withJs.page);
    expect(await withJs.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await withJs.page.screenshot({ path: testInfo.outputPath("client-390.png"), fullPage: true });
    // The staff's message, on the client's page.
    await expect(withJs.page.getByTestId("owner-message")).toContainText("Voici la disposition dont nous avons parlé.");
    const acceptButton = withJs.page.getByRole("button", { name: "Accepter la proposition" });
    await acceptButton.scrollIntoViewIfNeeded();
    await acceptButton.click();
    // The confirmation appears where the client tapped: in view, in a live region, with the focus.
    const confirmation = withJs.page.getByTestId("answer-confirmation");
    await expect(confirmation).toContainText("Merci ! Votre acceptation est enregistrée.");
    await expect(confirmation).toBeInViewport({ ratio: 1 });
    await expect(confirmation).toBeFocused();
    await expect(withJs.page.locator('[role="status"][aria-live="polite"]').filter({ has: confirmation })).toHaveCount(
      1,
    );
    await expect(withJs.page.getByRole("button", { name: "Accepter la proposition" })).toHaveCount(0);
    await withJs.page.screenshot({ path: testInfo.outputPath("client-accepted-390.png") });
    await withJs.context.close();
    const toClient = await waitForEmail(baseURL!, {
      to: email,
      subject: `Votre acceptation est enregistrée\u00a0: ${machine}`,
    });
    expect(toClient.text).toContain("Bonjour Éloïse Côté,");

    await page.reload();
    await expect(row.getByTestId("proposal-state")).toHaveText("Acceptée");
    await expect(row).toContainText(/Envoyée à .+, le .+ · acceptée le /);
    await page.screenshot({ path: testInfo.outputPath(`staff-list-${width}.png`) });
    const toStaff = await waitForEmail(baseURL!, {
      to: STAFF,
      subject: `Proposition acceptée\u00a0: Éloïse Côté — ${machine}`,
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
    await page.screenshot({ path: testInfo.outputPath(`client-${width}.png`), fullPage: true });
    await staffContext.close();
  });
}

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
  // Without JavaScript too, the page comes back to the answer, not to its top.
  await expect(noJs.page).toHaveURL(/#reponse$/);
  await expect(noJs.page.getByTestId("answer-confirmation")).toBeInViewport({ ratio: 1 });
  await expect(noJs.page.getByTestId("answer-confirmation")).toContainText(
    "Merci ! Nous avons reçu vos modifications.",
  );
  // A second thought, a moment later: both reach the staff's list.
  await noJs.page.getByLabel("Vos modifications").fill("Et une colonne de cafés glacés.");
  await noJs.page.getByRole("button", { name: "Demander des modifications" }).click();
  await expect(noJs.page.getByTestId("change-request")).toHaveText("Et une colonne de cafés glacés.");
  await noJs.page.getByRole("button", { name: "Accepter la proposition" }).click();
  await expect(noJs.page.getByTestId("answer-confirmation")).toContainText(
    "Merci ! Votre acceptation est enregistrée.",
  );
  await expect(noJs.page.getByTestId("answer-confirmation")).toBeInViewport({ ratio: 1 });
  await noJs.context.close();

  await page.goto("/edit-propositions");
  const row = page.getByTestId("proposal-row").filter({ hasText: email });
  await expect(row.getByTestId("proposal-state")).toHaveText("Acceptée");
  const changes = row.getByTestId("proposal-changes");
  await expect(changes.getByText("Modifications demandées (2)")).toBeVisible();
  await expect(changes.getByRole("listitem")).toHaveText([
    /«\u00a0Plus de boissons froides, s'il vous plaît\.\u00a0»$/,
    /«\u00a0Et une colonne de cafés glacés\.\u00a0»$/,
  ]);
  const toStaff = await waitForEmail(baseURL!, {
    to: STAFF,
    subject: `Modifications demandées\u00a0: Marc-André Gagné — ${machine}`,
  });
  expect(toStaff.text).toContain("Plus de boissons froides, s'il vous plaît.");
});

/** Whether two boxes overlap (touching edges do not). */
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

for (const width of [390, 320]) {
  test(`the list of proposals at ${width} px: names on a line, nothing overlaps, badges on one line`, async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ viewport: { width, height: 844 }, locale: "fr-CA" });
    const page = await context.newPage();
    await login(page);
    await page.goto("/edit-propositions");
    const rows = page.getByTestId("proposal-row");
    await expect(rows.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const count = Math.min(await rows.count(), 8);
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const name = (await row.getByTestId("proposal-client").boundingBox())!;
      const machine = (await row.getByTestId("proposal-machine").boundingBox())!;
      const badge = (await row.getByTestId("proposal-state").boundingBox())!;
      expect(overlap(name, badge), "name and badge").toBe(false);
      expect(overlap(machine, badge), "machine and badge").toBe(false);
      expect(overlap(name, machine), "name and machine").toBe(false);
      // One line each: a badge is at most one line high, a short name is not cut word by word.
      const lineHeight = await row
        .getByTestId("proposal-state")
        .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
      expect(badge.height).toBeLessThan(lineHeight * 2);
      const nameText = (await row.getByTestId("proposal-client").textContent())!;
      if (nameText.length <= 24) {
        const nameLine = await row
          .getByTestId("proposal-client")
          .evaluate((el) => parseFloat(getComputedStyle(el).lineHeight));
        expect(name.height, nameText).toBeLessThan(nameLine * 2);
      }
    }
    await page.screenshot({ path: testInfo.outputPath(`list-${width}.png`), fullPage: true });
    await context.close();
  });
}

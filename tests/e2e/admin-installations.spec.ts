import { devices, expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { expectEveryControlReachable } from "./reachable";
import { expectNoSeriousA11yViolations, login, test, waitForAppHydration, waitForEmail } from "./support";

// 'Parc installé' on the owner's phone and on a desktop: an accepted proposal is planned from its card
// in 'Propositions' (the form prefilled, bad input answered in French), the client gets the date by
// email with its calendar file, the installation's page moves it to 'Installée' and keeps the change in
// its history, and the list finds it by search and by status. Pictures of each screen go to the test's
// output folder.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** The staff's screen: a phone 390 px wide, or a desktop 1280 px wide. */
async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext(
    width < 600
      ? { ...devices["Pixel 7"], viewport: { width, height: 844 }, locale: "fr-CA" }
      : { viewport: { width, height: 800 }, locale: "fr-CA" },
  );
  return { context, page: await context.newPage() };
}

/** The first `/prefix/{uuid}` link of a page. */
async function firstId(request: APIRequestContext, path: string, prefix: string): Promise<string> {
  const html = await (await request.get(path)).text();
  const found = new RegExp(`href="${prefix}/([0-9a-f-]{36})"`).exec(html);
  expect(found, `a link ${prefix}/… on ${path}`).not.toBeNull();
  return found![1]!;
}

/** A proposal sent to `client` and accepted by them, through the site's own forms (the customiser's
 * post, then the client's page). */
async function acceptedProposal(page: Page, client: { name: string; email: string }) {
  const origin = new URL(page.url()).origin;
  const machineId = await firstId(page.request, "/creer-machine", "/creer-machine");
  const productId = await firstId(page.request, "/produits", "/produits");
  const layout = {
    sections: [{ rows: 2, cols: 3, position: { x: 50, y: 50 }, size: { width: 300, height: 400 } }],
    slots: [{ section: 0, slot: 0, productId }],
  };
  const sent = await page.request.post(`/creer-machine/${machineId}`, {
    form: {
      intent: "send-proposal",
      layout: JSON.stringify(layout),
      client_name: client.name,
      client_email: client.email,
      message: "",
    },
    headers: { origin },
  });
  expect(sent.status()).toBe(200);
  const list = await (await page.request.get("/edit-propositions")).text();
  const token = new RegExp(`href="/proposition/([0-9a-f]{32})"[^>]*>${client.name}<`).exec(list)?.[1];
  expect(token, "the proposal's link in the staff's list").toBeTruthy();
  const accepted = await page.request.post(`/proposition/${token}`, {
    form: { intent: "accept" },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(accepted.status()).toBeLessThan(400);
}

for (const width of [1280, 390]) {
  test(`an accepted proposal is planned, emailed, installed and found in 'Parc installé' (${width} px)`, async ({
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    const { context, page } = await staffPage(browser, width);
    const shot = (name: string) =>
      page.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), fullPage: true });
    const fitsWidth = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await login(page);
    const client = { name: `Garage Bélanger ${unique()}`, email: `helene.${unique()}@exemple.ca` };
    await acceptedProposal(page, client);

    // The accepted proposal's card offers the planning.
    await page.goto("/edit-propositions");
    await waitForAppHydration(page);
    const row = page.getByTestId("proposal-row").filter({ hasText: client.name });
    await expect(row.getByTestId("proposal-state")).toHaveText("Acceptée");
    await row.getByRole("link", { name: "Planifier l'installation" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Planifier l'installation");
    await expect(page.getByLabel("Entreprise du client")).toHaveValue(client.name);
    await expect(page.getByLabel("Courriel", { exact: true })).toHaveValue(client.email);
    await expect(page.getByLabel(/Envoyer la date au client/)).toBeChecked();

    // Bad input: French messages on the fields, nothing sent.
    await page.getByRole("button", { name: "Planifier l'installation" }).click();
    await expect(page.getByText("Indiquez l'adresse de l'installation.")).toBeVisible();
    await expect(page.getByText("Choisissez la date de l'installation.")).toBeVisible();
    await expect(page.getByLabel(/^Adresse/)).toBeFocused();
    await expectNoSeriousA11yViolations(page);
    await fitsWidth();
    await shot("plan-refused");

    await page.getByLabel(/^Adresse/).fill("1200, boulevard Guillaume-Couture, Lévis");
    await page.getByLabel(/^Date/).fill("2027-03-16");
    await page.getByLabel(/^Heure/).fill("09:30");
    await page.getByLabel("Téléphone", { exact: true }).fill("418 555-0142");
    await page.getByRole("button", { name: "Planifier l'installation" }).click();

    // The installation's page.
    await expect(page).toHaveURL(/\/edit-installations\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(client.name);
    await expect(page.getByText(/Installation BD-\w{4} planifiée/)).toBeVisible();
    const status = page.getByRole("region", { name: "Statut" });
    await expect(status.getByTestId("installation-status")).toHaveText("À installer");
    await expect(page.getByText("mardi 16 mars 2027 à 9 h 30")).toBeVisible();
    const code = /BD-\w{4}/.exec((await page.locator("h1 + p").textContent())!)![0];
    await waitForAppHydration(page);
    await expectNoSeriousA11yViolations(page);
    await fitsWidth();
    await shot("installation");

    // Its label, a PDF the link opens.
    const label = page.getByRole("link", { name: "Étiquette à imprimer" });
    const pdf = await page.request.get((await label.getAttribute("href"))!);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

    // The client's email: the date in French, and the calendar file.
    const mail = await waitForEmail(baseURL!, { to: client.email, subject: /^Installation de votre machine/ });
    expect(mail.subject).toBe("Installation de votre machine\u00a0: mardi 16\u00a0mars\u00a02027 à 9\u00a0h\u00a030");
    const ics = mail.attachments.find((a) => a.filename === "installation.ics");
    expect(ics!.content.toString()).toContain("DTSTART:20270316T133000Z");

    // Installed: the status moves and the history says when.
    await status.getByRole("button", { name: "Marquer installée" }).click();
    await expect(status.getByTestId("installation-status")).toHaveText("Installée");
    await expect(page.getByTestId("installation-history")).toContainText("À installer → Installée");
    await expect(status.getByRole("button", { name: "Marquer installée" })).toHaveCount(0);
    await shot("installation-installed");

    // The layout, changed in the customiser and saved to the installation; the machine's proposal draft
    // in this browser is left alone.
    await page.getByRole("link", { name: "Modifier la disposition" }).click();
    // Its line over the customiser (the toast 'Installation … planifiée' may still be showing).
    await expect(page.getByText(new RegExp(`^Installation ${code}\\s·`))).toBeVisible();
    await waitForAppHydration(page);
    await expect(page.getByRole("button", { name: "Envoyer la proposition" })).toHaveCount(0);
    await page.getByTestId("slot-1-2").getByRole("button").first().click();
    const picker = page.getByRole("dialog", { name: "Choisir un produit" });
    await picker.getByRole("list").getByRole("button").filter({ hasNotText: "e2e" }).first().click();
    await expect(picker).toBeHidden();
    await page.screenshot({ path: testInfo.outputPath(`customiser-${width}.png`) });
    await page.getByRole("button", { name: "Enregistrer la disposition" }).click();
    await expect(page).toHaveURL(/\/edit-installations\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("installation-history")).toContainText(
      "Disposition modifiée : 2 emplacements remplis",
    );
    expect(
      await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith("distributrices:customiser:")),
      ),
    ).toEqual([]);
    await shot("installation-layout");

    // The list: by search, by status.
    await page.getByRole("link", { name: "Retour au parc installé" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc installé");
    const search = page.getByRole("searchbox");
    await search.fill(client.name.replace("Bélanger", "belanger"));
    await search.press("Enter");
    const card = page.getByTestId("installation-row").filter({ hasText: client.name });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId("installation-status")).toHaveText("Installée");
    await page.getByRole("navigation", { name: "Statut" }).getByRole("link", { name: "À installer" }).click();
    await expect(page.getByText("Aucune installation ne correspond")).toBeVisible();
    // Every status chip in view: the row wraps on a phone rather than running off the screen.
    const chipEdges = await page
      .getByRole("navigation", { name: "Statut" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
    for (const right of chipEdges) expect(right).toBeLessThanOrEqual(width);
    await page.getByRole("navigation", { name: "Statut" }).getByRole("link", { name: "Installée" }).click();
    await expect(card).toHaveCount(1);
    await search.fill(code.toLowerCase());
    await search.press("Enter");
    // The same card was already in view: the search is done once the address has it and the list no
    // longer fades (axe would measure the faded text).
    await expect(page).toHaveURL(new RegExp(`q=${code.toLowerCase()}`));
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(card).toHaveCount(1);
    await expectNoSeriousA11yViolations(page);
    await fitsWidth();
    await shot("list");
    await card.getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(client.name);

    // The proposal's card now leads to it.
    await page.goto("/edit-propositions");
    await expect(row.getByRole("link", { name: "Voir l'installation" })).toHaveAttribute(
      "href",
      new RegExp("^/edit-installations/[0-9a-f-]{36}$"),
    );

    // Taken away: asked first, then its QR code's page says so and gives the phone.
    await row.getByRole("link", { name: "Voir l'installation" }).click();
    await waitForAppHydration(page);
    await status.getByRole("button", { name: "Marquer retirée" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Marquer cette machine retirée ?" });
    await expect(confirm).toBeVisible();
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(status.getByTestId("installation-status")).toHaveText("Installée");
    await status.getByRole("button", { name: "Marquer retirée" }).click();
    await confirm.getByRole("button", { name: "Marquer retirée" }).click();
    await expect(status.getByTestId("installation-status")).toHaveText("Retirée");
    const gone = await page.request.get(`/m/${code}`);
    expect(gone.status()).toBe(404);
    await page.goto(`/m/${code}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cette machine n'est plus en service");
    await expect(page.getByRole("link", { name: /^Appeler le / })).toHaveAttribute("href", /^tel:/);
    await fitsWidth();
    await shot("machine-retired");
    await context.close();
  });
}

test("a new installation by hand: the machine is chosen, the fields are checked, and the panel leads there @any-width", async ({
  browser,
}, testInfo) => {
  const { context, page } = await staffPage(browser, 390);
  await login(page);
  await page.getByRole("link", { name: /Parc installé/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Parc installé");
  await page.getByRole("link", { name: "Nouvelle installation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nouvelle installation");
  await waitForAppHydration(page);
  await page.getByRole("button", { name: "Créer l'installation" }).click();
  await expect(page.getByText("Choisissez la machine.")).toBeVisible();
  await expect(page.getByLabel("Machine")).toBeFocused();
  const name = `Clinique ${unique()}`;
  await page.getByLabel("Machine").selectOption({ index: 1 });
  await page.getByLabel("Entreprise du client").fill(name);
  await page.getByLabel(/^Adresse/).fill("45, rue de l'Église, Lévis");
  await page.getByLabel("Personne à joindre").fill("Marc Roy");
  await page.getByRole("button", { name: "Créer l'installation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByText("Date à fixer")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("by-hand-390.png"), fullPage: true });
  await context.close();
});

for (const path of ["/edit-installations", "/edit-installations/nouvelle"]) {
  test(`every control of ${path} can be reached from 320 to 1440 px`, async ({ page }) => {
    test.setTimeout(150_000);
    await login(page);
    await expectEveryControlReachable(page, path, waitForAppHydration);
  });
}

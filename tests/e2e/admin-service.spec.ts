import { devices, expect, type Browser } from "@playwright/test";
import { installedMachine } from "./installed-machine";
import { expectEveryControlReachable } from "./reachable";
import {
  breakableFrenchSpaces,
  expectNoSeriousA11yViolations,
  login,
  test,
  waitForAppHydration,
  waitForEmail,
} from "./support";

// 'Service' on the owner's phone and on a desktop: a person at a machine asks for a refund on its
// page, the staff's email links to the ticket, which is taken in hand, answered by email (the person
// receives it), resolved with the refund given, and counted in the refund log. Pictures of each screen
// go to the test's output folder.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function staffPage(browser: Browser, width: number) {
  const context = await browser.newContext(
    width < 600
      ? { ...devices["Pixel 7"], viewport: { width, height: 844 }, locale: "fr-CA" }
      : { viewport: { width, height: 800 }, locale: "fr-CA" },
  );
  return { context, page: await context.newPage() };
}

for (const width of [1280, 390]) {
  test(`a refund asked at a machine is answered, resolved and logged in 'Service' (${width} px)`, async ({
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
    const machine = await installedMachine(page);

    // The person at the machine: no session, no script needed (a plain form post).
    const person = `julie.${unique()}@exemple.ca`;
    const visitor = await browser.newContext({ locale: "fr-CA", javaScriptEnabled: false });
    const phone = await visitor.newPage();
    await phone.goto(`${baseURL}/m/${machine.code}`);
    await phone.getByRole("link", { name: /Demander un remboursement/ }).click();
    await phone.getByLabel("Montant à rembourser").fill("2,50");
    await phone.getByLabel("Vous avez payé par").selectOption({ index: 1 });
    await phone.getByLabel(/Virement Interac/).check();
    await phone.getByRole("textbox", { name: "Courriel" }).fill(person);
    await phone.getByRole("button", { name: "Envoyer", exact: true }).click();
    const reference = (await phone.getByTestId("reference").textContent())!.trim();
    expect(reference).toMatch(/^S-[0-9A-Z]{5}$/);
    await visitor.close();

    // The staff's email links to the ticket.
    const staffMail = await waitForEmail(baseURL!, { to: "equipe@exemple.ca", subject: new RegExp(reference) });
    const link = /https?:\/\/\S+\/edit-service\/[0-9a-f-]{36}/.exec(staffMail.text ?? "")![0];

    // The inbox lists it first among the urgent ones.
    await page.goto("/edit-service");
    await waitForAppHydration(page);
    const card = page.getByTestId("ticket-row").filter({ hasText: reference });
    await expect(card).toContainText("Remboursement de 2,50\u00a0$");
    await expect(card).toContainText("Prioritaire");
    await expect(card).toContainText(/Reste|En retard/);
    await fitsWidth();
    // Every filter chip in view: the row wraps on a phone rather than running off the screen.
    const chipEdges = await page
      .getByRole("navigation", { name: "Signalements" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().right));
    for (const right of chipEdges) expect(right).toBeLessThanOrEqual(width);
    await expectNoSeriousA11yViolations(page);
    await shot("service-inbox");

    // Through the sign-in, which goes straight on to the ticket when the session is open.
    const opened = new URL(link);
    expect(opened.pathname).toBe("/login");
    await page.goto(opened.pathname + opened.search);
    await expect(page).toHaveURL(/\/edit-service\/[0-9a-f-]{36}$/);
    const ticketPath = new URL(page.url()).pathname;
    await waitForAppHydration(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Remboursement de 2,50\u00a0$");
    await expect(page.getByText(person).first()).toBeVisible();
    await page.getByRole("button", { name: "Prendre en charge" }).click();
    await expect(page.getByTestId("ticket-status")).toHaveText("En cours");

    // An empty answer is refused in French; a written one is emailed to the person.
    await page.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(page.getByLabel("Répondre par courriel")).toBeFocused();
    await page.getByLabel("Répondre par courriel").fill("Bonjour,\n\nLe virement de 2,50 $ part ce soir.");
    await page.getByRole("button", { name: "Envoyer la réponse" }).click();
    await expect(page.getByTestId("ticket-thread")).toContainText("Le virement de 2,50");
    const answer = await waitForEmail(baseURL!, { to: person });
    expect(answer.subject).toContain(reference);
    await page.getByLabel("Ajouter une note").fill("Pièce coincée : monnayeur à nettoyer.");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.getByTestId("ticket-thread")).toContainText("monnayeur à nettoyer");

    await expect(page.getByLabel("Remboursement donné ($)")).toHaveValue("2,50");
    await page.getByRole("button", { name: "Marquer résolu" }).click();
    await expect(page.getByTestId("ticket-status")).toHaveText("Résolu");
    await expect(page.getByTestId("ticket-resolved")).toContainText("2,50\u00a0$ · Virement Interac au courriel donné");
    await fitsWidth();
    await expectNoSeriousA11yViolations(page);
    await shot("service-ticket");

    await page.getByRole("link", { name: "Retour au service" }).click();
    await page.getByRole("link", { name: "Journal des remboursements" }).click();
    await expect(page.getByTestId("refund-list")).toContainText(reference);
    await expect(page.getByTestId("refund-totals")).toContainText(machine.client);
    await fitsWidth();
    await expectNoSeriousA11yViolations(page);
    await shot("refund-log");
    // Each screen's controls, from 320 to 1440 px (walked once: it sets its own widths).
    if (width === 1280)
      for (const path of ["/edit-service", ticketPath, "/edit-service/remboursements"]) {
        await expectEveryControlReachable(page, path, waitForAppHydration);
        expect(await breakableFrenchSpaces(page), `${path}: a breakable space before ; : ! ? »`).toEqual([]);
      }
    await context.close();
  });
}

test("the panel's card leads to 'Service' @any-width", async ({ page }) => {
  await login(page);
  await page.goto("/edit");
  await page.getByRole("link", { name: /Service/ }).click();
  await expect(page).toHaveURL(/\/edit-service$/);
  await expect(page.getByRole("heading", { level: 1, name: "Service" })).toBeVisible();
});

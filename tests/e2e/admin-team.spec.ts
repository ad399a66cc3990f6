import { expect } from "@playwright/test";
import {
  expectNoSeriousA11yViolations,
  login,
  test,
  pageAt,
  uniqueSuffix,
  waitForAppHydration,
  waitForEmail,
} from "./support";

// 'Équipe': the owner, on a phone, invites a technician with the role Service; the technician opens the
// emailed link on a desktop, chooses a password, lands on a panel with only the service's screens and
// finds a sales screen closed; the owner turns the account off and the technician is signed out at
// once. The team screen is also checked on a desktop. Pictures of each screen go to the output folder.

test("the owner invites a technician from a phone, who signs in to the service's screens only", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = await pageAt(browser, 390);
  const shot = (page: typeof owner.page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  const fitsWidth = async (page: typeof owner.page, width: number) =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  await login(owner.page);
  await waitForAppHydration(owner.page);
  await owner.page.getByRole("link", { name: /Équipe/ }).click();
  await expect(owner.page.getByRole("heading", { level: 1, name: "Équipe" })).toBeVisible();

  // A form with no role is refused before it is sent, with the reason next to the roles.
  const email = `technicien-${uniqueSuffix()}@exemple.ca`;
  const invite = owner.page.getByRole("region", { name: "Inviter une personne" });
  await invite.getByLabel("Nom").fill("Léa Gagnon");
  await invite.getByLabel("Courriel").fill(email);
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(invite.getByText("Cochez au moins un rôle.")).toBeVisible();
  await invite.getByRole("checkbox", { name: /Service/ }).check();
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(owner.page.getByText("Invitation envoyée")).toBeVisible();
  await expect(owner.page.getByTestId("team-invitations")).toContainText("Léa Gagnon");
  await expect(invite.getByLabel("Nom")).toHaveValue("");
  await fitsWidth(owner.page, 390);
  await expectNoSeriousA11yViolations(owner.page);
  await shot(owner.page, "equipe-invitation-390");

  // The technician's email, and the link in it.
  const mail = await waitForEmail(baseURL!, { to: email });
  expect(mail.subject).toContain("Invitation à l'équipe");
  const link = /https?:\/\/[^\s]+\/invitation\/[\w-]+/.exec(mail.text ?? "")![0];
  const tech = await pageAt(browser, 1280);
  await tech.page.goto(new URL(link).pathname);
  await expect(tech.page.getByRole("heading", { name: "Bienvenue, Léa Gagnon" })).toBeVisible();
  await expectNoSeriousA11yViolations(tech.page);
  await shot(tech.page, "invitation-1280");
  await tech.page.getByLabel(/^Mot de passe/).fill("la machine du garage");
  await tech.page.getByLabel("Confirmez le mot de passe").fill("la machine du garage");
  await tech.page.getByRole("button", { name: "Créer mon compte" }).click();

  // Signed in, the panel offers the service's screens and nothing of sales, content or the team.
  await expect(tech.page).toHaveURL(/\/edit$/);
  const sections = tech.page.getByRole("list", { name: "Sections de l'administration" });
  await expect(sections.getByRole("link", { name: /Service/ })).toBeVisible();
  await expect(sections.getByRole("link", { name: /Parc installé/ })).toBeVisible();
  for (const closed of [/Demandes de contact/, /Propositions/, /Produits/, /Équipe/, /Statistiques/]) {
    await expect(sections.getByRole("link", { name: closed })).toHaveCount(0);
  }
  await expect(tech.page.getByRole("heading", { name: /Sauvegarde/ })).toHaveCount(0);
  await shot(tech.page, "panneau-service-1280");
  await tech.page.goto("/edit-demandes");
  await expect(tech.page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();

  // The owner sees the new account and turns it off; the technician's next page is closed.
  await owner.page.reload();
  // The button opens its dialog once the app runs: a tap before then does nothing.
  await waitForAppHydration(owner.page);
  const card = owner.page.getByTestId("team-account").filter({ hasText: email });
  await expect(card).toContainText("Service");
  await card.getByRole("button", { name: "Désactiver" }).click();
  await owner.page.getByRole("alertdialog").getByRole("button", { name: "Désactiver le compte" }).click();
  await expect(card).toContainText("Désactivé");
  await shot(owner.page, "equipe-comptes-390");
  await tech.page.goto("/edit-service");
  await expect(tech.page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();

  // The same screen on a desktop.
  const desk = await pageAt(browser, 1280);
  await login(desk.page);
  await desk.page.goto("/edit-equipe");
  await expect(desk.page.getByTestId("team-accounts")).toContainText("Léa Gagnon");
  await fitsWidth(desk.page, 1280);
  await expectNoSeriousA11yViolations(desk.page);
  await shot(desk.page, "equipe-1280");

  for (const { context } of [owner, tech, desk]) await context.close();
});

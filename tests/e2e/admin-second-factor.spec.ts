import { expect } from "@playwright/test";
import { generate } from "otplib";
import {
  expectNoSeriousA11yViolations,
  login,
  test,
  pageAt,
  uniqueSuffix,
  waitForAppHydration,
  waitForEmail,
} from "./support";

// The authenticator app, as a seller sets it up on her phone: invited by the owner, she opens Mon
// compte, scans (here: reads) the key, types the app's first code, notes her recovery codes, and from
// then on her sign-in asks for the app's code after the password. The screens are checked at both
// widths. (The owner's rule for the whole team is tested in tests/integration/second-factor.test.ts:
// turned on here, it would close the other staff specs' screens on this shared server.)

const codeIn = (secret: string, seconds: number) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });

test("a seller turns on the authenticator app on her phone, then signs in with its code", async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const shot = (page: import("@playwright/test").Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // The owner invites her; she chooses a password from the emailed link, on her phone.
  const owner = await pageAt(browser, 1280);
  await login(owner.page);
  await owner.page.goto("/edit-equipe");
  await waitForAppHydration(owner.page);
  const email = `vendeuse-${uniqueSuffix()}@exemple.ca`;
  const invite = owner.page.getByRole("region", { name: "Inviter une personne" });
  await invite.getByLabel("Nom").fill("Claire Bouchard");
  await invite.getByLabel("Courriel").fill(email);
  await invite.getByRole("checkbox", { name: /Ventes/ }).check();
  await invite.getByRole("button", { name: "Envoyer l'invitation" }).click();
  await expect(owner.page.getByText("Invitation envoyée")).toBeVisible();
  const mail = await waitForEmail(baseURL!, { to: email });
  const link = /https?:\/\/[^\s]+\/invitation\/[\w-]+/.exec(mail.text ?? "")![0];

  const phone = await pageAt(browser, 390);
  const page = phone.page;
  await page.goto(new URL(link).pathname);
  await page.getByLabel(/^Mot de passe/).fill("les collations du bureau");
  await page.getByLabel("Confirmez le mot de passe").fill("les collations du bureau");
  await page.getByRole("button", { name: "Créer mon compte" }).click();
  await expect(page).toHaveURL(/\/edit$/);

  const signInWithPassword = async () => {
    await phone.context.clearCookies();
    await page.goto("/login");
    await waitForAppHydration(page);
    await page.getByLabel("Courriel ou nom d'utilisateur").fill(email);
    await page.getByLabel("Mot de passe").fill("les collations du bureau");
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  };

  // Mon compte: set up the app.
  await page.goto("/edit-compte");
  await waitForAppHydration(page);
  const section = page.getByRole("region", { name: "Application d'authentification" });
  await section.getByRole("button", { name: "Configurer l'application" }).click();
  const key = section.getByTestId("authenticator-secret");
  await expect(key).toBeVisible();
  await expect(section.getByRole("img", { name: /Code QR/ })).toBeVisible();
  const secret = (await key.innerText()).replace(/\s/g, "");
  await expectNoSeriousA11yViolations(page);
  await shot(page, "application-configuration-390");

  await section.getByLabel("Code à 6 chiffres").fill("000000");
  await section.getByRole("button", { name: "Activer" }).click();
  await expect(section.getByText(/Ce code n.est pas celui de l.application/).first()).toBeVisible();
  await section.getByLabel("Code à 6 chiffres").fill(await codeIn(secret, 0));
  await section.getByRole("button", { name: "Activer" }).click();
  const codes = section.getByTestId("recovery-codes").getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recovery = await codes.first().innerText();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);
  await shot(page, "codes-de-recuperation-390");
  await section.getByRole("button", { name: "J'ai noté mes codes" }).click();
  await expect(section.getByText("Codes de récupération restants\u00a0: 10 sur 10")).toBeVisible();

  // Signed out, the password alone no longer opens the staff area: the app's code does.
  await signInWithPassword();
  await expect(page.getByRole("heading", { name: "Code de vérification" })).toBeVisible();
  await expect(page.getByLabel("Code")).toBeFocused();
  await expectNoSeriousA11yViolations(page);
  await shot(page, "code-de-verification-390");
  await page.getByLabel("Code").fill("111111");
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page.getByRole("alert")).toContainText("Ce code n'est pas le bon");
  // The next 30 seconds' code: the one typed at activation has been spent.
  await page.getByLabel("Code").fill(await codeIn(secret, 30));
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/edit$/);

  // Without her phone, a recovery code signs her in once.
  await signInWithPassword();
  await page.getByRole("button", { name: /Utiliser un code de récupération/ }).click();
  await page.getByLabel("Code").fill(recovery.toLowerCase());
  await page.getByRole("button", { name: "Vérifier" }).click();
  await expect(page).toHaveURL(/\/edit$/);

  // Mon compte on a desktop.
  const desk = await pageAt(browser, 1280);
  await desk.context.addCookies(await phone.context.cookies());
  await desk.page.goto("/edit-compte");
  await expect(desk.page.getByText("Codes de récupération restants\u00a0: 9 sur 10")).toBeVisible();
  await expectNoSeriousA11yViolations(desk.page);
  await shot(desk.page, "mon-compte-1280");
  for (const open of [owner, phone, desk]) await open.context.close();
});

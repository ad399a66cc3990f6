import { devices, expect, type Browser, type Locator, type Page } from "@playwright/test";
import { ADMIN_PORT } from "./ports";
import {
  breakableFrenchSpaces,
  expectNoSeriousA11yViolations,
  login,
  test,
  waitForAppHydration,
  waitForEmail,
} from "./support";

// Passkeys, with Chromium's virtual authenticator standing in for a phone's fingerprint: an invited
// technician makes their account with a passkey on a phone, finds it in 'Mon compte', signs out and back
// in with one tap, adds a second key from another device, signs in with that one, removes the first, and
// the removed key is refused. The owner adds one on a desktop. Pictures of each screen go to the output
// folder. WebAuthn needs a secure origin with a domain: localhost, not 127.0.0.1.

const SITE = `http://localhost:${ADMIN_PORT}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext({
    ...(width < 600
      ? { ...devices["Pixel 7"], deviceScaleFactor: 1, viewport: { width, height: 844 } }
      : { viewport: { width, height: 800 } }),
    baseURL: SITE,
    locale: "fr-CA",
    reducedMotion: "reduce",
  });
  return { context, page: await context.newPage() };
}

type Credential = {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
};

/** A device's built-in passkey store (fingerprint or face already verified), attached to the page. */
async function virtualDevice(page: Page, keep: Credential[] = []) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  for (const credential of keep) await cdp.send("WebAuthn.addCredential", { authenticatorId, credential });
  return {
    credentials: async () =>
      (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials as Credential[],
    remove: () => cdp.send("WebAuthn.removeVirtualAuthenticator", { authenticatorId }),
  };
}

const open = async (page: Page, path: string) => {
  await page.goto(path);
  await waitForAppHydration(page);
};

async function signOut(page: Page) {
  await page.locator("#contenu").getByRole("button", { name: "Se déconnecter", exact: true }).click();
  await expect(page).toHaveURL(`${SITE}/`);
}

/** Signs in with the passkey button; the posts to /login/cle it took. */
async function signInWithPasskey(page: Page, { reload = true } = {}) {
  if (reload) await open(page, "/login");
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/login/cle"))
      posts.push(request.url());
  });
  await page.getByRole("button", { name: "Se connecter avec une clé d'accès" }).click();
  return posts;
}

/** Where a line of this part of the page could break before ; : ! ? » or after « (French typography
 * wants a no-break space there). The rest of the page has its own tests. */
const breakableIn = (part: Locator) =>
  part.evaluate((element) => {
    const text = element.textContent ?? "";
    return [...text.matchAll(/[ \t\n][;:!?»]|«[ \t\n]/g)].map((m) =>
      text.slice(Math.max(0, m.index - 20), m.index + 10),
    );
  });

const fitsWidth = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("an invited technician signs in with passkeys on a phone; a removed key is refused", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const shot = (page: Page, name: string) =>
    page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });

  // The owner invites a technician (the team screen has its own spec).
  const owner = await pageAt(browser, 1280);
  await login(owner.page);
  const email = `cle-${unique()}@exemple.ca`;
  const invited = await owner.page.request.post("/edit-equipe", {
    form: { intent: "inviter", name: "Marc Lévesque", email, "roles.service": "on" },
  });
  expect(invited.status()).toBe(200);
  const mail = await waitForEmail(SITE, { to: email });
  const link = new URL(/https?:\/\/[^\s]+\/invitation\/[\w-]+/.exec(mail.text ?? "")![0]).pathname;

  // On the phone, the invitation offers a passkey beside the password; one tap makes the account.
  const tech = await pageAt(browser, 390);
  const phone = await virtualDevice(tech.page);
  await open(tech.page, link);
  const create = tech.page.getByRole("button", { name: "Créer ma clé d'accès" });
  await expect(create).toBeVisible();
  await fitsWidth(tech.page, 390);
  await expectNoSeriousA11yViolations(tech.page);
  expect(await breakableFrenchSpaces(tech.page)).toEqual([]);
  await shot(tech.page, "invitation-cle-390");
  await create.click();
  await expect(tech.page).toHaveURL(`${SITE}/edit`);
  await expect(tech.page.getByText("Connexion réussie")).toBeVisible();
  const first = await phone.credentials();
  expect(first).toHaveLength(1);

  // Mon compte lists it.
  await open(tech.page, "/edit-compte");
  const section = tech.page.getByRole("region", { name: "Clés d'accès" });
  await expect(section.getByTestId("own-passkey")).toHaveCount(1);
  await expect(section).toContainText("Chrome sur Android");
  await expect(section).toContainText("Pas encore utilisée");
  await fitsWidth(tech.page, 390);
  await expectNoSeriousA11yViolations(tech.page);
  expect(await breakableIn(section)).toEqual([]);
  await section.screenshot({ path: testInfo.outputPath("compte-cles-390.png") });

  // Signed out, one tap on the sign-in signs back in: one request after the prompt.
  await signOut(tech.page);
  await open(tech.page, "/login");
  await expectNoSeriousA11yViolations(tech.page);
  await shot(tech.page, "connexion-390");
  const posts = await signInWithPasskey(tech.page);
  await expect(tech.page).toHaveURL(`${SITE}/edit`);
  expect(posts).toHaveLength(1);

  // A second key, from another device.
  await phone.remove();
  const tablet = await virtualDevice(tech.page);
  await open(tech.page, "/edit-compte");
  await section.getByRole("button", { name: "Ajouter une clé d'accès" }).click();
  await expect(tech.page.getByText("Clé d'accès ajoutée")).toBeVisible();
  await expect(section.getByTestId("own-passkey")).toHaveCount(2);
  await expect(section).toContainText("Dernière connexion le");
  await expectNoSeriousA11yViolations(tech.page);
  await section.screenshot({ path: testInfo.outputPath("compte-deux-cles-390.png") });

  // Signed in with the second key, from a sign-in page left open past its challenge's 5 minutes: the
  // page asks for new options first.
  await signOut(tech.page);
  await open(tech.page, "/login");
  await tech.page.clock.setFixedTime(Date.now() + 6 * 60 * 1000);
  const late = await signInWithPasskey(tech.page, { reload: false });
  await expect(tech.page).toHaveURL(`${SITE}/edit`);
  expect(late).toHaveLength(2);
  await tech.page.clock.setFixedTime(Date.now());

  // The first key is removed after a confirmation (the list shows the newest first).
  await open(tech.page, "/edit-compte");
  const keys = section.getByTestId("own-passkey");
  await expect(keys.nth(1)).toContainText("Ajoutée le");
  await keys
    .nth(1)
    .getByRole("button", { name: /^Retirer la clé d'accès/ })
    .click();
  const dialog = tech.page.getByRole("alertdialog", { name: "Retirer cette clé d'accès ?" });
  await expect(dialog).toBeVisible();
  await shot(tech.page, "compte-retirer-390");
  await dialog.getByRole("button", { name: "Retirer la clé" }).click();
  await expect(tech.page.getByText("Clé d'accès retirée")).toBeVisible();
  await expect(keys).toHaveCount(1);
  await expect(section.getByRole("button", { name: "Ajouter une clé d'accès" })).toBeFocused();

  // The removed key, back on a device, no longer signs in: the person is told, and stays on the sign-in.
  await signOut(tech.page);
  await tablet.remove();
  await virtualDevice(tech.page, first);
  await signInWithPasskey(tech.page);
  await expect(tech.page.getByText("Cette clé d'accès n'est pas reconnue").first()).toBeVisible();
  await expect(tech.page).toHaveURL(`${SITE}/login`);
  expect(await breakableFrenchSpaces(tech.page)).toEqual([]);
  await shot(tech.page, "connexion-cle-retiree-390");

  // The owner, on a desktop, adds a key too.
  await virtualDevice(owner.page);
  await open(owner.page, "/edit-compte");
  const ownerKeys = owner.page.getByRole("region", { name: "Clés d'accès" });
  await expect(ownerKeys).toContainText("Une clé d'accès vous connecte d'un geste");
  await ownerKeys.getByRole("button", { name: "Ajouter une clé d'accès" }).click();
  await expect(owner.page.getByText("Clé d'accès ajoutée")).toBeVisible();
  await expect(ownerKeys.getByTestId("own-passkey")).toHaveCount(1);
  await fitsWidth(owner.page, 1280);
  await expectNoSeriousA11yViolations(owner.page);
  await shot(owner.page, "compte-1280");
  // The journal says what was done, and on which device.
  await open(owner.page, "/edit-journal");
  await expect(owner.page.getByText("Clé d'accès ajoutée").first()).toBeVisible();
  const desk = await pageAt(browser, 1280);
  await open(desk.page, "/login");
  await shot(desk.page, "connexion-1280");

  for (const { context } of [owner, tech, desk]) await context.close();
});

test("a browser without passkeys, or without scripts, shows only the password", async ({ browser }) => {
  const { context, page } = await pageAt(browser, 1280);
  await page.addInitScript(() => {
    // @ts-expect-error: a browser that predates WebAuthn.
    delete window.PublicKeyCredential;
  });
  await open(page, "/login");
  await expect(page.getByRole("button", { name: "Se connecter", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Se connecter avec une clé d'accès" })).toHaveCount(0);
  await context.close();

  // Nor does a browser without scripts, where the button could do nothing.
  const plain = await browser.newContext({ baseURL: SITE, locale: "fr-CA", javaScriptEnabled: false });
  const html = await plain.newPage();
  await html.goto("/login");
  await expect(html.getByRole("button", { name: "Se connecter", exact: true })).toBeVisible();
  await expect(html.getByRole("button", { name: "Se connecter avec une clé d'accès" })).toHaveCount(0);
  await plain.close();
});

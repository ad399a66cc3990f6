// The staff sign in from the footer on a phone (the lock is never under the Instagram button), and
// every control of the main staff screens can be reached from 320 to 1440 px.
import { expect } from "@playwright/test";
import { expectEveryControlReachable } from "./reachable";
import { ADMIN, breakableFrenchSpaces, login, test, waitForAppHydration } from "./support";

for (const width of [320, 390, 1280]) {
  test(`at ${width} px the owner signs in from the footer's lock, and is named`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/");
    await waitForAppHydration(page);
    const lock = page.getByRole("link", { name: "Connexion du personnel" });
    await lock.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/footer-lock-${width}.png` });
    // A native click at the lock's centre: it lands on the lock, not on the floating Instagram button.
    const popups: unknown[] = [];
    page.on("popup", (popup) => popups.push(popup));
    await lock.click();
    await expect(page).toHaveURL(/\/login$/);
    expect(popups).toEqual([]);
    await page.getByLabel("Nom d'utilisateur").click();
    await page.keyboard.type(ADMIN.username);
    await page.getByLabel("Mot de passe").click();
    await page.keyboard.type(ADMIN.password);
    await page.getByRole("button", { name: "Se connecter", exact: true }).click();
    await expect(page).toHaveURL(/\/edit$/);
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Connexion réussie" });
    await expect(toast).toContainText("Session ouverte au nom d'admin.");
    await expect(toast).not.toContainText("développeur");
  });
}

const STAFF_SCREENS = [
  "/edit",
  "/edit-demandes",
  "/edit-pages",
  "/edit-pages?page=home",
  "/edit-products",
  "/edit-machines",
  "/edit-gallery",
  "/edit-journal",
  "/edit-redirects",
];

for (const path of STAFF_SCREENS) {
  test(`every control of ${path} can be reached from 320 to 1440 px`, async ({ page }) => {
    test.setTimeout(150_000);
    await login(page);
    await expectEveryControlReachable(page, path, waitForAppHydration);
    expect(await breakableFrenchSpaces(page), `${path}: a breakable space before ; : ! ? » or after «`).toEqual([]);
  });
}

test("the requests' search shows its whole placeholder on a phone, and no badge wraps", async ({ page }) => {
  await login(page);
  for (const width of [320, 390, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto("/edit-demandes");
    const search = page.locator("#recherche-demandes");
    await expect(search).toHaveAttribute("placeholder", /\S/);
    // The placeholder's width, in the field's own font, fits inside the field's text box.
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const text = context.measureText(input.placeholder).width;
      const box = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return { text, box };
    });
    expect(room.text, `placeholder at ${width} px`).toBeLessThanOrEqual(room.box);
    await page.screenshot({ path: `test-results/edit-demandes-${width}.png` });
    // Every badge (a rounded label) holds on one line.
    const wrapped = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>("main span.rounded-full")]
        .filter(
          (badge) =>
            badge.getClientRects().length > 1 ||
            badge.offsetHeight > 2 * parseFloat(getComputedStyle(badge).lineHeight),
        )
        .map((badge) => badge.textContent),
    );
    expect(wrapped, `badges at ${width} px`).toEqual([]);
  }
});

test("the screens of the sale and after it are set in French typography", async ({ page }) => {
  await login(page);
  for (const path of [
    "/edit-propositions",
    "/edit-installations",
    "/edit-installations/nouvelle",
    "/edit-service",
    "/edit-service/remboursements",
    "/edit-statistiques",
  ]) {
    await page.goto(path);
    expect(await breakableFrenchSpaces(page), `${path}: a breakable space before ; : ! ? » or after «`).toEqual([]);
  }
});

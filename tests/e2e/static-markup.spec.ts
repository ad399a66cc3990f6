// Display-only parts of a page keep the server's HTML when the app starts (app/lib/static-markup.tsx):
// they must still show, their links must navigate in the app, and pages the app renders itself must
// show their own content.
import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, test, waitForAppHydration } from "./support";

/** Marks the window: the mark survives in-app navigations, not a page load. */
async function markWindow(page: Page) {
  await page.evaluate(() => Object.assign(window, { inAppMark: true }));
}
const windowMarked = (page: Page) => page.evaluate(() => "inAppMark" in window);

test(
  "static parts keep their content once the app runs, and their links navigate in the app",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto("/contact");
    await waitForAppHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "Parlons de votre espace" })).toBeVisible();
    const footer = page.locator("footer");
    await expect(footer.getByRole("heading", { name: "Nous joindre" })).toBeVisible();
    await expect(footer.getByRole("link", { name: "Galerie" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await markWindow(page);
    await footer.getByRole("link", { name: "Galerie" }).click();
    await expect(page).toHaveURL(/\/galerie$/);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Nos réalisations");
    expect(await windowMarked(page)).toBe(true);

    // Back on the first page, now rendered by the app: the same content.
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Parlons de votre espace" })).toBeVisible();
    await expect(page.getByText("dites-nous où vous imaginez votre distributrice")).toBeVisible();
    await expect(footer.getByRole("heading", { name: "Nous joindre" })).toBeVisible();
    expect(await windowMarked(page)).toBe(true);
  },
);

test("machine pages reached in the app show their own details", { tag: "@any-width" }, async ({ page }) => {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  const paths = [...xml.matchAll(/<loc>[^<]*?(\/machines\/[0-9a-f-]{36}\/[0-9a-f-]{36})<\/loc>/g)].map((m) => m[1]!);
  const sameCategory = paths.filter((path) => path.split("/")[2] === paths[0]!.split("/")[2]);
  expect(sameCategory.length).toBeGreaterThanOrEqual(2);
  const [first, second] = sameCategory as [string, string];

  await page.goto(second);
  const secondName = await page.getByRole("heading", { level: 1 }).innerText();
  await page.goto(first);
  await waitForAppHydration(page);
  const firstName = await page.getByRole("heading", { level: 1 }).innerText();
  expect(firstName).not.toBe(secondName);
  await markWindow(page);

  await page.getByRole("link", { name: "Retour à la catégorie" }).click();
  await page.locator(`a[href="${second}"]`).first().click();
  await expect(page).toHaveURL(new RegExp(`${second}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(secondName);
  await expect(page.getByRole("link", { name: "Demander une soumission" })).toBeVisible();
  expect(await windowMarked(page)).toBe(true);

  // A link inside the details, followed in the app: the request form, about this machine.
  await page.getByRole("link", { name: "Demander une soumission" }).click();
  await expect(page).toHaveURL(new RegExp(`/contact\\?machine=${second.split("/").at(-1)}$`));
  await expect(page.getByTestId("machine-choice")).toContainText(secondName);
  expect(await windowMarked(page)).toBe(true);
});

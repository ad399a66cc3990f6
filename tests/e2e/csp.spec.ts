// The Content-Security-Policy lets everything the site itself does run, and nothing else: no page,
// toast or dialog may be refused a script or a style element.
import { expect, test, type Page } from "@playwright/test";
import { waitForAppHydration } from "./support";

function watchViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("public pages, a toast and a dialog run with no CSP violation", { tag: "@any-width" }, async ({ page }) => {
  const violations = watchViolations(page);
  for (const path of ["/", "/galerie", "/notre-offre", "/produits", "/machines", "/contact"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }

  // A toast: its library inserts its own style element (allowed by hash).
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  await page.getByLabel("Nom d'utilisateur").fill("personne");
  await page.getByLabel("Mot de passe").fill("pas-le-bon-mot-de-passe");
  await page.getByRole("button", { name: "Se connecter", exact: true }).click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toBeVisible();
  expect(await toast.evaluate((element) => getComputedStyle(element).position)).toBe("absolute");

  // A dialog: scroll locking inserts a style element with the page's nonce.
  await page.goto("/notre-offre");
  await page.waitForLoadState("networkidle");
  await page.getByRole("link", { name: "Voir nos machines" }).first().click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");

  expect(violations).toEqual([]);
});

test("style elements of the page carry the response's nonce", { tag: "@any-width" }, async ({ page }) => {
  const response = await page.goto("/produits");
  const policy = response!.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  expect(policy).toContain("style-src-attr 'unsafe-inline'");
  expect(policy).not.toMatch(/style-src-elem[^;]*'unsafe-inline'/);
  const html = await response!.text();
  const styles = html.match(/<style[^>]*>/g) ?? [];
  expect(styles.length).toBeGreaterThan(0);
  for (const tag of styles) expect(tag).toContain(`nonce="${nonce}"`);
});

test(
  "a page served from the visitors' cache runs its app under a policy of script hashes",
  { tag: "@any-width" },
  async ({ page }) => {
    const violations = watchViolations(page);
    await page.request.get("/notre-offre");
    const response = await page.goto("/notre-offre");
    expect(response!.headers()["x-cache"]).toBe("hit");
    const policy = response!.headers()["content-security-policy"] ?? "";
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1] ?? "";
    expect(scriptSources).toMatch(/'sha256-/);
    expect(scriptSources).not.toMatch(/'nonce-|'unsafe-inline'/);

    // The app started (its module code is allowed by hash) and hydrated the page: a dialog opens, and
    // its scroll lock (a style element with the page's nonce) applies.
    await waitForAppHydration(page);
    await page.getByRole("link", { name: "Voir nos machines" }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe("hidden");
    expect(violations).toEqual([]);
  },
);

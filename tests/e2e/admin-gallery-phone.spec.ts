import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations, login } from "./support";

// Read-only checks of the staff screens in both layouts (the mutations run in admin-gallery.spec.ts).
test("the panel, gallery and product screens render and pass the accessibility scan", async ({ page }) => {
  await login(page);
  for (const [path, heading] of [
    ["/edit", "Administration"],
    ["/edit-gallery", "Galerie Photos"],
    ["/edit-products", "Éditer les Produits"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // Nothing overflows sideways on a phone or a tablet.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("signed out, the staff screens answer 'Page non trouvée'", async ({ page }) => {
  for (const path of ["/edit", "/edit-products", "/edit-gallery"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  }
});

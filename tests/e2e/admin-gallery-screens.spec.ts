import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test } from "./support";

// Read-only checks of the staff screens on a tablet and a phone (the changes are tested at laptop
// width in admin-gallery.spec.ts and admin-products.spec.ts).
for (const [device, viewport] of [
  ["tablet", { width: 820, height: 1180 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(device, () => {
    test.use({ viewport, hasTouch: true });

    test(`the panel, gallery and product screens fit and pass the accessibility scan (${device})`, async ({ page }) => {
      await login(page);
      for (const [path, heading] of [
        ["/edit", "Administration"],
        ["/edit-gallery", "Galerie Photos"],
        ["/edit-products", "Éditer les Produits"],
      ] as const) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, path).toBeLessThanOrEqual(0);
      }
      // The product form opens below the selector and is brought into view.
      await page.getByRole("option").first().click();
      await page.getByRole("button", { name: "Modifier" }).click();
      await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toBeInViewport();
      await expectNoSeriousA11yViolations(page);
    });

    test(`a photo's description editor opens within the page, roomy enough to write in (${device})`, async ({
      page,
    }) => {
      await login(page);
      await page.goto("/edit-gallery");
      const card = page
        .getByRole("list", { name: /Photos de la galerie/ })
        .getByRole("listitem")
        .first();
      await card.getByText(/^(Modifier la|Ajouter une) description/).click();
      const field = card.getByLabel("Description de la photo");
      await expect(field).toBeVisible();
      // On a phone's two columns the card takes the whole row while its description is edited.
      const width = (await field.boundingBox())?.width ?? 0;
      expect(width).toBeGreaterThan(device === "phone" ? 300 : 180);
      await expect(card.getByRole("button", { name: "Enregistrer" })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      await expectNoSeriousA11yViolations(page);
    });
  });
}

test("signed out, the staff screens answer 'Page non trouvée'", async ({ page }) => {
  for (const path of ["/edit", "/edit-products", "/edit-gallery"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  }
});

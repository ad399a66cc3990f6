import { expect, type Page } from "@playwright/test";
import { login, test, waitForAppHydration } from "./support";

// Filling a section in one step, as the owner does in front of a prospect: 'Remplir avec le Top 10' puts
// the best-sellers in every empty slot, 'Appliquer le modèle' gives a section the machine's saved
// template. On a phone and a desktop. Uses the oldest demo machine (the last card), which no other
// staff spec opens in the customiser.

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const counter = (page: Page, n: number) => page.getByTestId(`controls-${n}`).getByText(/^\d+ \/ \d+ remplis$/);

async function openLastMachine(page: Page) {
  await page.goto("/creer-machine");
  const card = page.getByRole("main").getByRole("listitem").last();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await waitForAppHydration(page);
  // A run before this one may have left a template or a draft: start from the machine's own layout.
  await page.getByRole("button", { name: "Recommencer" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Recommencer" }).click();
  await expect(counter(page, 1)).toHaveText(/^0 \/ \d+ remplis$/);
}

for (const width of [390, 1280]) {
  test(`fills a section with the Top 10 and applies the template in one tap each, at ${width} px`, async ({ page }) => {
    test.slow(); // a long journey: two fills, an undo, a template saved and applied
    await page.setViewportSize({ width, height: width < 1024 ? 844 : 900 });
    await login(page);
    await openLastMachine(page);
    const total = Number(/\/ (\d+)/.exec((await counter(page, 1).textContent())!)![1]);

    // One slot chosen by hand stays as it is; every other slot takes a best-seller, in turn.
    await page
      .getByTestId("slot-1-1")
      .getByRole("button", { name: /^Section 1, emplacement 1 \(/ })
      .click();
    const picker = page.getByRole("dialog", { name: "Choisir un produit" });
    await picker.getByRole("list").getByRole("button").first().click();
    await expect(picker).toBeHidden();
    const handPicked = (await page.getByTestId("slot-1-1").getByRole("button").first().getAttribute("aria-label"))!;

    const fill = page.getByRole("button", { name: "Remplir avec le Top 10 (section 1)" });
    await fill.scrollIntoViewIfNeeded();
    await fill.click();
    await expect(counter(page, 1)).toHaveText(`${total} / ${total} remplis`);
    await expect(toast(page, "Section remplie")).toContainText(
      `${total - 1} emplacements de la section 1 remplis avec le Top 10.`,
    );
    await expect(page.getByTestId("announcer")).toHaveText(
      `${total - 1} emplacements de la section 1 remplis avec le Top 10.`,
    );
    expect(await page.getByTestId("slot-1-1").getByRole("button").first().getAttribute("aria-label")).toBe(handPicked);
    const second = page.getByTestId("slot-1-2").getByRole("button").first();
    await expect(second).toHaveAttribute("aria-label", /^Section 1, emplacement 2 .*: .+\. Changer le produit$/);
    // Full: nothing left to fill.
    await expect(fill).toHaveAttribute("aria-disabled", "true");

    // 'Annuler' takes it back, then the section is filled again.
    await toast(page, "Section remplie").getByRole("button", { name: "Annuler" }).click();
    await expect(counter(page, 1)).toHaveText(`1 / ${total} remplis`);
    await fill.click();
    await expect(counter(page, 1)).toHaveText(`${total} / ${total} remplis`);

    // Saved as the machine's template, then the grid changed (which empties it): one tap brings the
    // template's grid and products back.
    await page.getByRole("button", { name: "Enregistrer comme modèle" }).click();
    await expect(toast(page, "Modèle enregistré")).toBeVisible();
    await page.reload();
    await waitForAppHydration(page);
    const apply = page.getByRole("button", { name: "Appliquer le modèle (section 1)" });
    await expect(apply).toBeVisible();
    const fewer = page.getByRole("button", { name: "Retirer une rangée (section 1)" });
    await fewer.scrollIntoViewIfNeeded();
    await fewer.click();
    await expect(counter(page, 1)).toHaveText(/^0 \/ \d+ remplis$/);
    await apply.click();
    await expect(counter(page, 1)).toHaveText(`${total} / ${total} remplis`);
    await expect(page.getByTestId("announcer")).toHaveText("Section 1 : disposition et produits du modèle appliqués.");
    expect(await page.getByTestId("slot-1-1").getByRole("button").first().getAttribute("aria-label")).toBe(handPicked);

    // Both buttons fit the phone's width, with their whole label.
    for (const button of [fill, apply]) {
      const box = (await button.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      expect(box.height).toBeGreaterThanOrEqual(44);
    }
  });
}

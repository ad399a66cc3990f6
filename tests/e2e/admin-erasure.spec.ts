import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test } from "./support";

// Erasing a person by address (Law 25) from the inbox, at a phone's and a laptop's width: an address
// that is not one is refused on its field, the confirmation says what goes (Escape cancels it and
// gives the focus back), then everything under that address is gone and the activity log says so
// without naming them. What the erasure removes from each table: tests/integration/erasure.test.ts.

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function sendRequest(page: Page, name: string, email: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/contact", {
    form: {
      nom_complet: name,
      courriel: email,
      description_demande: "Une distributrice de boissons pour notre centre sportif, près de l'accueil.",
      type_emplacement: "gym",
      emplacement: "levis",
      date_installation: "1-3-months",
      numero_telephone: "581 555-0111",
      prefere_telephone: "on",
      duree_saisie: "45000",
    },
    headers: { origin },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
}

for (const [label, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1280, height: 800 }],
] as const) {
  test(`erasing a person by address on a ${label} (${viewport.width}×${viewport.height})`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    await login(page);
    const id = unique();
    const name = `Élise D'Amours ${id}`;
    const email = `elise.${id}@exemple.ca`;
    await sendRequest(page, name, email);
    await sendRequest(page, `${name} (bis)`, email);

    await page.goto("/edit-demandes");
    await expect(page.getByRole("article", { name, exact: true })).toBeVisible();
    const card = page.getByRole("region", { name: "Effacer une personne" });
    const address = card.getByLabel("Adresse courriel de la personne");

    // Not an address: refused on its field, nothing asked, nothing sent.
    await address.fill("elise");
    await card.getByRole("button", { name: "Effacer cette personne…" }).click();
    await expect(address).toHaveAttribute("aria-invalid", "true");
    await expect(address).toHaveAccessibleDescription(/Entrez l'adresse courriel complète/);
    await expect(address).toBeFocused();

    // The confirmation opens with the focus on it; Escape closes it and gives the focus back.
    await address.fill(email.toUpperCase());
    await card.getByRole("button", { name: "Effacer cette personne…" }).click();
    const dialog = card.getByRole("alertdialog");
    await expect(dialog).toContainText(`Effacer définitivement tout ce qui concerne ${email.toUpperCase()}`);
    const confirm = dialog.getByRole("button", { name: "Effacer définitivement" });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(address).toBeFocused();
    await expect(page.getByRole("article", { name, exact: true })).toBeVisible();

    await card.getByRole("button", { name: "Effacer cette personne…" }).click();
    await expectNoSeriousA11yViolations(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await card.screenshot({ path: testInfo.outputPath(`erase-confirm-${viewport.width}.png`) });
    await card.getByRole("button", { name: "Effacer définitivement" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Personne effacée" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("2 demandes");
    await expect(page.getByRole("article", { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole("article", { name: `${name} (bis)` })).toHaveCount(0);
    await expect(address).toHaveValue("");
    await page.screenshot({ path: testInfo.outputPath(`erase-done-${viewport.width}.png`), fullPage: true });

    // A second time there is nothing left to erase.
    await address.fill(email);
    await card.getByRole("button", { name: "Effacer cette personne…" }).click();
    await card.getByRole("button", { name: "Effacer définitivement" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText(/rien à effacer/)).toBeVisible();

    // The activity log records the erasure, never whom.
    await page.goto("/edit-journal");
    const journal = page.getByTestId("journal");
    await expect(
      journal.getByRole("listitem").filter({ hasText: "Personne effacée sur demande" }).first(),
    ).toBeVisible();
    await expect(journal).not.toContainText(name);
    await expect(journal).not.toContainText(email);
  });
}

import { expect, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test } from "./support";

// The staff inbox and a request's page at a phone's and a laptop's width: folders with counts, the
// search, a request's page (stage, notes, erasure after a confirmation), the spam folder and its
// release, by keyboard where it matters; the activity log's lines for them; the forms before the app
// has started. The admin server sends email (to its own SMTP server): each request's page lists the
// staff's notice and the prospect's confirmation, and offers a reply.

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function sendRequest(page: Page, fields: Record<string, string>) {
  // Signed in first: the page is on the site, whose origin a browser's form post carries.
  const origin = new URL(page.url()).origin;
  const response = await page.request.post("/contact", {
    form: {
      // Each request its own mailbox: one address gets one confirmation a day.
      courriel: `marc.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@gym-levis.ca`,
      description_demande: "Une distributrice de boissons pour notre centre sportif, près de l'accueil.",
      type_emplacement: "gym",
      emplacement: "levis",
      date_installation: "1-3-months",
      numero_telephone: "581 555-0111",
      prefere_telephone: "on",
      duree_saisie: "45000",
      ...fields,
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
  test(`inbox and a request's page on a ${label} (${viewport.width}×${viewport.height})`, async ({
    page,
  }, testInfo) => {
    // One walk through the inbox, a request's page and the activity log: longer than one screen's test.
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    await login(page);
    const name = unique("Marc Bouchard");
    const spam = unique("Promo Casino");
    await sendRequest(page, { nom_complet: name });
    await sendRequest(page, { nom_complet: spam, description_demande: "Best casino bonus, visit our casino today" });

    await page.goto("/edit-demandes");
    await expect(page.getByRole("heading", { level: 1, name: "Demandes de contact" })).toBeVisible();
    await expect(page.getByText("L'envoi de courriels n'est pas configuré")).toHaveCount(0);
    const folders = page.getByRole("navigation", { name: "Dossiers" });
    await expect(folders.getByRole("link", { name: /^Nouvelles/ })).toBeVisible();
    const card = page.getByRole("article", { name });
    await expect(card).toBeVisible();
    await expect(card.getByText("Statut : Nouvelle")).toBeVisible();
    // Spam is kept apart: not among every request, but in its own folder with its reason.
    await expect(page.getByRole("article", { name: spam })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Nothing widens the page beyond the screen (the folders scroll in their own strip).
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await page.screenshot({ path: testInfo.outputPath(`inbox-${viewport.width}.png`), fullPage: true });

    // Search by phone number finds it, and a search that matches nothing says so.
    const search = page.getByRole("searchbox", { name: "Rechercher par nom, courriel, téléphone ou texte" });
    await search.fill(name.split(" ").at(-1)!);
    await search.press("Enter");
    await expect(page).toHaveURL(/q=/);
    await expect(page.getByRole("article")).toHaveCount(1);
    await search.fill("aucune-demande-ainsi");
    await search.press("Enter");
    await expect(page.getByText("Aucune demande ne correspond à cette recherche.")).toBeVisible();
    await page.getByRole("link", { name: "Effacer la recherche" }).click();
    await expect(page.getByRole("article", { name })).toBeVisible();

    await folders.getByRole("link", { name: /^Indésirables/ }).click();
    await expect(page).toHaveURL(/dossier=indesirables/);
    const held = page.getByRole("article", { name: spam });
    await expect(held.getByText(/Retenue : Mot typique des indésirables/)).toBeVisible();
    await held.getByRole("link", { name: spam }).click();
    await expect(page.getByRole("heading", { name: "Retenue comme indésirable" })).toBeVisible();
    await page.getByRole("button", { name: "Ce n'est pas un indésirable" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Demande libérée", { exact: false })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Retenue comme indésirable" })).toHaveCount(0);

    // The request's own page.
    await page.goto("/edit-demandes");
    await page.getByRole("article", { name }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    // The request's emails (folded under 'Voir le texte') repeat it: the request's own is the one shown.
    await expect(page.getByText("581 555-0111").filter({ visible: true }).first()).toBeVisible();
    const emails = page.getByRole("region", { name: "Courriels" });
    await expect(emails.getByRole("heading", { name: "Avis à l'équipe" })).toBeVisible();
    await expect(emails.getByRole("heading", { name: "Confirmation au client" })).toBeVisible();
    await expect(page.getByLabel(`Votre réponse à ${name}`)).toBeVisible();

    await page.getByLabel("Statut de la demande").selectOption({ label: "Proposition envoyée" });
    await page.getByRole("button", { name: "Changer le statut" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Statut changé : Proposition envoyée")).toBeVisible();
    await expect(page.getByText("Nouvelle → Proposition envoyée")).toBeVisible();

    // A note of blanks is refused before it is sent, on its field.
    await page.getByLabel(/^Nouvelle note/).fill("   ");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("La note est vide.")).toBeVisible();
    await expect(page.getByLabel(/^Nouvelle note/)).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel(/^Nouvelle note/)).toHaveAccessibleDescription("La note est vide.");
    await expect(page.getByLabel(/^Nouvelle note/)).toBeFocused();
    await page
      .getByRole("region", { name: "Notes de l'équipe" })
      .screenshot({ path: testInfo.outputPath(`note-refused-${viewport.width}.png`) });

    await page.getByLabel(/^Nouvelle note/).fill("Rappeler lundi matin");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.locator("[data-sonner-toast]").getByText("Note ajoutée")).toBeVisible();
    const notes = page.getByRole("list", { name: "Notes" });
    await expect(notes.getByText("Rappeler lundi matin")).toBeVisible();
    await expect(page.getByLabel(/^Nouvelle note/)).toHaveValue("");
    await expect(page.getByLabel(/^Nouvelle note/)).not.toHaveAttribute("aria-invalid", "true");
    await notes.getByRole("button", { name: "Modifier la note" }).click();
    const editor = notes.getByLabel("Texte de la note");
    await expect(editor).toBeFocused();
    await editor.fill("Rappeler mardi matin");
    await notes.getByRole("button", { name: "Enregistrer" }).click();
    await expect(notes.getByText("Rappeler mardi matin")).toBeVisible();
    await expect(notes.getByText(/modifiée le/)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`request-${viewport.width}.png`), fullPage: true });

    // Erasure asks first; Escape cancels, the confirmation deletes and goes back to the inbox.
    await page.getByRole("button", { name: "Supprimer la demande" }).click();
    const confirm = page.getByRole("button", { name: "Supprimer définitivement" });
    await expect(confirm).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Supprimer la demande" })).toBeFocused();
    await page.getByRole("button", { name: "Supprimer la demande" }).click();
    await page.screenshot({ path: testInfo.outputPath(`request-delete-${viewport.width}.png`) });
    await page.getByRole("button", { name: "Supprimer définitivement" }).click();
    await expect(page).toHaveURL(/\/edit-demandes$/);
    await expect(page.locator("[data-sonner-toast]").getByText("Demande supprimée", { exact: false })).toBeVisible();
    await expect(page.getByRole("article", { name })).toHaveCount(0);

    // The activity log says what was done, in French, without the person's name or any id.
    await page.goto("/edit-journal");
    const journal = page.getByTestId("journal");
    const moved = journal.getByRole("listitem").filter({ hasText: "Nouvelle → Proposition envoyée" }).first();
    await expect(moved).toContainText("Étape de la demande changée");
    await expect(moved).toContainText("Demandes de contact");
    await expect(journal.getByRole("listitem").filter({ hasText: "Demande effacée" }).first()).toBeVisible();
    await expect(journal).not.toContainText(name);
    await expect(journal).not.toContainText(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: testInfo.outputPath(`journal-${viewport.width}.png`), fullPage: true });
  });
}

test.describe("before the app has started (no JavaScript)", () => {
  test.use({ javaScriptEnabled: false });

  test("a request's stage and notes change from the plain forms", async ({ page }) => {
    await login(page);
    const name = unique("Julie Gagnon");
    await sendRequest(page, { nom_complet: name });
    await page.goto("/edit-demandes");
    await page.getByRole("article", { name }).getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const url = page.url();

    await page.getByLabel("Statut de la demande").selectOption({ label: "Gagnée" });
    await page.getByRole("button", { name: "Changer le statut" }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByText("Nouvelle → Gagnée")).toBeVisible();

    await page.getByLabel(/^Nouvelle note/).fill("Signé au téléphone");
    await page.getByRole("button", { name: "Ajouter la note" }).click();
    await expect(page.getByRole("list", { name: "Notes" }).getByText("Signé au téléphone")).toBeVisible();
  });
});

test("signed out, the inbox, a request's page and the export answer 'Page non trouvée'", async ({ page }) => {
  for (const path of [
    "/edit-demandes",
    "/edit-demandes/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
    "/edit-demandes/export.csv",
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
  }
});

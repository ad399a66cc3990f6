// /edit-machines in a real browser: a machine with pictures, a video and a chassis photo (then seen on
// its public page), editing it, its steps end to end, categories, and an accessibility scan.
import { expect, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { expectNoSeriousA11yViolations, login, test } from "./support";

const png = async (background: string, width = 600, height = 700) => ({
  name: "photo.png",
  mimeType: "image/png",
  buffer: await sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer(),
});
// The smallest thing the upload accepts as MP4: an 'ftyp' box of brand 'isom'.
const mp4 = () => ({
  name: "clip.mp4",
  mimeType: "video/mp4",
  buffer: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisomisom"), Buffer.alloc(84)]),
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const unique = (label: string) => `${label} ${Math.random().toString(36).slice(2, 7)}`;

async function upload(field: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  await field.setInputFiles(file);
}

async function addCategory(page: Page, nom: string) {
  await page.goto("/edit-machines?onglet=categories");
  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle catégorie" });
  await dialog.getByLabel("Nom de la catégorie").fill(nom);
  await dialog.getByRole("button", { name: "Ajouter la catégorie" }).click();
  await expect(toast(page, "Catégorie ajoutée")).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function openNewMachine(page: Page) {
  await page.goto("/edit-machines");
  await page.getByRole("link", { name: "Ajouter une machine" }).click();
  await expect(page.getByRole("heading", { name: "Nouvelle machine", level: 2 })).toBeVisible();
}

async function openMachine(page: Page, nom: string) {
  await page.goto("/edit-machines");
  await page.getByLabel("Machine à modifier").selectOption({ label: nom });
  await page.getByRole("link", { name: "Modifier", exact: true }).click();
  await expect(page.getByRole("heading", { name: nom, level: 2 })).toBeVisible();
}

const stepTitles = (page: Page) => page.getByTestId("step-item").locator("[data-step-summary]");
/** The step titles as shown, top to bottom. */
const expectSteps = (page: Page, titles: string[]) =>
  expect.poll(() => stepTitles(page).allTextContents()).toEqual(titles);

test.beforeEach(async ({ page }) => {
  await login(page);
});

test("creates a machine with pictures, a video and a chassis photo, finds it on its public page, then edits it", async ({
  page,
}) => {
  const category = unique("Catégorie vitrine");
  const nom = unique("Signature E2E");
  await addCategory(page, category);
  await openNewMachine(page);

  // Required fields are checked first.
  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Veuillez remplir tous les champs obligatoires.")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveAttribute("aria-invalid", "true");

  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page
    .getByRole("textbox", { name: "Description", exact: true })
    .fill("Vitrine réfrigérée, écran tactile et paiement sans contact.");
  await page.getByRole("combobox", { name: "Catégorie", exact: true }).selectOption({ label: category });
  await page.getByLabel("Dimensions").fill("183 × 90 × 80 cm");
  await page.getByLabel("Disponible en entrepôt").check();

  const photos = page.getByRole("list", { name: "Photos de la machine" }).getByRole("listitem");
  await upload(page.getByLabel("Ajouter une photo"), await png("#b8893b"));
  await expect(photos).toHaveCount(1);
  await expect(toast(page, "Image uploadée")).toBeVisible();
  await upload(page.getByLabel("Ajouter une photo"), await png("#1f7a4d"));
  await expect(photos).toHaveCount(2);
  await page.getByRole("button", { name: "Choisir la photo 2 comme photo principale" }).click();
  await expect(page.getByRole("button", { name: "Choisir la photo 2 comme photo principale" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await upload(page.getByLabel("Vidéo de présentation"), mp4());
  await expect(toast(page, "Vidéo uploadée")).toBeVisible();
  await upload(page.getByLabel("Photo du châssis"), await png("#f8f5ef", 800, 900));
  await expect(page.locator("#grille figure img")).toHaveCount(1);

  await page.getByRole("button", { name: "Ajouter un avantage" }).click();
  await page.getByRole("textbox", { name: "Avantage 1", exact: true }).fill("Paiement sans contact");
  await page.getByRole("button", { name: "Ajouter un avantage" }).click(); // left empty: dropped on save
  await page.getByRole("button", { name: "Ajouter une caractéristique" }).click();
  await page.getByLabel("Libellé de la caractéristique 1").fill("Hauteur");
  await page.getByLabel("Valeur de la caractéristique 1").fill("183 cm");

  // Numbers show the value that will be saved.
  const rows = page.getByLabel("Nombre de rangées");
  await rows.fill("25");
  await expect(page.locator(`#${await rows.getAttribute("aria-describedby")} output`)).toHaveText("20");
  const width = page.getByLabel("Largeur (px)");
  await width.fill("");
  await expect(page.locator(`#${await width.getAttribute("aria-describedby")} output`)).toHaveText("300 px");

  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Machine ajoutée")).toBeVisible();
  await expect(page).toHaveURL(/\/edit-machines$/);

  const card = page.getByTestId("machine-card").filter({ hasText: nom });
  await expect(card).toContainText(category);
  await expect(card).toContainText("En stock");
  await expect(card).toContainText("2 photos");
  const href = await card.getByRole("link", { name: `Modifier ${nom}` }).getAttribute("href");
  const machineId = new URL(href!, "http://x").searchParams.get("machine")!;

  // Saved as shown: reopen the form.
  await openMachine(page, nom);
  await expect(page.getByLabel("Nombre de rangées")).toHaveValue("20");
  await expect(page.getByLabel("Largeur (px)")).toHaveValue("300");
  await expect(page.getByRole("textbox", { name: "Avantage 1", exact: true })).toHaveValue("Paiement sans contact");
  await expect(page.getByRole("textbox", { name: "Avantage 2", exact: true })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Choisir la photo 2 comme photo principale" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  // Edit it.
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Nouvelle description de la vitrine.");
  await page.getByRole("button", { name: "Déplacer la photo 2 vers la gauche" }).click();
  await expect(page.getByRole("button", { name: "Choisir la photo 1 comme photo principale" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Machine mise à jour")).toBeVisible();
  await expect(page).toHaveURL(/\/edit-machines$/);

  // The public page reads the same database.
  await openMachine(page, nom);
  const catId = await page.getByRole("combobox", { name: "Catégorie", exact: true }).inputValue();
  await page.goto(`/machines/${catId}/${machineId}`);
  await expect(page.getByRole("heading", { name: nom, level: 1 })).toBeVisible();
  await expect(page.getByText("Nouvelle description de la vitrine.")).toBeVisible();

  // …and so does the customiser, from the saved grid (20 rows shown as its maximum of 10, 6 per row).
  await page.goto(`/creer-machine/${machineId}`);
  await expect(page.getByRole("heading", { level: 1, name: nom })).toBeVisible();
  await expect(page.getByTestId("section-1").locator('[data-testid^="slot-1-"]')).toHaveCount(60);
});

test("describes a picture and sets how the machine and its category show in search and when shared, then finds both on the public pages", async ({
  page,
}) => {
  const category = unique("Catégorie partage");
  const nom = unique("Machine partage");
  const photoText = "La distributrice vue de face, vitrine éclairée";
  const seoTitle = unique("Distributrice vitrine pour bureaux");
  await addCategory(page, category);
  await openNewMachine(page);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Vitrine réfrigérée et écran tactile.");
  await page.getByRole("combobox", { name: "Catégorie", exact: true }).selectOption({ label: category });
  await upload(page.getByLabel("Ajouter une photo"), await png("#b8893b"));
  await expect(toast(page, "Image uploadée")).toBeVisible();

  // Each picture has its description; left empty, the page's own text is its placeholder.
  const describe = page.getByRole("textbox", { name: "Description de la photo 1" });
  await expect(describe).toHaveAttribute("placeholder", `${nom}, photo 1`);
  await describe.fill(photoText);

  // Search and sharing, with the preview following what is typed.
  await page
    .getByRole("navigation", { name: "Sections du formulaire" })
    .getByRole("link", { name: /Recherche et partage/ })
    .click();
  await expect(page).toHaveURL(/#partage$/);
  const section = page.getByRole("region", { name: "Recherche et partage" });
  const preview = section.getByTestId("seo-preview");
  const titleField = section.getByRole("textbox", { name: "Titre dans les résultats de recherche" });
  await expect(titleField).toHaveAttribute("placeholder", nom);
  await expect(preview).toContainText(`${nom} | `);
  await titleField.fill(seoTitle);
  await expect(preview).toContainText(`${seoTitle} | `);
  await expect(section.getByText(`${seoTitle.length} / 70`)).toBeVisible();
  // Shared with the main picture, which carries its description.
  await expect(preview.getByRole("img", { name: photoText })).toBeVisible();
  await expect(section.getByRole("textbox", { name: "Description de l'image de partage" })).toHaveAttribute(
    "placeholder",
    photoText,
  );

  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Machine ajoutée")).toBeVisible();
  const card = page.getByTestId("machine-card").filter({ hasText: nom });
  const href = await card.getByRole("link", { name: `Modifier ${nom}` }).getAttribute("href");
  const machineId = new URL(href!, "http://x").searchParams.get("machine")!;

  // Saved as typed.
  await openMachine(page, nom);
  await expect(page.getByRole("textbox", { name: "Description de la photo 1" })).toHaveValue(photoText);
  await expect(page.getByRole("textbox", { name: "Titre dans les résultats de recherche" })).toHaveValue(seoTitle);
  const categoryId = await page.getByRole("combobox", { name: "Catégorie", exact: true }).inputValue();

  // The category: its search title, with its own preview.
  await page.goto("/edit-machines?onglet=categories");
  await page.getByRole("button", { name: `Modifier la catégorie ${category}` }).click();
  const dialog = page.getByRole("dialog", { name: "Modifier la catégorie" });
  const categoryTitle = `Distributrices ${category}`;
  await dialog.getByRole("textbox", { name: "Titre dans les résultats de recherche" }).fill(categoryTitle);
  await expect(dialog.getByTestId("seo-preview")).toContainText(`${categoryTitle} | `);
  // Without a picture of its own, the category is shared with its machine's.
  await expect(dialog.getByTestId("seo-preview").getByRole("img", { name: photoText })).toBeVisible();
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Catégorie mise à jour")).toBeVisible();

  // The public pages.
  await page.goto(`/machines/${categoryId}/${machineId}`);
  await expect(page.getByRole("heading", { name: nom, level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${seoTitle} \\| `));
  await expect(page.getByTestId("carousel-stage").getByRole("img", { name: photoText })).toBeVisible();
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", photoText);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/media\/machine-images\//);

  await page.goto(`/machines/${categoryId}`);
  await expect(page).toHaveTitle(new RegExp(`^${categoryTitle} \\| `));
  await expect(page.getByTestId("machines").getByRole("img", { name: photoText })).toBeVisible();
  await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute("content", photoText);
});

test("manages a machine's steps: add, reorder, remove, attach an existing one, refuse a duplicate", async ({
  page,
}) => {
  const nom = unique("Machine étapes");
  const [alpha, bravo, charlie] = ["Alpha", "Bravo", "Charlie"].map((t) => unique(t)) as [string, string, string];
  await openNewMachine(page);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Pour les étapes.");
  for (const [i, titre] of [alpha, bravo, charlie].entries()) {
    await page.getByRole("button", { name: "Ajouter une étape", exact: true }).click();
    await page.getByLabel(`Titre de l'étape ${i + 1}`).fill(titre);
  }
  await expect(stepTitles(page)).toHaveCount(3);
  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Machine ajoutée")).toBeVisible();
  await expect(toast(page, "Étape ajoutée")).toBeVisible();

  await openMachine(page, nom);
  await expectSteps(page, [alpha, bravo, charlie]);
  // End arrows are disabled.
  await expect(page.getByRole("button", { name: "Monter l'étape 1" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Descendre l'étape 3" })).toBeDisabled();
  await expect(page.getByRole("button", { name: "Descendre l'étape 1" })).toBeEnabled();

  // Reorder: swap 1 and 2, renumbered.
  await page.getByRole("button", { name: "Descendre l'étape 1" }).click();
  await expectSteps(page, [bravo, alpha, charlie]);
  await expect(page.getByTestId("step-item").first()).toContainText(`Étape 1 : ${bravo}`);

  // Remove the first (Bravo): renumbered 1..2.
  await page.getByRole("button", { name: "Retirer l'étape 1 de la machine" }).click();
  await expectSteps(page, [alpha, charlie]);
  await expect(page.getByTestId("step-item").nth(1)).toContainText(`Étape 2 : ${charlie}`);

  // Attach: no choice, then a duplicate, then Bravo again.
  const attach = page.getByRole("button", { name: "Ajouter", exact: true });
  await attach.click();
  await expect(page.getByRole("alert").filter({ hasText: "Veuillez sélectionner une étape existante." })).toBeVisible();
  await page.getByLabel("Ajouter une étape existante").selectOption({ label: `${alpha} (déjà sur cette machine)` });
  await attach.click();
  await expect(toast(page, "Cette étape est déjà ajoutée à cette machine.")).toBeVisible();
  await expect(stepTitles(page)).toHaveCount(2);
  await page.getByLabel("Ajouter une étape existante").selectOption({ label: bravo });
  await attach.click();
  await expectSteps(page, [alpha, charlie, bravo]);

  // Image or video: the video replaces the pending image.
  // Stored steps are folded: open the first one to edit it.
  const first = page.getByTestId("step-item").first();
  await expect(first.getByLabel("Image de l'étape 1")).toHaveCount(0);
  await first.getByRole("button", { name: "Modifier l'étape 1" }).click();
  await expect(first.getByRole("button", { name: "Replier l'étape 1" })).toHaveAttribute("aria-expanded", "true");
  await upload(first.getByLabel("Image de l'étape 1"), await png("#5c6068", 400, 300));
  await expect(first.locator("img").first()).toBeVisible();
  await upload(first.getByLabel("Vidéo de l'étape 1"), mp4());
  await expect(first.locator("video")).toHaveCount(1);
  await expect(first.locator("img")).toHaveCount(0);

  await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
  await expect(toast(page, "Machine mise à jour")).toBeVisible();

  await openMachine(page, nom);
  await expectSteps(page, [alpha, charlie, bravo]);
  await page.getByRole("button", { name: "Modifier l'étape 1" }).click();
  await expect(page.getByTestId("step-item").first().locator("video")).toHaveCount(1);
  await expect(page.getByTestId("step-item").first().locator("img")).toHaveCount(0);

  // The library lists the steps with their machine.
  await page.goto("/edit-machines?onglet=etapes");
  await expect(page.getByTestId("library-step").filter({ hasText: bravo })).toContainText(nom);
});

test("adds, edits and deletes a category; its machines lose it", async ({ page }) => {
  const nom = unique("Catégorie");
  const renamed = `${nom} (modifiée)`;
  const machine = unique("Machine catégorie");
  await page.goto("/edit-machines?onglet=categories");
  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouvelle catégorie" });
  await dialog.getByRole("button", { name: "Ajouter la catégorie" }).click();
  await expect(toast(page, "Veuillez remplir le nom de la catégorie.")).toBeVisible();
  await dialog.getByLabel("Nom de la catégorie").fill(nom);
  await dialog.getByRole("textbox", { name: "Description", exact: true }).fill("Pour le test.");
  // A file that is not an image: the upload's failure message, nothing kept.
  await upload(dialog.getByLabel("Image de la catégorie"), {
    name: "image.png",
    mimeType: "image/png",
    buffer: Buffer.from("pas une image, pas du tout"),
  });
  await expect(toast(page, "Impossible d'uploader l'image. Veuillez réessayer.")).toBeVisible();
  await upload(dialog.getByLabel("Image de la catégorie"), await png("#e3c58b", 800, 450));
  await expect(toast(page, "Image uploadée")).toBeVisible();
  await dialog.getByRole("button", { name: "Ajouter la catégorie" }).click();
  await expect(toast(page, "Catégorie ajoutée")).toBeVisible();
  const card = page.getByTestId("category-card").filter({ hasText: nom });
  await expect(card.locator("img")).toHaveCount(1);

  await card.getByRole("button", { name: `Modifier la catégorie ${nom}` }).click();
  const edit = page.getByRole("dialog", { name: "Modifier la catégorie" });
  await edit.getByLabel("Nom de la catégorie").fill(renamed);
  await edit.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Catégorie mise à jour")).toBeVisible();
  await expect(page.getByTestId("category-card").filter({ hasText: renamed })).toBeVisible();

  // A machine in that category.
  await openNewMachine(page);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(machine);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Dans une catégorie.");
  await page.getByRole("combobox", { name: "Catégorie", exact: true }).selectOption({ label: renamed });
  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Machine ajoutée")).toBeVisible();
  await expect(page.getByTestId("machine-card").filter({ hasText: machine })).toContainText(renamed);

  await page.goto("/edit-machines?onglet=categories");
  const renamedCard = page.getByTestId("category-card").filter({ hasText: renamed });
  await expect(renamedCard).toContainText(machine);
  await renamedCard.getByRole("button", { name: `Supprimer la catégorie ${renamed}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cette catégorie ?" });
  await expect(confirm).toContainText("1 machine n'aura plus de catégorie.");
  await confirm.getByRole("button", { name: "Supprimer la catégorie" }).click();
  await expect(toast(page, "Catégorie supprimée")).toBeVisible();
  await expect(page.getByTestId("category-card").filter({ hasText: renamed })).toHaveCount(0);

  await page.goto("/edit-machines");
  await expect(page.getByTestId("machine-card").filter({ hasText: machine })).toContainText("Sans catégorie");
  await openMachine(page, machine);
  await expect(page.getByRole("combobox", { name: "Catégorie", exact: true })).toHaveValue("");
});

test("deletes a machine after confirming", async ({ page }) => {
  const nom = unique("À supprimer");
  await openNewMachine(page);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
  await page.getByRole("textbox", { name: "Description", exact: true }).fill("Bientôt supprimée.");
  await page.getByRole("button", { name: "Ajouter la machine" }).click();
  await expect(toast(page, "Machine ajoutée")).toBeVisible();
  await page.getByRole("button", { name: `Supprimer ${nom}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Supprimer cette machine ?" });
  await expect(confirm).toContainText("irréversible");
  await confirm.getByRole("button", { name: "Supprimer la machine" }).click();
  await expect(toast(page, "Machine supprimée")).toBeVisible();
  await expect(page.getByTestId("machine-card").filter({ hasText: nom })).toHaveCount(0);
});

test("asks before leaving a machine with unsaved changes", async ({ page }) => {
  await openNewMachine(page);
  await page.getByRole("textbox", { name: "Nom", exact: true }).fill("Brouillon");
  await page
    .getByRole("navigation", { name: "Sections de l'édition des machines" })
    .getByRole("link", { name: /^Catégories/ })
    .click();
  const dialog = page.getByRole("alertdialog", { name: "Quitter sans enregistrer ?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("textbox", { name: "Nom", exact: true })).toHaveValue("Brouillon");
  await page.getByRole("button", { name: "Annuler", exact: true }).click();
  await dialog.getByRole("button", { name: "Quitter sans enregistrer" }).click();
  await expect(page).toHaveURL(/\/edit-machines$/);
  await expect(page.getByTestId("machine-card").filter({ hasText: "Brouillon" })).toHaveCount(0);
});

test("no serious accessibility violation on the lists and the forms", async ({ page }) => {
  for (const path of [
    "/edit-machines",
    "/edit-machines?onglet=etapes",
    "/edit-machines?onglet=categories",
    "/edit-machines?machine=nouvelle",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: "Éditer les Machines" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await page.getByRole("button", { name: "Ajouter une étape", exact: true }).click();
  await page.getByRole("button", { name: "Ajouter une section" }).click();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/edit-machines?onglet=categories");
  await page.getByRole("button", { name: "Ajouter une catégorie" }).click();
  await expect(page.getByRole("dialog", { name: "Nouvelle catégorie" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("on a tablet", () => {
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });

  test("the form fits the screen, its section menu jumps to the steps, and a save works", async ({ page }) => {
    const nom = unique("Tablette");
    await openNewMachine(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await page.getByRole("textbox", { name: "Nom", exact: true }).fill(nom);
    await page.getByRole("textbox", { name: "Description", exact: true }).fill("Saisie sur tablette.");
    await page
      .getByRole("navigation", { name: "Sections du formulaire" })
      .getByRole("link", { name: /Étapes/ })
      .click();
    await expect(page).toHaveURL(/#etapes$/);
    await page.getByRole("button", { name: "Ajouter une étape", exact: true }).click();
    await expect(page.getByLabel("Titre de l'étape 1")).toBeFocused();
    await page.getByLabel("Titre de l'étape 1").fill("Visite des lieux");
    // The save bar stays in view.
    await expect(page.getByRole("button", { name: "Ajouter la machine" })).toBeInViewport();
    await page.getByRole("button", { name: "Ajouter la machine" }).click();
    await expect(toast(page, "Machine ajoutée")).toBeVisible();
    await expect(page.getByTestId("machine-card").filter({ hasText: nom })).toContainText("1 étape");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
  });
});

import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations, login, test } from "./support";

// The machine customiser as the admin uses it in front of a prospect: at desktop width, on a tablet
// (820 × 1180, touch) and, for the basics, on a phone. Runs on the demo catalogue (8 machines,
// 40 products).

const onlyDesktopProject = () =>
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "desktop", "desktop project only"));

type Box = { x: number; y: number; width: number; height: number };

async function sectionBox(page: Page, n: number): Promise<Box> {
  const el = page.getByTestId(`section-${n}`);
  const read = async (name: string) => Number(await el.getAttribute(`data-${name}`));
  return { x: await read("x"), y: await read("y"), width: await read("width"), height: await read("height") };
}

/** Opens the customiser of the first machine of the list; returns its name. */
async function openFirstMachine(page: Page): Promise<string> {
  await page.goto("/creer-machine");
  const card = page.getByRole("main").getByRole("listitem").first();
  const name = (await card.getByRole("heading").textContent())!.trim();
  await card.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByTestId("section-1")).toBeVisible();
  return name;
}

const slot = (page: Page, section: number, n: number) => page.getByTestId(`slot-${section}-${n}`);
const slotButton = (page: Page, section: number, n: number) =>
  slot(page, section, n).getByRole("button", { name: new RegExp(`^Section ${section}, emplacement ${n} \\(`) });

async function pickerCount(dialog: Locator) {
  const text = (await dialog.getByTestId("picker-count").textContent()) ?? "";
  const match = /(\d+) produits? · Page (\d+) sur (\d+)/.exec(text);
  if (!match) throw new Error(`unexpected count: ${text}`);
  return { total: Number(match[1]), page: Number(match[2]), pages: Number(match[3]) };
}

/** Fills a slot with the picker's first product on its current page; returns the product name. */
async function fillSlot(page: Page, section: number, n: number, index = 0): Promise<string> {
  await slotButton(page, section, n).click();
  const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
  await expect(dialog).toBeVisible();
  const product = dialog.getByRole("list").getByRole("button").nth(index);
  const name = (await product.locator("span.line-clamp-2").textContent())!.trim();
  await product.click();
  await expect(dialog).toBeHidden();
  return name;
}

/** Drags a handle so that its centre ends at (x, y) in the viewport. */
async function dragTo(page: Page, handle: Locator, x: number, y: number) {
  const box = (await handle.boundingBox())!;
  await drag(page, handle, x - (box.x + box.width / 2), y - (box.y + box.height / 2));
}

async function drag(page: Page, handle: Locator, dx: number, dy: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + dx / 2, y + dy / 2, { steps: 5 });
  await page.mouse.move(x + dx, y + dy, { steps: 5 });
  await page.mouse.up();
}

/** A real touch drag (pointerType 'touch') through the DevTools protocol. */
async function touchDrag(page: Page, handle: Locator, dx: number, dy: number) {
  const box = (await handle.boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 8; i++) {
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: [{ x: x + (dx * i) / 8, y: y + (dy * i) / 8 }],
    });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

async function canvasScale(page: Page) {
  const box = (await page.getByTestId("customiser-canvas").boundingBox())!;
  return box.width / 600;
}

test.describe("choosing a machine", () => {
  test(
    "searches by name, filters by category, and says when nothing matches",
    { tag: "@any-width" },
    async ({ page }) => {
      await login(page);
      await page.goto("/creer-machine");
      await expect(page.getByRole("heading", { level: 1, name: "Créer ma machine" })).toBeVisible();
      const cards = page.getByRole("main").getByRole("list").first().getByRole("listitem");
      const all = await cards.count();
      expect(all).toBeGreaterThanOrEqual(2);
      await expect(cards.first()).toContainText(/\d+ produits par rangée × \d+ rangées/);
      await expect(cards.first().locator("img")).toBeVisible();

      // Name search, without accents or case.
      const name = (await cards.nth(1).getByRole("heading").textContent())!.trim();
      const query = name
        .split(" ")
        .at(-1)!
        .normalize("NFD")
        .replace(/\p{Diacritic}/gu, "")
        .toUpperCase();
      await page.getByLabel("Rechercher une machine par nom").fill(query);
      await expect.poll(() => cards.count()).toBeLessThan(all);
      await expect(cards.filter({ hasText: name })).toHaveCount(1);
      await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(query)}`));
      await page.getByLabel("Rechercher une machine par nom").fill("");
      await expect(cards).toHaveCount(all);

      // Category filter.
      const select = page.getByLabel("Catégorie");
      await expect(select.locator("option").first()).toHaveText("Toutes les catégories");
      const category = (await select.locator("option").nth(1).textContent())!.trim();
      await select.selectOption({ label: category });
      await expect.poll(() => cards.count()).toBeLessThan(all);
      const inCategory = await cards.count();
      expect(inCategory).toBeGreaterThan(0);
      expect(inCategory).toBeLessThan(all);
      for (let i = 0; i < inCategory; i++) await expect(cards.nth(i)).toContainText(category);

      // Nothing matches.
      await page.getByLabel("Rechercher une machine par nom").fill("zzz introuvable");
      await expect(page.getByText("Aucune machine trouvée avec les critères sélectionnés")).toBeVisible();
      await page.getByRole("button", { name: "Effacer les filtres" }).click();
      await expect(cards).toHaveCount(all);
      await expect(select).toHaveValue("");

      // The filters survive a reload (they live in the URL).
      await select.selectOption({ label: category });
      await expect(page).toHaveURL(/categorie=/);
      await page.reload();
      await expect(page.getByLabel("Catégorie")).toHaveValue(/.+/);
      await expect(cards).toHaveCount(inCategory);
      await expectNoSeriousA11yViolations(page);
    },
  );

  test(
    "an unknown machine says so, with a way back; visitors get 'Page non trouvée'",
    { tag: "@any-width" },
    async ({ page }) => {
      const anonymous = await page.goto("/creer-machine");
      expect(anonymous?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
      await login(page);
      const response = await page.goto("/creer-machine/00000000-0000-4000-8000-000000000000");
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { name: "Machine non trouvée" })).toBeVisible();
      await page.getByRole("link", { name: "Retour à la sélection" }).click();
      await expect(page).toHaveURL(/\/creer-machine$/);
    },
  );
});

test.describe("the customiser at desktop width", () => {
  onlyDesktopProject();
  test.beforeEach(async ({ page }) => login(page));

  test("drags and resizes a section with the mouse", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 1700 });
    await openFirstMachine(page);
    const scale = await canvasScale(page);
    const start = await sectionBox(page, 1);

    await drag(page, page.getByTestId("move-1"), 60, -45);
    const moved = await sectionBox(page, 1);
    expect(moved.x).toBeCloseTo(start.x + (60 / scale / 600) * 100, 0);
    expect(moved.y).toBeCloseTo(start.y - (45 / scale / 900) * 100, 0);
    expect(moved.width).toBe(start.width);
    await expect(page.getByTestId("announcer")).toContainText("Section 1 déplacée");

    // The top-left handle: dragging it up and left grows the box, the bottom-right corner stays.
    await drag(page, page.getByTestId("resize-1"), -30, -40);
    const grown = await sectionBox(page, 1);
    expect(grown.width).toBeCloseTo(moved.width + 30 / scale, -1);
    expect(grown.height).toBeCloseTo(moved.height + 40 / scale, -1);
    const right = (b: Box) => (b.x / 100) * 600 + b.width / 2;
    const bottom = (b: Box) => (b.y / 100) * 900 + b.height / 2;
    expect(Math.abs(right(grown) - right(moved))).toBeLessThan(2);
    expect(Math.abs(bottom(grown) - bottom(moved))).toBeLessThan(2);

    // Escape during a drag puts the section back.
    const tab = page.getByTestId("move-1");
    const tabBox = (await tab.boundingBox())!;
    await page.mouse.move(tabBox.x + tabBox.width / 2, tabBox.y + tabBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(tabBox.x + 120, tabBox.y + 90, { steps: 5 });
    await page.keyboard.press("Escape");
    await page.mouse.up();
    expect(await sectionBox(page, 1)).toEqual(grown);
    await expect(page.getByTestId("section-1")).not.toHaveAttribute("style", /transform/);

    // At least 50 px per side; the position stays within 0–100 %.
    await dragTo(page, page.getByTestId("resize-1"), 1278, 1698);
    expect(await sectionBox(page, 1)).toMatchObject({ width: 50, height: 50 });
    await dragTo(page, page.getByTestId("move-1"), 2, 2);
    expect(await sectionBox(page, 1)).toMatchObject({ x: 0, y: 0 });
    await dragTo(page, page.getByTestId("move-1"), 1278, 1698);
    expect(await sectionBox(page, 1)).toMatchObject({ x: 100, y: 100 });
  });

  test("moves and resizes a section with the keyboard, and announces it", async ({ page }) => {
    await openFirstMachine(page);
    const start = await sectionBox(page, 1);
    const tab = page.getByTestId("move-1");
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("ArrowDown");
    let box = await sectionBox(page, 1);
    expect(box.x).toBeCloseTo(start.x + 2, 5);
    expect(box.y).toBeCloseTo(start.y + 1, 5);
    await expect(page.getByTestId("announcer")).toContainText(/Section 1 : \d+ % · \d+ %/);

    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    box = await sectionBox(page, 1);
    expect(box.width).toBe(start.width + 10);
    expect(box.height).toBe(start.height + 10);
    // The size in plain words (percent of the machine), no pixels.
    await expect(page.getByTestId("announcer")).toContainText(
      `Section 1 : largeur ${Math.round(((start.width + 10) / 600) * 100)} %, hauteur ${Math.round(((start.height + 10) / 900) * 100)} %`,
    );

    // The handle: arrows move the top-left corner (left = wider, down = shorter).
    await page.getByTestId("resize-1").focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowDown");
    box = await sectionBox(page, 1);
    expect(box.width).toBe(start.width + 20);
    expect(box.height).toBe(start.height);
  });

  test("adds sections up to 3, refuses a 4th, removes while more than one", async ({ page }) => {
    await openFirstMachine(page);
    const add = page.getByRole("button", { name: "Ajouter une section" });
    await add.click();
    await expect(page.getByTestId("section-2")).toBeVisible();
    expect(await sectionBox(page, 2)).toEqual({ x: 70, y: 50, width: 300, height: 400 });
    await add.click();
    await expect(page.getByTestId("section-3")).toBeVisible();

    const full = page.getByRole("button", { name: "3 sections au maximum" });
    await expect(full).toBeDisabled();
    await full.click({ force: true });
    await expect(page.getByText("Maximum atteint")).toBeVisible();
    await expect(page.getByTestId("section-4")).toHaveCount(0);
    await expect(page.getByTestId("fill-summary")).toContainText("3 sections");

    await page.getByRole("button", { name: "Supprimer la section 2" }).click();
    await page.getByRole("button", { name: "Supprimer la section 2" }).click();
    await expect(page.getByTestId("section-2")).toHaveCount(0);
    const removeLast = page.getByRole("button", { name: "Supprimer la section 1" });
    await expect(removeLast).toBeDisabled();
    await removeLast.click({ force: true });
    await expect(page.getByTestId("section-1")).toBeVisible();
    await expect(page.getByTestId("fill-summary")).toContainText("1 section ·");
  });

  test("changes rows and columns by one, within 1 to 10", async ({ page }) => {
    await openFirstMachine(page);
    const controls = page.getByTestId("controls-1");
    const rows = controls.getByLabel("Rangées de la section 1");
    const cols = controls.getByLabel("Colonnes de la section 1");
    const addRow = controls.getByRole("button", { name: "Ajouter une rangée (section 1)" });
    const removeCol = controls.getByRole("button", { name: "Retirer une colonne (section 1)" });

    const startRows = Number(await rows.textContent());
    await addRow.click();
    await expect(rows).toHaveText(String(Math.min(10, startRows + 1)));
    for (let i = 0; i < 10; i++) await addRow.click({ force: true });
    await expect(rows).toHaveText("10");
    await expect(addRow).toBeDisabled();
    for (let i = 0; i < 10; i++) await removeCol.click({ force: true });
    await expect(cols).toHaveText("1");
    await expect(removeCol).toBeDisabled();
    await expect(page.getByTestId("section-1").locator("[data-testid^='slot-1-']")).toHaveCount(10);
    await expect(page.getByTestId("section-1")).toHaveAttribute("aria-label", "Section 1 : 10 rangées × 1 colonnes");

    await controls.getByRole("button", { name: "Réinitialiser la section 1" }).click();
    await expect(rows).toHaveText(String(startRows));
  });

  test("places one product in series: chosen once, then one tap a slot (1 + 6 taps for 6 slots)", async ({ page }) => {
    await openFirstMachine(page);
    await page.getByRole("button", { name: "Placer un produit en série" }).click();
    const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
    const product = dialog.getByRole("list").getByRole("button").first();
    const name = (await product.locator("span.line-clamp-2").textContent())!.trim();
    await product.click();
    await expect(dialog).toBeHidden();
    const mode = page.getByTestId("series-mode");
    await expect(mode).toContainText(name);

    const slots = [1, 2, 3, 7, 8, 9];
    for (const n of slots) await slotButton(page, 1, n).click();
    await expect(dialog).toBeHidden();
    for (const n of slots)
      await expect(slotButton(page, 1, n)).toHaveAccessibleName(
        new RegExp(`: ${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\. `),
      );
    await expect(page.getByTestId("controls-1").getByText(/ remplis$/)).toHaveText(/^6 \/ \d+ remplis$/);

    // The way out: the spec's flow again, a tap opens the picker.
    await mode.getByRole("button", { name: "Terminer" }).click();
    await expect(mode).toBeHidden();
    await slotButton(page, 1, 4).click();
    await expect(dialog).toBeVisible();
  });

  test("fills slots through the picker's filters and pages, clears them, and a grid change empties them", async ({
    page,
  }) => {
    await openFirstMachine(page);
    await slotButton(page, 1, 1).click();
    const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Section 1 · emplacement 1 (rangée 1, colonne 1)");
    const products = dialog.getByRole("list").getByRole("button");
    await expect(products).toHaveCount(12);
    const all = await pickerCount(dialog);
    expect(all.pages).toBe(Math.ceil(all.total / 12));

    // Pages.
    const firstOnPage1 = (await products.first().textContent())!;
    await dialog.getByRole("button", { name: "Page 2" }).click();
    await expect(dialog.getByTestId("picker-count")).toContainText("Page 2 sur");
    await expect(products.first()).not.toHaveText(firstOnPage1);
    await dialog.getByRole("button", { name: "Suivant" }).click();
    await expect(dialog.getByTestId("picker-count")).toContainText("Page 3 sur");
    await dialog.getByRole("button", { name: "Précédent" }).click();
    await expect(dialog.getByTestId("picker-count")).toContainText("Page 2 sur");
    const fromPage2 = (await products.nth(3).locator("span.line-clamp-2").textContent())!.trim();

    // Category, then tag ('all' = no filter), then name.
    const category = dialog.getByLabel("Catégorie");
    await category.selectOption({ index: 1 });
    await expect(dialog.getByTestId("picker-count")).toContainText("Page 1 sur");
    await expect.poll(async () => (await pickerCount(dialog)).total).toBeLessThan(all.total);
    await category.selectOption("all");
    await expect.poll(async () => (await pickerCount(dialog)).total).toBe(all.total);
    const tag = dialog.getByLabel("Tag");
    await tag.selectOption({ index: 1 });
    await expect.poll(async () => (await pickerCount(dialog)).total).toBeLessThan(all.total);
    await tag.selectOption("all");
    const fragment = fromPage2
      .split(" ")[0]!
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase();
    await dialog.getByLabel("Nom du produit").fill(fragment);
    await expect(products.filter({ hasText: fromPage2 })).toHaveCount(1);
    await expect.poll(async () => (await pickerCount(dialog)).total).toBeLessThan(all.total);
    await dialog.getByLabel("Nom du produit").fill("zzz introuvable");
    await expect(dialog.getByText("Aucun produit trouvé avec les critères sélectionnés")).toBeVisible();
    await dialog.getByLabel("Nom du produit").fill(fragment);
    await products.filter({ hasText: fromPage2 }).click();
    await expect(dialog).toBeHidden();

    // The slot shows the picture and the name.
    await expect(slot(page, 1, 1)).toContainText(fromPage2);
    await expect(slot(page, 1, 1).locator("img")).toHaveCount(1);
    await expect(slotButton(page, 1, 1)).toHaveAttribute("aria-label", new RegExp(`${fromPage2}. Changer le produit`));
    await expect(page.getByTestId("fill-summary")).toContainText(/ 1 \/ \d+ emplacements remplis/);

    // A second slot, then its × clears it.
    const second = await fillSlot(page, 1, 2, 1);
    await expect(slot(page, 1, 2)).toContainText(second);
    await slot(page, 1, 2)
      .getByRole("button", { name: `Retirer ${second} (section 1, emplacement 2)` })
      .click();
    await expect(slot(page, 1, 2).locator("img")).toHaveCount(0);
    await expect(slot(page, 1, 1)).toContainText(fromPage2);

    // Any grid change clears every selection (and can be taken back).
    await page.getByRole("button", { name: "Ajouter une section" }).click();
    await fillSlot(page, 2, 1);
    await expect(page.getByTestId("fill-summary")).toContainText(/ 2 \/ \d+ emplacements remplis/);
    const rows2 = page.getByTestId("controls-2").getByLabel("Rangées de la section 2");
    const before = Number(await rows2.textContent());
    await page
      .getByRole("button", { name: before > 1 ? "Retirer une rangée (section 2)" : "Ajouter une rangée (section 2)" })
      .click();
    await expect(page.getByTestId("fill-summary")).toContainText(/ 0 \/ \d+ emplacements remplis/);
    await expect(slot(page, 1, 1).locator("img")).toHaveCount(0);
    await page.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByTestId("fill-summary")).toContainText(/ 2 \/ \d+ emplacements remplis/);
    await expect(slot(page, 1, 1)).toContainText(fromPage2);
  });

  test("'Envoyer la proposition' asks for the client, logs the configuration, stores it and confirms", async ({
    page,
  }) => {
    const machineName = await openFirstMachine(page);
    await page.getByRole("button", { name: "Ajouter une section" }).click();
    const first = await fillSlot(page, 1, 1);
    const third = await fillSlot(page, 2, 3, 2);

    const logs: unknown[] = [];
    page.on("console", async (message) => {
      if (message.text().startsWith("Configuration de la machine :")) logs.push(await message.args()[1]!.jsonValue());
    });
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "fetch" || request.method() !== "GET") requests.push(request.url());
    });
    await page.getByRole("button", { name: "Envoyer la proposition" }).click();
    const dialog = page.getByRole("dialog", { name: "Envoyer la proposition" });
    await dialog.getByLabel("Nom du client").fill("Hélène Bélanger");
    await dialog.getByLabel("Courriel du client").fill("helene@exemple.ca");
    await dialog.getByRole("button", { name: "Envoyer", exact: true }).click();
    await expect(page.getByText("Configuration prête")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Les données de configuration ont été générées.")).toBeVisible();
    await expect.poll(() => logs.length).toBe(1);
    const config = logs[0] as Record<string, unknown>;
    const s1 = await sectionBox(page, 1);
    const s2 = await sectionBox(page, 2);
    const rows = (n: number) =>
      page.getByTestId(`controls-${n}`).getByLabel(`Rangées de la section ${n}`).textContent();
    const cols = (n: number) =>
      page.getByTestId(`controls-${n}`).getByLabel(`Colonnes de la section ${n}`).textContent();
    expect(config).toEqual({
      machineName,
      numberOfSections: 2,
      gridConfigs: [
        {
          rows: Number(await rows(1)),
          cols: Number(await cols(1)),
          position: { x: s1.x, y: s1.y },
          size: { width: s1.width, height: s1.height },
        },
        {
          rows: Number(await rows(2)),
          cols: Number(await cols(2)),
          position: { x: 70, y: 50 },
          size: { width: 300, height: 400 },
        },
      ],
      selectedProducts: [
        { section: 1, slot: 1, productId: expect.any(String), productName: first },
        { section: 2, slot: 3, productId: expect.any(String), productName: third },
      ],
    });
    expect(s2).toMatchObject({ x: 70, y: 50 });
    // One post, which stores the proposal (the layouts above it then read their data again).
    expect(requests.filter((url) => !url.includes("_routes="))).toHaveLength(1);
  });

  test("keeps the layout across a reload, downloads it as JSON, prints it, and starts over on request", async ({
    page,
  }) => {
    const machineName = await openFirstMachine(page);
    await page.getByRole("button", { name: "Ajouter une section" }).click();
    await page.getByTestId("move-2").focus();
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("Shift+ArrowDown");
    const product = await fillSlot(page, 2, 4);
    const before = await sectionBox(page, 2);

    await page.reload();
    await expect(page.getByText("Brouillon restauré")).toBeVisible();
    await expect(page.getByTestId("section-2")).toBeVisible();
    expect(await sectionBox(page, 2)).toEqual(before);
    expect(before).toEqual({ x: 69, y: 50.6, width: 300, height: 410 });
    await expect(slot(page, 2, 4)).toContainText(product);

    // JSON download.
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Télécharger la configuration" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^configuration-[a-z0-9-]+\.json$/);
    const json: unknown = JSON.parse(await readFile(await download.path(), "utf8"));
    expect(json).toMatchObject({
      machineName,
      numberOfSections: 2,
      gridConfigs: [
        expect.any(Object),
        {
          rows: expect.any(Number),
          cols: expect.any(Number),
          position: { x: 69, y: 50.6 },
          size: { width: 300, height: 410 },
        },
      ],
      selectedProducts: [{ section: 2, slot: 4, productName: product }],
      machineId: expect.any(String),
    });

    // Print: the button opens the browser's print; only the canvas and the slot-by-slot sheet print.
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute("data-printed", "yes");
    });
    await page.getByRole("button", { name: "Imprimer la proposition" }).click();
    await expect(page.locator("body")).toHaveAttribute("data-printed", "yes");
    await page.emulateMedia({ media: "print" });
    const sheet = page.getByTestId("print-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText("Section 2 —");
    await expect(sheet.getByRole("row", { name: new RegExp(product) })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Navigation principale" })).toBeHidden();
    await expect(page.getByRole("button", { name: "Envoyer la proposition" })).toBeHidden();
    await page.emulateMedia({ media: "screen" });
    await expect(sheet).toBeHidden();

    // Start over, with a confirmation.
    await page.getByRole("button", { name: "Recommencer" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Recommencer la configuration ?" });
    await confirm.getByRole("button", { name: "Annuler" }).click();
    await expect(page.getByTestId("section-2")).toBeVisible();
    await page.getByRole("button", { name: "Recommencer" }).click();
    await confirm.getByRole("button", { name: "Recommencer" }).click();
    await expect(page.getByTestId("section-2")).toHaveCount(0);
    await expect(page.getByTestId("fill-summary")).toContainText("1 section · 0 /");
    await page.reload();
    await expect(page.getByTestId("section-1")).toBeVisible();
    await expect(page.getByTestId("section-2")).toHaveCount(0);
  });

  test("has no serious accessibility violation, picker open or not", async ({ page }) => {
    await openFirstMachine(page);
    await fillSlot(page, 1, 1);
    await expectNoSeriousA11yViolations(page);
    await slotButton(page, 1, 2).click();
    await expect(page.getByRole("dialog", { name: "Choisir un produit" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("the customiser on a tablet", () => {
  onlyDesktopProject();
  test.use({ viewport: { width: 820, height: 1180 }, hasTouch: true });
  test.beforeEach(async ({ page }) => login(page));

  test("fits the screen, with the section toolbar beside the canvas", async ({ page }) => {
    await openFirstMachine(page);
    const canvas = (await page.getByTestId("customiser-canvas").boundingBox())!;
    const controls = (await page.getByTestId("controls-1").boundingBox())!;
    expect(canvas.x).toBeGreaterThanOrEqual(0);
    expect(canvas.x + canvas.width).toBeLessThanOrEqual(820);
    expect(canvas.height / canvas.width).toBeCloseTo(1.5, 2);
    expect(controls.x).toBeGreaterThan(canvas.x + canvas.width - 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await expectNoSeriousA11yViolations(page);
  });

  test("drags and resizes a section by touch", async ({ page }) => {
    await openFirstMachine(page);
    const scale = await canvasScale(page);
    const start = await sectionBox(page, 1);
    await touchDrag(page, page.getByTestId("move-1"), -40, 30);
    const moved = await sectionBox(page, 1);
    expect(moved.x).toBeCloseTo(start.x - (40 / scale / 600) * 100, 0);
    expect(moved.y).toBeCloseTo(start.y + (30 / scale / 900) * 100, 0);
    await touchDrag(page, page.getByTestId("resize-1"), -20, -20);
    const grown = await sectionBox(page, 1);
    expect(grown.width).toBeGreaterThan(moved.width + 15);
    expect(grown.height).toBeGreaterThan(moved.height + 15);
  });

  test("fills a slot by tapping, and keyboard moves still work", async ({ page }) => {
    await openFirstMachine(page);
    await slotButton(page, 1, 1).tap();
    const dialog = page.getByRole("dialog", { name: "Choisir un produit" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Page 2" }).tap();
    await expect(dialog.getByTestId("picker-count")).toContainText("Page 2 sur");
    const product = dialog.getByRole("list").getByRole("button").first();
    const name = (await product.locator("span.line-clamp-2").textContent())!.trim();
    await product.tap();
    await expect(slot(page, 1, 1)).toContainText(name.slice(0, 3));
    await page.getByRole("button", { name: "Ajouter une section" }).tap();
    await page.getByRole("button", { name: "Ajouter une section" }).tap();
    await expect(page.getByRole("button", { name: "3 sections au maximum" })).toBeDisabled();
  });
});

test.describe("the customiser on a phone", () => {
  test.beforeEach(({}, testInfo) => test.skip(testInfo.project.name !== "phone", "phone project only"));

  test("scales the canvas to the screen and fills a slot", async ({ page }) => {
    await login(page);
    await openFirstMachine(page);
    const viewport = page.viewportSize()!;
    const canvas = (await page.getByTestId("customiser-canvas").boundingBox())!;
    expect(canvas.width).toBeLessThanOrEqual(viewport.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    const name = await fillSlot(page, 1, 1);
    await expect(slotButton(page, 1, 1)).toHaveAttribute("aria-label", new RegExp(name));
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_PICKER_FILTERS, PICKER_PAGE_SIZE } from "../../app/features/customiser/filters";
import {
  getCustomiserMachine,
  listCustomiserCategories,
  listCustomiserMachines,
  listPickerOptions,
  searchPickerProducts,
} from "../../app/features/customiser/queries.server";
import { insertCategory, insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { startTestApp, type TestApp } from "../support/server";

// Fixtures stand for the demo catalogue: 30 products (accents, categories, tags), 3 machines.
let app: TestApp;
let cookie: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  app = await startTestApp();
  cookie = await app.login();
  const db = app.db();
  await insertProduct(db, { nom: "Café filtre corsé", prix: 2.25, categorie: ["Boissons chaudes"], tags: ["Local"] });
  await insertProduct(db, {
    nom: "Cafe glacé vanille",
    prix: 3.75,
    categorie: ["Boissons froides"],
    tags: ["Nouveau"],
  });
  await insertProduct(db, {
    nom: "Éclair au chocolat",
    prix: 3.5,
    categorie: ["Collations"],
    tags: ["Local", "Sucré"],
  });
  await insertProduct(db, { nom: "Jus 100 % pomme", prix: 2.5, categorie: ["Boissons froides", "Santé"], tags: [] });
  for (let i = 1; i <= 26; i++) {
    await insertProduct(db, {
      nom: `Barre ${String(i).padStart(2, "0")}`,
      prix: 2,
      categorie: ["Collations"],
      tags: i % 2 ? ["Sucré"] : [],
    });
  }
  const cafe = await insertCategory(db, { nom: "Café et boissons chaudes" });
  await insertCategory(db, { nom: "Catégorie vide" });
  const a = await insertMachine(db, {
    nom: "Boréal Classique",
    description: "d",
    categorie_id: cafe.id,
    images: ["/placeholder.svg", "/media/machine-images/classique.webp"],
    main_image_index: 0,
    image_overlay: "/media/machine-images/classique-chassis.webp",
    produits_par_rangee: 5,
    nombre_de_rangees: 4,
    grid_default_position_x: 41,
    grid_default_position_y: 47,
    grid_default_width: 253,
    grid_default_height: 552,
  });
  const b = await insertMachine(db, {
    nom: "Compacte",
    description: "d",
    images: ["/media/machine-images/a.webp", "/media/machine-images/b.webp"],
    main_image_index: 1,
  });
  const c = await insertMachine(db, { nom: "Sans image", description: "d" });
  ids.classique = a!.id;
  ids.compacte = b!.id;
  ids.vide = c!.id;
  ids.cafe = cafe.id;
});
afterAll(() => app?.close());

describe("the product picker's query", () => {
  it("pages by 12, ordered by name without accents", async () => {
    const first = await searchPickerProducts(app.db(), DEFAULT_PICKER_FILTERS);
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(3);
    expect(first.items).toHaveLength(PICKER_PAGE_SIZE);
    expect(first.items[0]!.nom).toBe("Barre 01");
    const last = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, page: 3 });
    expect(last.items.map((p) => p.nom)).toEqual([
      "Barre 25",
      "Barre 26",
      "Café filtre corsé",
      "Cafe glacé vanille",
      "Éclair au chocolat",
      "Jus 100 % pomme",
    ]);
  });

  it("clamps a page past the end to the last page", async () => {
    const page = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, page: 99 });
    expect(page.page).toBe(3);
    expect(page.filters.page).toBe(3);
  });

  it("finds names without case or accents", async () => {
    const page = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, q: "CAFE" });
    expect(page.items.map((p) => p.nom).sort()).toEqual(["Cafe glacé vanille", "Café filtre corsé"]);
    const eclair = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, q: "eclair" });
    expect(eclair.items.map((p) => p.nom)).toEqual(["Éclair au chocolat"]);
  });

  it("treats % and _ in the name as plain characters", async () => {
    expect(
      (await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, q: "100 %" })).items.map((p) => p.nom),
    ).toEqual(["Jus 100 % pomme"]);
    expect((await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, q: "%" })).total).toBe(1);
    expect((await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, q: "_" })).total).toBe(0);
  });

  it("filters by category and by tag, together with the name", async () => {
    const froides = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, category: "Boissons froides" });
    expect(froides.items.map((p) => p.nom)).toEqual(["Cafe glacé vanille", "Jus 100 % pomme"]);
    const local = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, tag: "Local" });
    expect(local.items.map((p) => p.nom)).toEqual(["Café filtre corsé", "Éclair au chocolat"]);
    const sucre = await searchPickerProducts(app.db(), {
      ...DEFAULT_PICKER_FILTERS,
      tag: "Sucré",
      category: "Collations",
      q: "barre",
    });
    expect(sucre.total).toBe(13);
    const none = await searchPickerProducts(app.db(), { ...DEFAULT_PICKER_FILTERS, category: "Inconnue" });
    expect(none).toMatchObject({ total: 0, page: 1, pageCount: 1, items: [] });
  });

  it("lists the categories and tags in use, by name", async () => {
    expect(await listPickerOptions(app.db())).toEqual({
      categories: ["Boissons chaudes", "Boissons froides", "Collations", "Santé"],
      tags: ["Local", "Nouveau", "Sucré"],
    });
  });
});

describe("machines for the customiser", () => {
  it("lists every machine with its card image, and the categories that hold machines", async () => {
    const machines = await listCustomiserMachines(app.db());
    expect(machines.map((m) => m.nom).sort()).toEqual(["Boréal Classique", "Compacte", "Sans image"]);
    const byName = Object.fromEntries(machines.map((m) => [m.nom, m]));
    // The main image, skipping placeholders, then the chassis, then the placeholder.
    expect(byName["Boréal Classique"]!.image).toBe("/media/machine-images/classique.webp");
    expect(byName["Compacte"]!.image).toBe("/media/machine-images/b.webp");
    expect(byName["Sans image"]!.image).toBe("/placeholder.svg");
    expect(byName["Boréal Classique"]).toMatchObject({
      produits_par_rangee: 5,
      nombre_de_rangees: 4,
      categorie_id: ids.cafe,
    });
    expect(await listCustomiserCategories(app.db())).toEqual([{ id: ids.cafe, nom: "Café et boissons chaudes" }]);
  });

  it("reads one machine's chassis and default grid by id", async () => {
    expect(await getCustomiserMachine(app.db(), ids.classique!)).toMatchObject({
      nom: "Boréal Classique",
      chassis: "/media/machine-images/classique-chassis.webp",
      produits_par_rangee: 5,
      nombre_de_rangees: 4,
      grid_default_position_x: 41,
      grid_default_position_y: 47,
      grid_default_width: 253,
      grid_default_height: 552,
      grid_sections: [],
    });
    expect((await getCustomiserMachine(app.db(), ids.compacte!))!.chassis).toBe("/media/machine-images/b.webp");
    expect(await getCustomiserMachine(app.db(), "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getCustomiserMachine(app.db(), "pas-un-uuid")).toBeNull();
  });
});

describe("the customiser pages over HTTP", () => {
  const get = (path: string, signedIn = true) => app.fetch(path, { headers: signedIn ? { cookie } : {} });

  it("answer 'Page non trouvée' (404) to visitors, for the page and its data", async () => {
    for (const path of [
      "/creer-machine",
      `/creer-machine/${ids.classique}`,
      `/creer-machine/${ids.classique}.data?picker=1`,
    ]) {
      const response = await get(path, false);
      expect(response.status, path).toBe(404);
      const body = await response.text();
      expect(body).not.toContain("Boréal Classique");
    }
  });

  it("list the machines with their grid", async () => {
    const response = await get("/creer-machine");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Boréal Classique");
    expect(html).toContain("5 produits par rangée × 4 rangées");
    expect(html).toContain("Toutes les catégories");
    expect(html).toContain(`href="/creer-machine/${ids.classique}"`);
  });

  it("render the customiser with the chassis and the first picker page", async () => {
    const response = await get(`/creer-machine/${ids.classique}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Boréal Classique");
    expect(html).toContain("Envoyer la proposition");
    expect(html).toContain("classique-chassis.webp");
    // The first section sits where the machine row says.
    expect(html).toMatch(/left:41%;top:47%/);
  });

  it("answer 'Machine non trouvée' (404) for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nimporte-quoi"]) {
      const response = await get(`/creer-machine/${id}`);
      expect(response.status).toBe(404);
      const html = await response.text();
      expect(html).toContain("Machine non trouvée");
      expect(html).toContain('href="/creer-machine"');
    }
  });

  it("serve the picker's pages to the signed-in admin", async () => {
    const response = await get(`/creer-machine/${ids.classique}.data?picker=1&q=eclair`);
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain("Éclair au chocolat");
    expect(body).not.toContain("Barre 01");
    const tagged = await (await get(`/creer-machine/${ids.classique}.data?picker=1&tag=Local&page=1`)).text();
    expect(tagged).toContain("Café filtre corsé");
    expect(tagged).not.toContain("Cafe glacé vanille");
  });

  it("refuses a signed-out post, and an unknown intent from the staff", async () => {
    const response = await app.fetch(`/creer-machine/${ids.classique}`, {
      method: "POST",
      body: new URLSearchParams({ a: "b" }),
    });
    expect(response.status).toBe(401);
    const signedIn = await app.fetch(`/creer-machine/${ids.classique}`, {
      method: "POST",
      headers: { cookie },
      body: new URLSearchParams({ a: "b" }),
    });
    // Its only actions send a proposal or save a template.
    expect(signedIn.status).toBe(400);
  });
});

// /edit-machines over HTTP, through the built app: every mutation is guarded (401, nothing changed) and
// validated by the shared schema; the answers carry the French toast texts.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getMachine,
  insertCategory,
  insertMachine,
  insertStep,
  listCategories,
  listMachines,
  listSteps,
} from "../../app/features/machines/store.server";
import { documentPost as postAsDocument } from "../support/document-post";
import { startSignedInApp, type TestApp } from "../support/server";
import { toFormData } from "../../app/lib/form-values";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** Posts one intent as the page's forms do (form fields named by their paths, data request). */
async function post(payload: Record<string, unknown>, withCookie = true) {
  const response = await app.fetch("/edit-machines.data", {
    method: "POST",
    body: toFormData(payload),
    headers: withCookie ? { cookie } : {},
  });
  return { status: response.status, text: await response.text() };
}

const machine = (extra: Record<string, unknown> = {}) => ({ nom: "Signature HTTP", description: "Vitrine", ...extra });

describe("guard", () => {
  it("the page is 'Page non trouvée' (404) when signed out", async () => {
    const page = await app.fetch("/edit-machines");
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("Page non trouvée");
  });

  it("every mutation answers 401 without the admin session and changes nothing", async () => {
    const db = app.db();
    const category = await insertCategory(db, { nom: "Intouchable" });
    const existing = (await insertMachine(db, { nom: "Intouchable", description: "d", categorie_id: category.id }))!;
    const step = (await insertStep(db, { numero: 1, titre: "Intouchable", description: "" }))!;
    const before = {
      machines: (await listMachines(db)).length,
      categories: (await listCategories(db)).length,
      steps: (await listSteps(db)).length,
    };
    const payloads = [
      { intent: "save-machine", id: null, machine: machine(), steps: [] },
      { intent: "save-machine", id: existing.id, machine: machine({ nom: "Piraté" }), steps: [] },
      { intent: "delete-machine", id: existing.id },
      { intent: "save-category", id: null, category: { nom: "Pirate" } },
      { intent: "save-category", id: category.id, category: { nom: "Pirate" } },
      { intent: "delete-category", id: category.id },
      { intent: "save-step", id: null, step: { numero: 1, titre: "Pirate" } },
      { intent: "delete-step", id: step.id },
    ];
    for (const payload of payloads) {
      expect((await post(payload, false)).status, payload.intent).toBe(401);
      // A document (non-fetch) post is refused too.
      const doc = await app.fetch("/edit-machines", {
        method: "POST",
        body: toFormData(payload),
        headers: { "sec-fetch-mode": "navigate" },
      });
      expect(doc.status, `${payload.intent} (document)`).toBe(401);
    }
    expect((await getMachine(db, existing.id))!).toMatchObject({ nom: "Intouchable", categorie_id: category.id });
    expect({
      machines: (await listMachines(db)).length,
      categories: (await listCategories(db)).length,
      steps: (await listSteps(db)).length,
    }).toEqual(before);
  });

  it("a forged session cookie is no session", async () => {
    const response = await app.fetch("/edit-machines.data", {
      method: "POST",
      body: toFormData({ intent: "delete-category", id: randomUUID() }),
      headers: { cookie: "sid=forged" },
    });
    expect(response.status).toBe(401);
  });
});

describe("signed in", () => {
  it("the page lists machines, steps and categories", async () => {
    const page = await app.fetch("/edit-machines?onglet=categories", { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Éditer les Machines");
  });

  it("refuses a machine without nom or description with 'Veuillez remplir tous les champs obligatoires.', and saves nothing", async () => {
    const before = (await listMachines(app.db())).length;
    const result = await post({ intent: "save-machine", id: null, machine: { nom: " ", description: "" }, steps: [] });
    expect(result.status).toBe(400);
    expect(result.text).toContain("Veuillez remplir tous les champs obligatoires.");
    expect((await listMachines(app.db())).length).toBe(before);
  });

  it("adds a machine with 'Machine ajoutée', the numeric fallbacks applied and its steps created", async () => {
    const result = await post({
      intent: "save-machine",
      id: null,
      machine: machine({
        nom: "Ajoutée HTTP",
        nombre_de_rangees: "abc",
        grid_default_position_x: "150",
        avantages: ["A", " "],
      }),
      steps: [{ id: null, numero: 1, titre: "Visite", description: "" }],
    });
    expect(result.status).toBe(200);
    expect(result.text).toContain("Machine ajoutée");
    expect(result.text).toContain("Étape ajoutée");
    const saved = (await listMachines(app.db())).find((m) => m.nom === "Ajoutée HTTP")!;
    expect(saved).toMatchObject({ nombre_de_rangees: 6, grid_default_position_x: 100, avantages: ["A"] });
    expect(saved.step_ids).toHaveLength(1);
  });

  it("a failed machine update says 'Impossible de sauvegarder la machine.' and changes no step", async () => {
    const db = app.db();
    const step = (await insertStep(db, { numero: 1, titre: "Avant", description: "" }))!;
    const m = (await insertMachine(db, { nom: "Avant", description: "d", step_ids: [step.id] }))!;
    const result = await post({
      intent: "save-machine",
      id: m.id,
      machine: machine({ categorie_id: randomUUID() }),
      steps: [
        { id: step.id, numero: 1, titre: "Après", description: "" },
        { id: null, numero: 2, titre: "Nouvelle", description: "" },
      ],
    });
    expect(result.status).toBe(500);
    expect(result.text).toContain("Erreur de sauvegarde");
    expect(result.text).toContain("Impossible de sauvegarder la machine.");
    expect((await listSteps(db)).find((s) => s.id === step.id)!.titre).toBe("Avant");
    expect((await listSteps(db)).some((s) => s.titre === "Nouvelle")).toBe(false);
    expect((await getMachine(db, m.id))!.nom).toBe("Avant");
  });

  it("a failed step update says 'Impossible de sauvegarder les étapes de la machine.'", async () => {
    const db = app.db();
    const m = (await insertMachine(db, { nom: "Étapes KO", description: "d" }))!;
    const result = await post({
      intent: "save-machine",
      id: m.id,
      machine: machine({ nom: "Étapes KO (machine enregistrée)" }),
      steps: [{ id: randomUUID(), numero: 1, titre: "Disparue", description: "" }],
    });
    expect(result.status).toBe(500);
    expect(result.text).toContain("Impossible de sauvegarder les étapes de la machine.");
    expect((await getMachine(db, m.id))!).toMatchObject({ nom: "Étapes KO (machine enregistrée)", step_ids: [] });
  });

  it("refuses the same step twice on a machine", async () => {
    const step = (await insertStep(app.db(), { numero: 1, titre: "Double", description: "" }))!;
    const twice = [1, 2].map((numero) => ({ id: step.id, numero, titre: "Double", description: "" }));
    const result = await post({ intent: "save-machine", id: null, machine: machine(), steps: twice });
    expect(result.status).toBe(400);
    expect(result.text).toContain("Cette étape est déjà ajoutée à cette machine.");
  });

  it("categories: name required, add, update, delete (its machines lose it)", async () => {
    const db = app.db();
    const blank = await post({ intent: "save-category", id: null, category: { nom: "  " } });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("Veuillez remplir le nom de la catégorie.");

    expect(
      (await post({ intent: "save-category", id: null, category: { nom: "Boissons", description: "Froides" } })).text,
    ).toContain("Catégorie ajoutée");
    const category = (await listCategories(db)).find((c) => c.nom === "Boissons")!;
    expect(
      (
        await post({
          intent: "save-category",
          id: category.id,
          category: { nom: "Boissons fraîches", description: "" },
        })
      ).text,
    ).toContain("Catégorie mise à jour");
    const m = (await insertMachine(db, { nom: "Frigo", description: "d", categorie_id: category.id }))!;
    const deleted = await post({ intent: "delete-category", id: category.id });
    expect(deleted.text).toContain("Catégorie supprimée");
    expect(deleted.text).toContain("1 machine n'a plus de catégorie.");
    expect((await getMachine(db, m.id))!.categorie_id).toBeNull();
  });

  it("steps of the library: add, delete (taken off its machines) and delete a machine", async () => {
    const db = app.db();
    expect(
      (await post({ intent: "save-step", id: null, step: { numero: 4, titre: "Réglage", description: "" } })).text,
    ).toContain("Étape ajoutée");
    const step = (await listSteps(db)).find((s) => s.titre === "Réglage")!;
    const m = (await insertMachine(db, { nom: "Avec étape", description: "d", step_ids: [step.id] }))!;
    expect((await post({ intent: "delete-step", id: step.id })).text).toContain("Étape supprimée");
    expect((await getMachine(db, m.id))!.step_ids).toEqual([]);
    expect((await post({ intent: "delete-machine", id: m.id })).text).toContain("Machine supprimée");
    expect(await getMachine(db, m.id)).toBeNull();
  });

  it("refuses unknown intents, missing ids and bodies that are not forms", async () => {
    expect((await post({ intent: "drop-everything" })).status).toBe(400);
    const form = await app.fetch("/edit-machines.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete-machine" }),
      headers: { cookie },
    });
    expect(form.status).toBe(400);
    const json = await app.fetch("/edit-machines.data", {
      method: "POST",
      body: JSON.stringify({ intent: "delete-machine", id: randomUUID() }),
      headers: { "content-type": "application/json", cookie },
    });
    expect(json.status).toBe(400);
  });

  it("a form posted before the app started (a document post) comes back to the page with its toast", async () => {
    const db = app.db();
    const saved = await documentPost(
      "/edit-machines?machine=nouvelle",
      toFormData({
        intent: "save-machine",
        id: null,
        machine: machine({ nom: "Sans script", disponible_en_entrepot: true }),
      }),
    );
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/edit-machines");
    expect(saved.flash).toContain("flash=");
    expect((await listMachines(db)).find((m) => m.nom === "Sans script")!.disponible_en_entrepot).toBe(true);
    const page = await app.fetch("/edit-machines", { headers: { cookie: `${cookie}; ${saved.flash}` } });
    expect(await page.text()).toContain("Machine ajoutée");

    const refused = await documentPost(
      "/edit-machines?machine=nouvelle",
      toFormData({ intent: "save-machine", id: null, machine: { nom: "", description: "" } }),
    );
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/edit-machines?machine=nouvelle");
  });
});

const documentPost = (path: string, form: FormData) => postAsDocument(app.url, path, cookie, form);

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows, type Database } from "../../server/db/client";
import * as catalogue from "../../app/features/catalogue/products.server";
import * as gallery from "../../app/features/gallery/store.server";
import * as machines from "../../app/features/machines/store.server";
import { createTestDatabase } from "../support/db";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

describe("migrations", () => {
  it("creates every table of the previous backend and our own", async () => {
    const rows = await selectRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const names = rows.map((row) => row.table_name);
    for (const table of [
      "products",
      "tags",
      "machines",
      "machine_categories",
      "machine_steps",
      "gallery_photos",
      "admin_users",
      "sessions",
      "login_attempts",
      "contact_requests",
    ])
      expect(names).toContain(table);
  });

  it("applies the columns' defaults", async () => {
    const db = database.db;
    const product = await catalogue.insertProduct(db, { nom: "Défaut", prix: 1 });
    expect(product.image).toBe("/placeholder.svg");
    expect(product.nutrition_image).toBe("/placeholder.svg");
    expect(product.dans_notre_top_10_des_plus_gros_vendeur).toBe(false);
    const machine = await machines.insertMachine(db, { nom: "M", description: "d" });
    expect(machine).toMatchObject({
      produits_par_rangee: 6,
      nombre_de_rangees: 6,
      grid_default_position_x: 50,
      grid_default_position_y: 50,
      grid_default_width: 300,
      grid_default_height: 400,
      grid_sections: [],
      step_ids: [],
      etapes_fonctionnement: [],
      avantages: [],
      images: [],
    });
    const photo = await gallery.insertPhoto(db, { nom: "Photo 1", image_url: "/media/gallery-images/a.webp" });
    expect(photo.ordre).toBe(0);
    expect(photo.is_featured).toBe(false);
  });

  it("running migrations again changes nothing", async () => {
    // The schema as the catalogue describes it: columns with their types, defaults and nullability,
    // indexes, constraints and triggers; and the journal of applied migrations.
    const schema = () =>
      selectRows<{ kind: string; what: string }>(
        database.db,
        sql`
        select 'column' as kind, table_name || '.' || column_name || ' ' || data_type || ' ' ||
               coalesce(column_default, '') || ' ' || is_nullable as what
          from information_schema.columns where table_schema = 'public'
        union all
        select 'index', indexdef from pg_indexes where schemaname = 'public'
        union all
        select 'constraint', conrelid::regclass || ' ' || pg_get_constraintdef(oid)
          from pg_constraint where connamespace = 'public'::regnamespace
        union all
        select 'trigger', tgrelid::regclass || ' ' || tgname from pg_trigger where not tgisinternal
        union all
        select 'migration', hash from drizzle.__drizzle_migrations
        order by 1, 2`,
      );
    const before = await schema();
    expect(before.filter((row) => row.kind === "migration").length).toBeGreaterThan(0);
    expect(before.filter((row) => row.kind === "trigger").length).toBeGreaterThan(0);
    await database.migrate();
    expect(await schema()).toEqual(before);
  });
});

describe("products and tags", () => {
  it("lists newest first, updates, deletes and keeps the search column", async () => {
    const db = database.db;
    const a = await catalogue.insertProduct(db, { nom: "Éclair au chocolat", prix: 3.5, tags: ["Local"] });
    await new Promise((r) => setTimeout(r, 5));
    const b = await catalogue.insertProduct(db, { nom: "Barre tendre", prix: 2.25 });
    expect(a.nom_recherche).toBe("eclair au chocolat");
    expect(a.prix).toBe(3.5);
    const list = await catalogue.listProducts(db);
    expect(list.findIndex((p) => p.id === b.id)).toBeLessThan(list.findIndex((p) => p.id === a.id));
    const updated = await catalogue.updateProduct(db, a.id, { nom: "Crème glacée", prix: 4.1 });
    expect(updated).toMatchObject({ nom: "Crème glacée", nom_recherche: "creme glacee", prix: 4.1 });
    expect(await catalogue.deleteProduct(db, a.id)).toBe(true);
    expect(await catalogue.getProduct(db, a.id)).toBeNull();
    expect(await catalogue.deleteProduct(db, a.id)).toBe(false);
  });

  it("lists tags by name and inserts without duplicates", async () => {
    const db = database.db;
    await catalogue.insertTag(db, "Végétalien");
    await catalogue.insertTag(db, "Bio");
    await catalogue.insertTag(db, "Bio");
    const names = (await catalogue.listTags(db)).map((t) => t.nom);
    expect(names.filter((n) => n === "Bio")).toHaveLength(1);
    expect(names.indexOf("Bio")).toBeLessThan(names.indexOf("Végétalien"));
  });
});

describe("machines, categories and steps", () => {
  it("reads etapes_fonctionnement stored as JSON text as a list", async () => {
    const db = database.db;
    const m = await machines.insertMachine(db, { nom: "Texte", description: "d", etapes_fonctionnement: '["a","b"]' });
    expect(m!.etapes_fonctionnement).toEqual(["a", "b"]);
    const broken = await machines.insertMachine(db, { nom: "Cassé", description: "d", etapes_fonctionnement: "{oops" });
    expect((await machines.getMachine(db, broken!.id))!.etapes_fonctionnement).toEqual([]);
  });

  it("returns null when adding a machine fails and throws 'Failed to update machine' when updating fails", async () => {
    const db = database.db;
    const bad = await machines.insertMachine(db, {
      nom: "Sans catégorie",
      description: "d",
      categorie_id: "00000000-0000-4000-8000-000000000000",
    });
    expect(bad).toBeNull();
    const m = await machines.insertMachine(db, { nom: "OK", description: "d" });
    await expect(
      machines.updateMachine(db, m!.id, { categorie_id: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toThrow(/^Failed to update machine: /);
    const updated = await machines.updateMachine(db, m!.id, { nom: "Renommée" });
    expect(updated.nom).toBe("Renommée");
    expect(await machines.deleteMachine(db, m!.id)).toBe(true);
  });

  it("deleting a category first clears it from its machines", async () => {
    const db = database.db;
    const cat = await machines.insertCategory(db, { nom: "Café", description: "Chaud", image: null });
    const m = await machines.insertMachine(db, { nom: "Espresso", description: "d", categorie_id: cat.id });
    expect((await machines.listMachinesOfCategory(db, cat.id)).map((x) => x.id)).toEqual([m!.id]);
    await machines.updateCategoryImage(db, cat.id, "/media/machine-category-images/c.webp");
    expect((await machines.getCategory(db, cat.id))!.image).toBe("/media/machine-category-images/c.webp");
    expect(await machines.deleteCategory(db, cat.id)).toBe(true);
    expect((await machines.getMachine(db, m!.id))!.categorie_id).toBeNull();
    expect(await machines.getCategory(db, cat.id)).toBeNull();
  });

  it("creates, updates, orders and deletes steps", async () => {
    const db = database.db;
    const s1 = await machines.insertStep(db, {
      numero: 1,
      titre: "Choisir",
      description: "d",
      image: null,
      video: null,
    });
    const s2 = await machines.insertStep(db, { numero: 2, titre: "Payer", description: "d" });
    expect((await machines.getStepsInOrder(db, [s2!.id, s1!.id])).map((s) => s.titre)).toEqual(["Payer", "Choisir"]);
    expect((await machines.updateStep(db, s1!.id, { titre: "Sélectionner" }))!.titre).toBe("Sélectionner");
    expect(await machines.deleteStep(db, s2!.id)).toBe(true);
    expect((await machines.listSteps(db)).some((s) => s.id === s2!.id)).toBe(false);
  });
});

describe("gallery photos", () => {
  it("orders by ordre, limits featured to 6 and reorders", async () => {
    const db = database.db;
    const created = [];
    for (let i = 0; i < 8; i++) {
      created.push(
        await gallery.insertPhoto(db, { nom: `Photo ${i}`, image_url: `/media/gallery-images/p${i}.webp`, ordre: i }),
      );
    }
    for (const photo of created.slice(0, 6)) await gallery.setPhotoFeatured(db, photo.id, true);
    await expect(gallery.setPhotoFeatured(db, created[6]!.id, true)).rejects.toBeInstanceOf(gallery.FeaturedLimitError);
    // Setting an already featured photo again is not a seventh.
    await gallery.setPhotoFeatured(db, created[0]!.id, true);
    const featured = await gallery.listFeaturedPhotos(db);
    expect(featured).toHaveLength(6);
    await gallery.reorderPhotos(
      db,
      [...created].reverse().map((p) => p.id),
    );
    const ids = new Set(created.map((p) => p.id));
    const all = (await gallery.listPhotos(db)).filter((p) => ids.has(p.id));
    expect(all.map((p) => p.nom)).toEqual([...created].reverse().map((p) => p.nom));
    const removed = await gallery.deletePhoto(db, created[7]!.id);
    expect(removed?.image_url).toBe("/media/gallery-images/p7.webp");
  });
});

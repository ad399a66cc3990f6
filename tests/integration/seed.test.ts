import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../server/db/client";
import { galleryPhotos, machineCategories, machines, machineSteps, products, tags } from "../../server/db/schema";
import { seedDemoContent } from "../../server/db/seed";
import { objectNameFromUrl } from "../../server/storage/storage";
import type { Bucket } from "../../app/rules/uploads";
import { LocalStorage } from "../../server/storage/local";
import { log } from "../../server/lib/log";
import { createTestDatabase } from "../support/db";

let database: Database;
let dir: string;
let storage: LocalStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), "seed-test-"));
  storage = new LocalStorage(dir);
});
afterAll(async () => {
  await database?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function counts() {
  const db = database.db;
  const n = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return Number(row!.n);
  };
  return {
    products: await n(products),
    tags: await n(tags),
    categories: await n(machineCategories),
    machines: await n(machines),
    steps: await n(machineSteps),
    photos: await n(galleryPhotos),
  };
}

async function expectStored(url: string | null | undefined) {
  expect(url).toMatch(/^\/media\/[a-z-]+\/[^/]+\.webp$/);
  const bucket = url!.split("/")[2] as Bucket;
  const name = objectNameFromUrl(url!);
  expect(name).not.toBeNull();
  const body = await storage.read(bucket, name!);
  expect(body, url!).not.toBeNull();
  expect(body!.length).toBeGreaterThan(1000);
}

describe("seedDemoContent", () => {
  it("fills an empty site once, with stored pictures", { timeout: 120_000 }, async () => {
    const db = database.db;
    expect(await seedDemoContent(db, storage, log)).toBe(true);

    const after = await counts();
    expect(after.categories).toBeGreaterThanOrEqual(4);
    expect(after).toMatchObject({ products: 40, tags: 8, machines: 8, steps: 6, photos: 10 });

    const categoryRows = await db.select().from(machineCategories);
    for (const c of categoryRows) {
      expect(c.description).toBeTruthy();
      await expectStored(c.image);
    }

    const stepRows = await db.select().from(machineSteps);
    expect(stepRows.map((s) => s.numero).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    const stepImages = stepRows.filter((s) => s.image);
    expect(stepImages.length).toBeGreaterThanOrEqual(3);
    for (const s of stepImages) await expectStored(s.image);
    const stepIds = new Set(stepRows.map((s) => s.id));

    const machineRows = await db.select().from(machines);
    const categoryIds = new Set(categoryRows.map((c) => c.id));
    for (const m of machineRows) {
      expect(m.images.length).toBeGreaterThanOrEqual(2);
      for (const url of m.images) await expectStored(url);
      await expectStored(m.image_overlay);
      expect(m.main_image_index).toBeLessThan(m.images.length);
      expect(m.step_ids.length).toBeGreaterThan(0);
      for (const id of m.step_ids) expect(stepIds.has(id)).toBe(true);
      expect(categoryIds.has(m.categorie_id!)).toBe(true);
      expect(m.avantages.length).toBeGreaterThanOrEqual(4);
      expect(m.specifications.length).toBeGreaterThanOrEqual(5);
      expect(m.dimensions).toMatch(/^\d+ × \d+ × \d+ cm$/);
      expect(m.temps_commande).toBeTruthy();
      expect(m.grid_default_position_x).toBeGreaterThan(0);
      expect(m.grid_default_position_x).toBeLessThan(100);
      expect(m.grid_default_width).toBeGreaterThan(50);
      expect(m.grid_sections).toEqual([]);
    }
    expect(new Set(machineRows.map((m) => m.disponible_en_entrepot)).size).toBe(2);

    const productRows = await db.select().from(products);
    const top = productRows.filter((p) => p.dans_notre_top_10_des_plus_gros_vendeur);
    expect(top.length).toBeGreaterThanOrEqual(8);
    expect(top.length).toBeLessThanOrEqual(12);
    expect(productRows.map((p) => p.ranking).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    const tagNames = new Set((await db.select().from(tags)).map((t) => t.nom));
    for (const p of productRows) {
      expect(p.prix).toBeGreaterThanOrEqual(1.25);
      expect(p.prix).toBeLessThanOrEqual(6.5);
      expect(p.categorie.length).toBeGreaterThan(0);
      for (const t of p.tags) expect(tagNames.has(t)).toBe(true);
      expect(p.nom_recherche).toBe(p.nom_recherche.normalize("NFD").replace(/[\u0300-\u036f]/g, ""));
      await expectStored(p.image);
      await expectStored(p.nutrition_image);
    }
    expect(productRows.find((p) => p.nom === "Éclair au chocolat")?.nom_recherche).toBe("eclair au chocolat");

    const photoRows = await db.select().from(galleryPhotos);
    expect(photoRows.filter((p) => p.is_featured)).toHaveLength(6);
    expect(photoRows.map((p) => p.ordre).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    for (const p of photoRows) await expectStored(p.image_url);

    // A second call leaves everything alone.
    expect(await seedDemoContent(db, storage, log)).toBe(false);
    expect(await counts()).toEqual(after);
  });
});

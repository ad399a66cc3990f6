// The catalogue search in SQL, on PGlite and (with TEST_DATABASE_URL) PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTERS, type ProductFilters } from "../../app/rules/catalogue-filters";
import type { Database } from "../../server/db/client";
import { products } from "../../server/db/schema";
import { searchProducts } from "../../app/features/catalogue/queries.server";
import { containsPattern, insertProduct, listProductIds } from "../../app/features/catalogue/products.server";
import { normalizeForSearch } from "../../app/rules/text";
import { createTestDatabase } from "../support/db";

let database: Database;

const FIXTURES = [
  { nom: "Café glacé", prix: 3.5, tags: ["Boisson", "Caféine"], top10: true },
  { nom: "café noir", prix: 2.25, tags: ["Boisson", "Caféine", "Chaud"] },
  { nom: "Éclair au chocolat", prix: 4, tags: ["Sucré"] },
  { nom: "Eau pétillante", prix: 2, tags: ["Boisson"], top10: true },
  { nom: "Energie+", prix: 3.75, tags: ["Boisson", "Caféine"] },
  { nom: "Barre tendre", prix: 1.5, tags: ["Sucré", "Local"] },
  { nom: "Amandes grillées", prix: 2.5, tags: ["Salé", "Sans gluten"], top10: true },
  { nom: "Zeste d'orange", prix: 1.99, tags: [] },
  { nom: "Crème brûlée", prix: 5, tags: ["Sucré"] },
  { nom: "100% jus", prix: 2.75, tags: ["Boisson"] },
  { nom: "Thé_vert", prix: 2.5, tags: ["Chaud"] },
];

beforeAll(async () => {
  database = await createTestDatabase();
  for (const f of FIXTURES) {
    await insertProduct(database.db, {
      nom: f.nom,
      prix: f.prix,
      tags: f.tags,
      dans_notre_top_10_des_plus_gros_vendeur: f.top10 ?? false,
    });
  }
});
afterAll(() => database?.close());

const search = (filters: Partial<ProductFilters>, pageSize?: number) =>
  searchProducts(database.db, { ...EMPTY_FILTERS, ...filters }, pageSize);
const names = async (filters: Partial<ProductFilters>) => (await search(filters)).items.map((p) => p.nom);

describe("name search", () => {
  it("ignores case and accents both ways", async () => {
    expect(await names({ q: "cafe" })).toEqual(["Café glacé", "café noir"]);
    expect(await names({ q: "CAFÉ" })).toEqual(["Café glacé", "café noir"]);
    expect(await names({ q: "eclair" })).toEqual(["Éclair au chocolat"]);
    expect(await names({ q: "ÉCLAIR" })).toEqual(["Éclair au chocolat"]);
    expect(await names({ q: "brulee" })).toEqual(["Crème brûlée"]);
  });

  it("matches a substring anywhere in the name", async () => {
    expect(await names({ q: "glac" })).toEqual(["Café glacé"]);
    expect(await names({ q: "au choc" })).toEqual(["Éclair au chocolat"]);
  });

  it("takes % and _ literally", async () => {
    expect(await names({ q: "100%" })).toEqual(["100% jus"]);
    expect(await names({ q: "%" })).toEqual(["100% jus"]);
    expect(await names({ q: "_" })).toEqual(["Thé_vert"]);
    expect(await names({ q: "\\" })).toEqual([]);
    expect(containsPattern("a%b_c\\")).toBe("%a\\%b\\_c\\\\%");
  });

  it("finds nothing for an unknown name", async () => {
    const result = await search({ q: "introuvable" });
    expect(result).toMatchObject({ items: [], total: 0, page: 1, pageCount: 1 });
  });
});

describe("price range", () => {
  it("includes both bounds", async () => {
    expect(await names({ min: 2.5, max: 3.5 })).toEqual(
      ["Amandes grillées", "Café glacé", "100% jus", "Thé_vert"].sort(bySearch),
    );
  });
  it("defaults min to 0 and max to no limit", async () => {
    expect((await search({ max: 1.99 })).items.map((p) => p.nom)).toEqual(["Barre tendre", "Zeste d'orange"]);
    expect((await search({ min: 4 })).items.map((p) => p.nom)).toEqual(["Crème brûlée", "Éclair au chocolat"]);
    expect((await search({})).total).toBe(FIXTURES.length);
  });
  it("returns prices as numbers", async () => {
    const [item] = (await search({ q: "barre" })).items;
    expect(item!.prix).toBe(1.5);
  });
});

describe("tags and top 10", () => {
  it("matches products having any selected tag", async () => {
    expect(await names({ tags: ["Chaud"] })).toEqual(["café noir", "Thé_vert"]);
    expect(await names({ tags: ["Local", "Salé"] })).toEqual(["Amandes grillées", "Barre tendre"]);
    expect(await names({ tags: ["Inconnu"] })).toEqual([]);
  });
  it("keeps only best-sellers with top10", async () => {
    expect(await names({ top10: true })).toEqual(["Amandes grillées", "Café glacé", "Eau pétillante"]);
  });
  it("combines every filter", async () => {
    expect(await names({ q: "e", min: 2, max: 3.5, tags: ["Boisson"], top10: true })).toEqual([
      "Café glacé",
      "Eau pétillante",
    ]);
  });
});

describe("order and pages", () => {
  it("sorts by name in French order: accented and lower-case names among the others", async () => {
    expect(await names({})).toEqual([
      "100% jus",
      "Amandes grillées",
      "Barre tendre",
      "Café glacé",
      "café noir",
      "Crème brûlée",
      "Eau pétillante",
      "Éclair au chocolat",
      "Energie+",
      "Thé_vert",
      "Zeste d'orange",
    ]);
  });

  it("counts and pages", async () => {
    const first = await search({}, 4);
    expect(first).toMatchObject({ total: 11, page: 1, pageCount: 3, pageSize: 4 });
    expect(first.items.map((p) => p.nom)).toEqual(["100% jus", "Amandes grillées", "Barre tendre", "Café glacé"]);
    const last = await search({ page: 3 }, 4);
    expect(last.items.map((p) => p.nom)).toEqual(["Energie+", "Thé_vert", "Zeste d'orange"]);
    const all = [...first.items, ...(await search({ page: 2 }, 4)).items, ...last.items].map((p) => p.id);
    expect(new Set(all).size).toBe(11);
  });

  it("shows the last page for a page past the end", async () => {
    const result = await search({ page: 50 }, 4);
    expect(result.page).toBe(3);
    expect(result.items).toHaveLength(3);
    const filtered = await search({ q: "cafe", page: 7 });
    expect(filtered).toMatchObject({ page: 1, total: 2, pageCount: 1 });
  });

  it("pages 25 at a time by default", async () => {
    const db = database.db;
    const many = Array.from({ length: 40 }, (_, i) => ({
      nom: `Produit série ${String(i).padStart(2, "0")}`,
      prix: 1,
      tags: ["Série"],
      nom_recherche: normalizeForSearch(`Produit série ${String(i).padStart(2, "0")}`),
    }));
    await db.insert(products).values(many);
    const first = await search({ tags: ["Série"] });
    expect(first).toMatchObject({ total: 40, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(25);
    const second = await search({ tags: ["Série"], page: 2 });
    expect(second.items).toHaveLength(15);
    expect(second.items[0]!.nom).toBe("Produit série 25");
  });

  it("lists every product id for the sitemap", async () => {
    const ids = await listProductIds(database.db);
    expect(ids.length).toBe(FIXTURES.length + 40);
  });
});

function bySearch(a: string, b: string) {
  return normalizeForSearch(a) < normalizeForSearch(b) ? -1 : 1;
}

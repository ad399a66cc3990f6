// The catalogue search on a table large enough for the planner to use its indexes (trigram index for
// the name search, the (nom_recherche, nom, id) index for deep pages), checked against a plain
// TypeScript version of the same filters, order and paging. On PGlite and (with TEST_DATABASE_URL)
// PostgreSQL.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EMPTY_FILTERS, parseFilters, type ProductFilters } from "../../app/rules/catalogue-filters";
import { normalizeForSearch } from "../../app/rules/text";
import { selectRows, type Database } from "../../server/db/client";
import { products } from "../../server/db/schema";
import { searchCatalogue, searchProducts } from "../../app/features/catalogue/queries.server";
import { insertTag, listTags } from "../../app/features/catalogue/products.server";
import { createTestDatabase } from "../support/db";

const BASES = [
  "Érable",
  "érable",
  "Erable",
  "Café",
  "cafe",
  "Thé_vert",
  "Rabais 50% sucre",
  "Rabais 50_ sucre",
  "Rabais 500 sucre",
  "Crème",
  "Œuf",
  "Zeste",
  "100% jus",
];
const FLAVOURS = ["", " noir", " à l'érable", " glacé", " bio", " menthe", " citron"];
const TAGS = ["Boisson", "Sucré", "Végane", "Local"];
const COUNT = 2400;

type Stored = { id: string; nom: string; nom_recherche: string; prix: number; tags: string[] };
let database: Database;
let rows: Stored[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const values = Array.from({ length: COUNT }, (_, i) => {
    // Many exact duplicates (COUNT / 91 of each name): the id decides their order.
    const nom = `${BASES[i % BASES.length]}${FLAVOURS[Math.floor(i / BASES.length) % FLAVOURS.length]}`;
    return {
      nom,
      nom_recherche: normalizeForSearch(nom),
      // Rows as wide as real ones, so the planner weighs a full scan as it would in production.
      description: `${nom} : une collation appréciée, offerte dans nos distributrices. `.repeat(5),
      prix: (i % 40) / 4,
      tags: TAGS.filter((_, t) => (i >> t) % 3 === 0),
    };
  });
  for (let i = 0; i < values.length; i += 500) await database.db.insert(products).values(values.slice(i, i + 500));
  await database.db.execute(sql`analyze`);
  rows = (
    await database.db
      .select({
        id: products.id,
        nom: products.nom,
        nom_recherche: products.nom_recherche,
        prix: products.prix,
        tags: products.tags,
      })
      .from(products)
  ).map((r) => ({ ...r, prix: Number(r.prix) }));
  // Code-point order, as both engines sort here (PGlite: C, the test server: C.UTF-8).
  rows.sort((a, b) => cmp(a.nom_recherche, b.nom_recherche) || cmp(a.nom, b.nom) || cmp(a.id, b.id));
}, 120_000);
afterAll(() => database?.close());

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The expected result: same filters, order and paging, in TypeScript. */
function reference(filters: ProductFilters, pageSize = 25) {
  const q = normalizeForSearch(filters.q);
  const matching = rows.filter(
    (r) =>
      (!q || r.nom_recherche.includes(q)) &&
      (filters.min == null || r.prix >= filters.min) &&
      (filters.max == null || r.prix <= filters.max) &&
      (filters.tags.length === 0 || r.tags.some((t) => filters.tags.includes(t))),
  );
  const pageCount = Math.max(1, Math.ceil(matching.length / pageSize));
  const page = Math.min(filters.page, pageCount);
  return {
    total: matching.length,
    page,
    pageCount,
    ids: matching.slice((page - 1) * pageSize, page * pageSize).map((r) => r.id),
  };
}

async function check(partial: Partial<ProductFilters>) {
  const filters = { ...EMPTY_FILTERS, ...partial };
  const result = await searchProducts(database.db, filters);
  const expected = reference(filters);
  expect({
    total: result.total,
    page: result.page,
    pageCount: result.pageCount,
    ids: result.items.map((p) => p.id),
  }).toEqual(expected);
  return expected;
}

describe("name search at catalogue size", () => {
  it("takes %, _ and accents as the small table does", async () => {
    // Each of these matches one of the three "Rabais 50… sucre" names only (the reference takes
    // them literally); all of them match something, so the comparisons are not vacuous.
    expect((await check({ q: "50% s" })).total).toBeGreaterThan(0);
    expect((await check({ q: "50_ s" })).total).toBeGreaterThan(0);
    expect((await check({ q: "0% j" })).total).toBeGreaterThan(0);
    expect((await check({ q: "ÉRABLE" })).total).toBeGreaterThan(0);
    expect((await check({ q: "a l'erable" })).total).toBeGreaterThan(0);
    expect((await check({ q: "oeuf bio" })).total).toBeGreaterThan(0);
    expect((await check({ q: "the_v" })).total).toBeGreaterThan(0);
    await check({ q: "introuvable" });
    await check({ q: "e" });
    await check({ q: "\\" });
  });

  it("pages through the matches, the last page included and past it", async () => {
    const { pageCount } = await check({ q: "erable" });
    expect(pageCount).toBeGreaterThan(3);
    for (const page of [2, pageCount - 1, pageCount, pageCount + 1, 999]) await check({ q: "erable", page });
    await check({ q: "erable", tags: ["Végane"], min: 2, max: 6, page: 2 });
  });

  it("uses the trigram index for a search of 3 letters or more", async () => {
    const plan = await selectRows<Record<string, string>>(
      database.db,
      sql`explain select count(*) from ${products} where ${products.nom_recherche} like ${"%cafe glace%"} escape '\\'`,
    );
    expect(plan.map((r) => Object.values(r)[0]).join("\n")).toContain("products_nom_trgm_idx");
  });
});

describe("pages at catalogue size", () => {
  it("matches the reference on every kind of page", async () => {
    const { pageCount } = await check({});
    expect(pageCount).toBe(COUNT / 25);
    for (const page of [2, 17, Math.floor(pageCount / 2), pageCount - 1, pageCount, pageCount + 1, 100_000])
      await check({ page });
    for (const page of [1, 5, 30, 999]) {
      await check({ tags: ["Végane"], page });
      await check({ tags: ["Local", "Boisson"], page });
      await check({ min: 2, max: 3, page });
      await check({ max: 0.25, page });
    }
  });
});

describe("the catalogue page's data in one statement", () => {
  /** What the page loader did before: the tag names, then the filters, then the search. */
  async function separately(params: URLSearchParams) {
    const tags = (await listTags(database.db)).map((tag) => tag.nom);
    const filters = parseFilters(params, tags);
    return { tags, filters, result: await searchProducts(database.db, filters) };
  }
  const queries = [
    "",
    "tag=Végane",
    "tag=v%C3%A9gane",
    "tag=Inconnu",
    "tag=Inconnu&tag=Local&tag=local",
    "tag=Sucr%C3%A9&tag=Boisson&page=7",
    "q=erable&tag=Local&page=999",
    "top10=1&min=2",
  ];

  it("gives what the tag list, the filters and the search gave separately", async () => {
    // No tag names yet: every tag in the URL is dropped.
    for (const query of queries)
      expect(await searchCatalogue(database.db, new URLSearchParams(query))).toEqual(
        await separately(new URLSearchParams(query)),
      );
    for (const tag of [...TAGS].reverse()) await insertTag(database.db, tag);
    for (const query of queries)
      expect(await searchCatalogue(database.db, new URLSearchParams(query))).toEqual(
        await separately(new URLSearchParams(query)),
      );
    const { tags, filters } = await searchCatalogue(database.db, new URLSearchParams("tag=v%C3%A9gane&tag=Inconnu"));
    expect(tags).toEqual(["Boisson", "Local", "Sucré", "Végane"]);
    expect(filters.tags).toEqual(["Végane"]);
  });
});

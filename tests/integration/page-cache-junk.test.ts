// A flood of URLs that name no real page (unknown tags, pages past the last, searches, price variants,
// unknown parameters and paths, other spellings of a path) must not push the real public pages out of
// the visitors' page cache: afterwards every page of the sitemap is still served from memory.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { startTestApp, type TestApp } from "../support/server";

// Each is a render of at least 37 KB: 300 are 11 MB, about twice the cache and three times the room
// the real pages leave in it.
const JUNK_URLS = 300;
const PARALLEL = 8;

let app: TestApp;
beforeAll(async () => {
  // Room for the real pages of this catalogue, and little more.
  app = await startTestApp({ PAGE_CACHE_MB: "6" });
  // 30 products: the list has two pages.
  for (let i = 0; i < 30; i++) {
    await insertProduct(app.db(), { nom: `Produit ${i}`, prix: 1 + i, tags: [i % 2 ? "Collation" : "Boisson"] });
  }
});
afterAll(() => app?.close());

/** The path and query of every page of the sitemap, and the list's second page. */
async function realPages(): Promise<string[]> {
  const sitemap = await (await app.fetch("/sitemap.xml")).text();
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  return [...paths, "/produits?page=2"];
}

/** The i-th URL of the flood: each kind in turn. */
function junkUrl(i: number): string {
  const kinds = [
    `/produits?tag=j${i}`,
    `/produits?page=${1000 + i}`,
    `/produits?q=introuvable-${i}`,
    `/produits?min=${i}&max=${i + 0.5}`,
    `/produits?utm_source=${i}&tag=zz${i}`,
    `/nulle-part-${i}`,
    `/produits/${randomUUID()}`,
    `/notre-offre?vue=produits&q=j${i}`,
    `/PRODUITS/?x=${i}`,
  ];
  return kinds[i % kinds.length]!;
}

async function cacheOf(path: string): Promise<string | null> {
  const response = await app.fetch(path);
  await response.arrayBuffer();
  return response.headers.get("x-cache");
}

describe("a flood of URLs that name no real page", () => {
  it("leaves every real public page in the cache", { timeout: 600_000 }, async () => {
    const pages = await realPages();
    expect(pages.length).toBeGreaterThan(35);
    for (const path of pages) await cacheOf(path);
    for (const path of pages) expect([path, await cacheOf(path)]).toEqual([path, "hit"]);

    let next = 0;
    const statuses = new Map<number, number>();
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < JUNK_URLS) {
          const response = await app.fetch(junkUrl(next++));
          await response.arrayBuffer();
          statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        }
      }),
    );
    expect([...statuses.keys()].sort()).toEqual([200, 404]);

    const missed = [];
    for (const path of pages) if ((await cacheOf(path)) !== "hit") missed.push(path);
    expect(missed).toEqual([]);
  });
});

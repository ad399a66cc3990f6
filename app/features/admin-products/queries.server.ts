// What /edit-products reads: a name search that stays fast at 10,000 products, the category names
// already in use (suggestions for the form), the tags. The caller (the route module) has already
// called requireAdmin.
import { asc, count, sql, type SQL } from "drizzle-orm";
import { normalizeForSearch } from "~/rules/text";
import { selectRows, type Db } from "../../../server/db/client";
import { products, type Product, type Tag } from "../../../server/db/schema";
import { listTags } from "../../../server/data/tags";
import type { Services } from "../../../server/context";

const ADMIN_SEARCH_LIMIT = 12;

export type AdminProductSearch = { items: Product[]; total: number };

/** A LIKE pattern matching `text` anywhere, with %, _ and the escape character taken literally. */
function contains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Products whose name holds every word of `query` (case- and accent-insensitive, through
 * products.nom_recherche); names starting with the query come first, then by name. One small page. */
export async function searchProductsByName(
  db: Db,
  query: string,
  limit = ADMIN_SEARCH_LIMIT,
): Promise<AdminProductSearch> {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean).slice(0, 8);
  const conditions: SQL[] = words.map((word) => sql`${products.nom_recherche} like ${contains(word)} escape '\\'`);
  const where = conditions.length > 0 ? sql.join(conditions, sql` and `) : undefined;
  const prefix = `${words.join(" ").replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const size = Math.max(1, Math.min(limit, 50));
  if (words.length === 0) {
    // No query: the first names in French-like order, straight from the nom_recherche index.
    const [items, total] = await Promise.all([
      db.select().from(products).orderBy(asc(products.nom_recherche), asc(products.nom), asc(products.id)).limit(size),
      countProducts(db),
    ]);
    return { items, total };
  }
  const [items, [totals]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(
        sql`case when ${products.nom_recherche} like ${prefix} escape '\\' then 0 else 1 end`,
        asc(products.nom_recherche),
        asc(products.nom),
        asc(products.id),
      )
      .limit(size),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { items, total: Number(totals?.value ?? 0) };
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return Number(row?.value ?? 0);
}

/** Category names used by products, in French-like order (suggestions when typing a category). */
export async function listProductCategories(db: Db, limit = 200): Promise<string[]> {
  const rows = await selectRows<{ nom: string }>(
    db,
    sql`select distinct c as nom from ${products}, unnest(${products.categorie}) as c where c <> '' order by 1 limit ${limit}`,
  );
  return rows.map((row) => row.nom).sort((a, b) => a.localeCompare(b, "fr-CA"));
}

export type ProductsPageData =
  | { kind: "search"; q: string; search: AdminProductSearch }
  | { kind: "page"; q: string; search: AdminProductSearch; tags: Tag[]; categories: string[]; total: number };

/** The page (tags, category suggestions, product count, first results), or only the search results
 * when `search=1` (the selector's requests while typing). */
export async function productsPageData({ db }: Services, url: URL): Promise<ProductsPageData> {
  const q = (url.searchParams.get("q") ?? "").slice(0, 100);
  if (url.searchParams.get("search") === "1") return { kind: "search", q, search: await searchProductsByName(db, q) };
  const [search, tags, categories, total] = await Promise.all([
    searchProductsByName(db, q),
    listTags(db),
    listProductCategories(db),
    countProducts(db),
  ]);
  return { kind: "page", q, search, tags, categories, total };
}

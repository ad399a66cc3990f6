// The catalogue list (/produits): filters, count and one page, all in SQL so it stays fast at
// 10,000 products on PGlite and PostgreSQL alike.
import { and, asc, count, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, pageCount, type ProductFilters } from "../../app/features/catalogue/filters";
import { normalizeForSearch } from "../../app/lib/text";
import type { Db } from "../db/client";
import { products } from "../db/schema";

/** The columns a list row needs (no description or ingredients). */
export type ProductListItem = {
  id: string;
  nom: string;
  prix: number;
  tags: string[];
  top10: boolean;
  image: string;
};

export type ProductSearchResult = {
  items: ProductListItem[];
  total: number;
  /** The page shown: the requested one, clamped to the last page that exists. */
  page: number;
  pageCount: number;
  pageSize: number;
};

/** A LIKE pattern matching `text` anywhere, with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(filters: Omit<ProductFilters, "page">): SQL | undefined {
  const conditions: SQL[] = [];
  const q = normalizeForSearch(filters.q);
  // nom_recherche is lower-case without accents: 'cafe' finds 'Café', 'ÉCLAIR' finds 'Éclair'.
  if (q) conditions.push(sql`${products.nom_recherche} like ${containsPattern(q)} escape '\\'`);
  if (filters.min != null && filters.min > 0) conditions.push(gte(products.prix, filters.min));
  if (filters.max != null) conditions.push(lte(products.prix, filters.max));
  if (filters.tags.length > 0) {
    // Any selected tag: array overlap, answered by the GIN index on tags.
    const list = sql.join(
      filters.tags.map((tag) => sql`${tag}`),
      sql`, `,
    );
    conditions.push(sql`${products.tags} && array[${list}]::text[]`);
  }
  if (filters.top10) conditions.push(eq(products.dans_notre_top_10_des_plus_gros_vendeur, true));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

const listColumns = {
  id: products.id,
  nom: products.nom,
  prix: products.prix,
  tags: products.tags,
  top10: products.dans_notre_top_10_des_plus_gros_vendeur,
  image: products.image,
};

function selectPage(db: Db, where: SQL | undefined, page: number, pageSize: number) {
  return db
    .select(listColumns)
    .from(products)
    .where(where)
    // French-like order: accent-free lower-case name first ('Éclair' among the E's), then the name
    // itself and the id so equal names keep a stable order across pages.
    .orderBy(asc(products.nom_recherche), asc(products.nom), asc(products.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
}

/** Products matching the filters, sorted by name, one page of them and the total count. */
export async function searchProducts(
  db: Db,
  filters: ProductFilters,
  pageSize = PAGE_SIZE,
): Promise<ProductSearchResult> {
  const where = whereOf(filters);
  const requested = Math.max(1, Math.trunc(filters.page) || 1);
  const [counted, rows] = await Promise.all([
    db.select({ value: count() }).from(products).where(where),
    selectPage(db, where, requested, pageSize),
  ]);
  const total = Number(counted[0]?.value ?? 0);
  const pages = pageCount(total, pageSize);
  // A page past the end (a stale link, page=999) shows the last page instead of nothing.
  const page = Math.min(requested, pages);
  const items = page === requested ? rows : await selectPage(db, where, page, pageSize);
  return { items, total, page, pageCount: pages, pageSize };
}

/** Every product id (sitemap), oldest first. */
export function listProductIds(db: Db): Promise<{ id: string; created_at: Date }[]> {
  return db.select({ id: products.id, created_at: products.created_at }).from(products).orderBy(asc(products.created_at), asc(products.id));
}

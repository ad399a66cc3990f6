// Products and tags: this module alone reads and writes their tables (products, tags). The catalogue,
// the staff's screens, the customiser, the offer, the proposals and the journal call it.
import { and, arrayContains, asc, count, desc, eq, gte, inArray, like, lte, ne, sql, type SQL } from "drizzle-orm";
import { pageCount, type ProductFilters } from "~/rules/catalogue-filters";
import { normalizeForSearch } from "~/rules/text";
import { selectRows, type Db } from "../../../server/db/client";
import { PLACEHOLDER_IMAGE, products, tags, type NewProduct, type Product, type Tag } from "../../../server/db/schema";

export type ProductInput = Omit<NewProduct, "id" | "created_at" | "nom_recherche">;

/** A LIKE pattern matching `text` anywhere, with %, _ and the escape character taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

// ---- Rows ----

/** Every product, newest first. */
export function listProducts(db: Db): Promise<Product[]> {
  return db.select().from(products).orderBy(desc(products.created_at), products.nom);
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export async function insertProduct(db: Db, input: ProductInput): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({ ...input, nom_recherche: normalizeForSearch(input.nom) })
    .returning();
  return row!;
}

export async function updateProduct(db: Db, id: string, input: Partial<ProductInput>): Promise<Product | null> {
  const values = input.nom === undefined ? input : { ...input, nom_recherche: normalizeForSearch(input.nom) };
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row ?? null;
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

export async function countProducts(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(products);
  return Number(row?.value ?? 0);
}

/** A product's name by id (the activity log's line); null when there is no such product. */
export async function getProductName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: products.nom }).from(products).where(eq(products.id, id));
  return row?.name ?? null;
}

/** Every product id (sitemap), oldest first. */
export function listProductIds(db: Db): Promise<{ id: string; created_at: Date }[]> {
  return db
    .select({ id: products.id, created_at: products.created_at })
    .from(products)
    .orderBy(asc(products.created_at), asc(products.id));
}

/** Name and picture of the products among `ids` (deleted ones are absent), for a layout's slots. */
export async function listProductCards(db: Db, ids: string[]): Promise<{ id: string; nom: string; image: string }[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: products.id, nom: products.nom, image: products.image })
    .from(products)
    .where(inArray(products.id, ids));
}

/** The same with the price: what a sent proposal keeps of each placed product. */
export function listProductCardsWithPrice(
  db: Db,
  ids: string[],
): Promise<{ id: string; nom: string; prix: number; image: string }[]> {
  return db
    .select({ id: products.id, nom: products.nom, prix: products.prix, image: products.image })
    .from(products)
    .where(inArray(products.id, ids));
}

// ---- Tags ----

/** Every tag, by name (nom ascending). */
export function listTags(db: Db): Promise<Tag[]> {
  return db.select().from(tags).orderBy(asc(tags.nom));
}

/** Inserts {nom}; an existing tag of the same name is returned instead of failing. */
export async function insertTag(db: Db, nom: string): Promise<Tag> {
  const [row] = await db
    .insert(tags)
    .values({ nom })
    .onConflictDoUpdate({ target: tags.nom, set: { nom } })
    .returning();
  return row!;
}

// ---- The catalogue's list (/produits): filters, count and one page, all in SQL so it stays fast at
// 10,000 products on PGlite and PostgreSQL alike ----

/** The columns a list row needs (no description or ingredients). */
export type ProductListItem = {
  id: string;
  nom: string;
  prix: number;
  tags: string[];
  top10: boolean;
  image: string;
  /** The staff's text for the picture; null: the card's picture is decoration beside the name. */
  image_alt: string | null;
};

export type ProductSearchResult = {
  items: ProductListItem[];
  total: number;
  /** The page shown: the requested one, clamped to the last page that exists. */
  page: number;
  pageCount: number;
  pageSize: number;
};

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

type Row = {
  total: number;
  tag_names?: string[];
  id: string | null;
  nom: string;
  prix: string | number;
  tags: string[];
  top10: boolean;
  image: string;
  image_alt: string | null;
};

/** The products matching the filters, sorted by name: one page and the total count; with
 * `withTagNames`, every tag name too (in name order), from the same statement. */
export async function searchProductList(
  db: Db,
  filters: ProductFilters,
  pageSize: number,
  withTagNames: boolean,
): Promise<{ result: ProductSearchResult; tagNames: string[] }> {
  const where = whereOf(filters);
  const requested = Math.max(1, Math.trunc(filters.page) || 1);
  const filter = where ? sql`where ${where}` : sql``;
  // A name search collects its matches once (through the trigram index; a full scan for queries
  // under 3 letters), then counts and pages them. Other filters count and page on the table itself.
  const nameSearch = normalizeForSearch(filters.q) !== "";
  const matches = sql`with m as materialized (
      select ${products.id} as id, ${products.nom_recherche} as nom_recherche, ${products.nom} as nom from ${products} ${filter}
    )`;
  const source = nameSearch ? sql`m` : sql`${products} ${filter}`;
  // The count and one page in a single statement (one round trip: PGlite runs queries one at a
  // time). The count always yields a row; the page joins to it laterally, so an empty result still
  // returns the count. The page's offset is computed from that count, so a page past the end (a
  // stale link, page=999) shows the last page without a second query. As the planner cannot know
  // that offset in advance, it reads the (nom_recherche, nom, id) index in order rather than sorting
  // every row: page 200 of 10,000 products takes 2.5 ms instead of 12 on PostgreSQL.
  // Only ids are paged (an index-only scan where the visibility map allows); the 25 rows are then
  // read by primary key. Order: accent-free lower-case name first ('Éclair' among the E's), then
  // the name itself and the id, so equal names keep a stable order across pages.
  const query = sql`
    ${nameSearch ? matches : sql``}
    select c.total, p.id, p.nom, p.prix, p.tags, p.dans_notre_top_10_des_plus_gros_vendeur as top10, p.image, p.image_alt
      ${withTagNames ? sql`, array(select ${tags.nom} from ${tags} order by ${tags.nom}) as tag_names` : sql``}
    from (select count(*)::int as total from ${source}) c
    left join lateral (
      select id from ${source}
      order by nom_recherche, nom, id
      limit ${pageSize}::int
      offset (least(${requested}::int, greatest(1, (c.total + ${pageSize}::int - 1) / ${pageSize}::int)) - 1) * ${pageSize}::int
    ) pg on true
    left join ${products} p on p.id = pg.id
    order by p.nom_recherche, p.nom, p.id`;
  const rows = await selectRows<Row>(db, query);
  const total = Number(rows[0]?.total ?? 0);
  const items: ProductListItem[] = rows
    .filter((row) => row.id !== null)
    .map((row) => ({
      id: row.id!,
      nom: row.nom,
      prix: Number(row.prix),
      tags: row.tags ?? [],
      top10: row.top10,
      image: row.image,
      image_alt: row.image_alt?.trim() || null,
    }));
  const pages = pageCount(total, pageSize);
  // The page the SQL offset chose (same formula): the requested one, or the last page.
  const result = { items, total, page: Math.min(requested, pages), pageCount: pages, pageSize };
  return { result, tagNames: rows[0]?.tag_names ?? [] };
}

// ---- The staff's product search (/edit-products): stays fast at 10,000 products ----

const ADMIN_SEARCH_LIMIT = 12;

export type AdminProductSearch = { items: Product[]; total: number };

/** Products whose name holds every word of `query` (case- and accent-insensitive, through
 * products.nom_recherche); names starting with the query come first, then by name. One small page. */
export async function searchProductsByName(
  db: Db,
  query: string,
  limit = ADMIN_SEARCH_LIMIT,
): Promise<AdminProductSearch> {
  const words = normalizeForSearch(query).split(/\s+/).filter(Boolean).slice(0, 8);
  const conditions: SQL[] = words.map(
    (word) => sql`${products.nom_recherche} like ${containsPattern(word)} escape '\\'`,
  );
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

/** Category names used by products, in French-like order (suggestions when typing a category). */
export async function listProductCategories(db: Db, limit = 200): Promise<string[]> {
  const rows = await selectRows<{ nom: string }>(
    db,
    sql`select distinct c as nom from ${products}, unnest(${products.categorie}) as c where c <> '' order by 1 limit ${limit}`,
  );
  return rows.map((row) => row.nom).sort((a, b) => a.localeCompare(b, "fr-CA"));
}

// ---- The customiser's product picker ----

/** What the picker matches: a name fragment (any case and accents), a category, a tag; null: any. */
export type ProductPick = { q: string; category: string | null; tag: string | null };

function pickCondition(pick: ProductPick): SQL | undefined {
  const where: SQL[] = [];
  const q = normalizeForSearch(pick.q);
  if (q) where.push(like(products.nom_recherche, containsPattern(q)));
  if (pick.category !== null) where.push(arrayContains(products.categorie, [pick.category]));
  if (pick.tag !== null) where.push(arrayContains(products.tags, [pick.tag]));
  return where.length ? and(...where) : undefined;
}

/** How many products the picker's filters match. */
export async function countPickableProducts(db: Db, pick: ProductPick): Promise<number> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(pickCondition(pick));
  return total;
}

/** One page of those products by name, with what a picker card shows. */
export function listPickableProducts(
  db: Db,
  pick: ProductPick,
  limit: number,
  offset: number,
): Promise<{ id: string; nom: string; image: string; prix: number; categorie: string[]; tags: string[] }[]> {
  return db
    .select({
      id: products.id,
      nom: products.nom,
      image: products.image,
      prix: products.prix,
      categorie: products.categorie,
      tags: products.tags,
    })
    .from(products)
    .where(pickCondition(pick))
    .orderBy(asc(products.nom_recherche), asc(products.id))
    .limit(limit)
    .offset(offset);
}

/** Every value the products' categorie lists hold, once each, in no order (blanks included). */
export function listProductCategoryValues(db: Db): Promise<{ value: string }[]> {
  return selectRows<{ value: string }>(
    db,
    sql`select distinct unnest(${products.categorie}) as value from ${products}`,
  );
}

/** Every value the products' tags lists hold, once each, in no order (blanks included). */
export function listProductTagValues(db: Db): Promise<{ value: string }[]> {
  return selectRows<{ value: string }>(db, sql`select distinct unnest(${products.tags}) as value from ${products}`);
}

/** The best-sellers ('Top 10' products) by name, at most 10: what 'Remplir avec le Top 10' puts in a
 * section's empty slots. */
export async function listTopProducts(db: Db): Promise<{ id: string; nom: string; image: string }[]> {
  return db
    .select({ id: products.id, nom: products.nom, image: products.image })
    .from(products)
    .where(eq(products.dans_notre_top_10_des_plus_gros_vendeur, true))
    .orderBy(asc(products.nom_recherche), asc(products.id))
    .limit(10);
}

// ---- The offer page (/notre-offre): light projections, so a dialog never ships whole rows ----

const productSummary = {
  id: products.id,
  nom: products.nom,
  prix: products.prix,
  image: products.image,
  top10: products.dans_notre_top_10_des_plus_gros_vendeur,
  tags: products.tags,
};

type ProductSummaryRow = { id: string; nom: string; prix: number; image: string; top10: boolean; tags: string[] };

/** Products whose name contains the search (case- and accent-insensitive), by name, one page. */
export async function searchProductSummaries(
  db: Db,
  { q = "", limit = 24, offset = 0 }: { q?: string; limit?: number; offset?: number },
): Promise<{ items: ProductSummaryRow[]; total: number }> {
  const needle = normalizeForSearch(q);
  const where = needle ? like(products.nom_recherche, containsPattern(needle)) : undefined;
  const [items, [totalRow]] = await Promise.all([
    db
      .select(productSummary)
      .from(products)
      .where(where)
      .orderBy(asc(products.nom_recherche), asc(products.id))
      .limit(limit)
      .offset(offset),
    db.select({ value: count() }).from(products).where(where),
  ]);
  return { items, total: Number(totalRow?.value ?? 0) };
}

/** Best-sellers with a real picture first, for the offer page's product preview. */
export function listTopProductSummaries(db: Db, limit = 4): Promise<ProductSummaryRow[]> {
  return db
    .select(productSummary)
    .from(products)
    .where(and(eq(products.dans_notre_top_10_des_plus_gros_vendeur, true), ne(products.image, PLACEHOLDER_IMAGE)))
    .orderBy(sql`${products.ranking} asc nulls last`, desc(products.created_at))
    .limit(limit);
}

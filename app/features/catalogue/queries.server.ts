// What the catalogue reads: the list (/produits: filters, count and one page, all in SQL so it stays
// fast at 10,000 products on PGlite and PostgreSQL alike), a product's page, the sitemap's ids.
import { and, asc, eq, gte, lte, sql, type SQL } from "drizzle-orm";
import { PAGE_SIZE, pageCount, parseFilters, type ProductFilters } from "~/rules/catalogue-filters";
import { normalizeForSearch } from "~/rules/text";
import { selectRows, type Db } from "../../../server/db/client";
import { getProduct } from "../../../server/data/products";
import { products, tags as tagsTable } from "../../../server/db/schema";
import { isUuid } from "~/rules/id";
import { productMeta, productPictures } from "./product-texts";

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

/** Products matching the filters, sorted by name, one page of them and the total count. */
export async function searchProducts(
  db: Db,
  filters: ProductFilters,
  pageSize = PAGE_SIZE,
): Promise<ProductSearchResult> {
  return (await search(db, filters, pageSize, false)).result;
}

/**
 * The catalogue page's data from its query string: every tag name (for the filter form, in name
 * order), the filters (tags matched against those names) and the list. One round trip in the usual
 * case: the list is searched with the tags as the URL spells them, in the same statement that reads
 * the tag names; only if the known names change them (an unknown tag, another case) is it searched
 * again. Each round trip after an idle moment costs about 0.7 ms on PostgreSQL here.
 */
export async function searchCatalogue(
  db: Db,
  params: URLSearchParams,
  pageSize = PAGE_SIZE,
): Promise<{ tags: string[]; filters: ProductFilters; result: ProductSearchResult }> {
  const asTyped = parseFilters(params);
  const first = await search(db, asTyped, pageSize, true);
  const tags = first.tagNames;
  const filters = parseFilters(params, tags);
  const same = filters.tags.length === asTyped.tags.length && filters.tags.every((tag, i) => tag === asTyped.tags[i]);
  const result = same ? first.result : await searchProducts(db, filters, pageSize);
  return { tags, filters, result };
}

async function search(
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
      ${withTagNames ? sql`, array(select ${tagsTable.nom} from ${tagsTable} order by ${tagsTable.nom}) as tag_names` : sql``}
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

/** Every product id (sitemap), oldest first. */
export function listProductIds(db: Db): Promise<{ id: string; created_at: Date }[]> {
  return db
    .select({ id: products.id, created_at: products.created_at })
    .from(products)
    .orderBy(asc(products.created_at), asc(products.id));
}

/** /produits/:produitId: the product as its page shows it; null when there is no such product. */
export async function productPageData(db: Db, id: string | undefined) {
  const product = isUuid(id) ? await getProduct(db, id) : null;
  if (!product) return null;
  return {
    product: {
      id: product.id,
      nom: product.nom,
      prix: product.prix,
      description: product.description,
      categorie: product.categorie.filter((c) => c.trim() !== ""),
      tags: product.tags.filter((t) => t.trim() !== ""),
      ingredients: product.ingredients,
      top10: product.dans_notre_top_10_des_plus_gros_vendeur,
      // Main image then nutrition facts, placeholders left out, each with its text.
      images: productPictures(product),
    },
    // Title, description and share picture: the staff's, else derived from the product.
    meta: productMeta(product),
  };
}

// What the catalogue's pages read, through products.server.ts: the list (/produits), a product's page,
// the sitemap's ids.
import { PAGE_SIZE, parseFilters, type ProductFilters } from "~/rules/catalogue-filters";
import type { Db } from "../../../server/db/client";
import { isUuid } from "~/rules/id";
import { getProduct, searchProductList, type ProductSearchResult } from "./products.server";
import { productMeta, productPictures } from "./product-texts";

export { listProductIds } from "./products.server";

/** Products matching the filters, sorted by name, one page of them and the total count. */
export async function searchProducts(
  db: Db,
  filters: ProductFilters,
  pageSize = PAGE_SIZE,
): Promise<ProductSearchResult> {
  return (await searchProductList(db, filters, pageSize, false)).result;
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
  const first = await searchProductList(db, asTyped, pageSize, true);
  const tags = first.tagNames;
  const filters = parseFilters(params, tags);
  const same = filters.tags.length === asTyped.tags.length && filters.tags.every((tag, i) => tag === asTyped.tags[i]);
  const result = same ? first.result : await searchProducts(db, filters, pageSize);
  return { tags, filters, result };
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

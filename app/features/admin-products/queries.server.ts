// What /edit-products reads: a name search that stays fast at 10,000 products, the category names
// already in use (suggestions for the form), the tags. The caller (the route module) has already
// called requireAdmin.
import type { Tag } from "../../../server/db/schema";
import type { Services } from "../../../server/context";
import {
  countProducts,
  listProductCategories,
  listTags,
  searchProductsByName,
  type AdminProductSearch,
} from "~/features/catalogue/products.server";

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

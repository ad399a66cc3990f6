// Read-only queries behind the offer page (/notre-offre): its previews and its two dialogs. Light
// projections, so a dialog never ships whole rows (or the whole catalogue) to the browser.
import { and, asc, count, desc, eq, like, ne, sql } from "drizzle-orm";
import {
  mainImage,
  nonEmpty,
  realImages,
  splitSpecification,
  type CategorySummary,
  type OfferDialogData,
  type OfferPreview,
  type ProductSummary,
} from "./view";
import { normalizeForSearch } from "~/rules/text";
import type { Db } from "../../../server/db/client";
import { machines, PLACEHOLDER_IMAGE, products } from "../../../server/db/schema";
import { getCategory, listCategories } from "../../../server/data/machine-categories";
import { getMachine, listMachinesOfCategory } from "../../../server/data/machines";
import { getProduct } from "../../../server/data/products";
import type { OfferQuery } from "~/rules/offer-query";
import { machinePictureAlt, staffText } from "~/rules/machine-pictures";
import { typography } from "~/lib/typography";

const productSummary = {
  id: products.id,
  nom: products.nom,
  prix: products.prix,
  image: products.image,
  top10: products.dans_notre_top_10_des_plus_gros_vendeur,
  tags: products.tags,
};

/** '%', '_' and '\' are literal in a search. */
function likeContains(value: string): string {
  return `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Products whose name contains the search (case- and accent-insensitive), by name, one page. */
export async function searchProductSummaries(
  db: Db,
  { q = "", limit = 24, offset = 0 }: { q?: string; limit?: number; offset?: number },
): Promise<{ items: ProductSummary[]; total: number }> {
  const needle = normalizeForSearch(q);
  const where = needle ? like(products.nom_recherche, likeContains(needle)) : undefined;
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

/** Best-sellers with a real picture first, for the offer page's product pre */
function topProductSummaries(db: Db, limit = 4): Promise<ProductSummary[]> {
  return db
    .select(productSummary)
    .from(products)
    .where(and(eq(products.dans_notre_top_10_des_plus_gros_vendeur, true), ne(products.image, PLACEHOLDER_IMAGE)))
    .orderBy(sql`${products.ranking} asc nulls last`, desc(products.created_at))
    .limit(limit);
}

/** How many machines each category holds. */
async function machineCountsByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: machines.categorie_id, value: count() })
    .from(machines)
    .groupBy(machines.categorie_id);
  return new Map(rows.flatMap((row) => (row.id ? [[row.id, Number(row.value)] as const] : [])));
}

async function catalogueCounts(db: Db): Promise<{ machines: number; products: number }> {
  const [[m], [p]] = await Promise.all([
    db.select({ value: count() }).from(machines),
    db.select({ value: count() }).from(products),
  ]);
  return { machines: Number(m?.value ?? 0), products: Number(p?.value ?? 0) };
}

// ---- What the page and its dialogs receive ----

export async function loadOfferPreview(db: Db): Promise<OfferPreview> {
  const [categories, counts, topProducts, machineCounts] = await Promise.all([
    listCategories(db),
    catalogueCounts(db),
    topProductSummaries(db, 4),
    machineCountsByCategory(db),
  ]);
  return {
    categories: categories.map((c) => toCategorySummary(c, machineCounts)),
    topProducts,
    counts,
  };
}

function toCategorySummary(
  c: { id: string; nom: string; description: string | null; image: string | null; image_alt?: string | null },
  counts: Map<string, number>,
): CategorySummary {
  const { id, nom, description, image } = c;
  return {
    id,
    nom,
    description: description && typography(description),
    image,
    imageAlt: staffText(c.image_alt),
    machineCount: counts.get(c.id) ?? 0,
  };
}

export async function loadOfferDialog(db: Db, query: OfferQuery): Promise<OfferDialogData> {
  switch (query.vue) {
    case "categories": {
      const [categories, counts] = await Promise.all([listCategories(db), machineCountsByCategory(db)]);
      return { vue: "categories", categories: categories.map((c) => toCategorySummary(c, counts)) };
    }
    case "machines": {
      const [category, rows] = await Promise.all([
        getCategory(db, query.categorie),
        listMachinesOfCategory(db, query.categorie),
      ]);
      return {
        vue: "machines",
        category: category ? toCategorySummary(category, new Map([[category.id, rows.length]])) : null,
        machines: rows.map((m) => ({
          id: m.id,
          nom: m.nom,
          description: m.description && typography(m.description),
          image: mainImage(m.images, m.main_image_index),
          imageAlt: machinePictureAlt(m, mainImage(m.images, m.main_image_index)),
          disponible: m.disponible_en_entrepot,
        })),
      };
    }
    case "machine": {
      const m = await getMachine(db, query.id);
      return {
        vue: "machine",
        machine: m && {
          id: m.id,
          nom: m.nom,
          description: m.description && typography(m.description),
          images: realImages(m.images),
          imageAlts: realImages(m.images).map((src) => machinePictureAlt(m, src) ?? ""),
          disponible: m.disponible_en_entrepot,
          tempsCommande: m.temps_commande,
          avantages: nonEmpty(m.avantages).map(typography),
          specifications: nonEmpty(m.specifications).map((s) => splitSpecification(typography(s))),
          categorieId: m.categorie_id,
        },
      };
    }
    case "produits": {
      const { items, total } = await searchProductSummaries(db, { q: query.q, limit: query.limite });
      return { vue: "produits", q: query.q, limite: query.limite, items, total };
    }
    case "produit": {
      const p = await getProduct(db, query.id);
      return {
        vue: "produit",
        product: p && {
          id: p.id,
          nom: p.nom,
          prix: p.prix,
          description: p.description,
          image: p.image,
          top10: p.dans_notre_top_10_des_plus_gros_vendeur,
          categories: nonEmpty(p.categorie),
          tags: nonEmpty(p.tags).slice(0, 4),
          ingredients: p.ingredients,
        },
      };
    }
  }
}

// Read-only queries behind the offer page (/notre-offre): its previews and its two dialogs. Light
// projections, so a dialog never ships whole rows (or the whole catalogue) to the browser.
import {
  mainImage,
  nonEmpty,
  realImages,
  splitSpecification,
  type CategorySummary,
  type OfferDialogData,
  type OfferPreview,
} from "./view";
import type { Db } from "../../../server/db/client";
import {
  countProducts,
  getProduct,
  listTopProductSummaries,
  searchProductSummaries,
} from "~/features/catalogue/products.server";
import {
  countMachines,
  countMachinesByCategory,
  getCategory,
  getMachine,
  listCategories,
  listMachinesOfCategory,
} from "~/features/machines/store.server";
import type { OfferQuery } from "~/rules/offer-query";
import { machinePictureAlt, staffText } from "~/rules/machine-pictures";
import { typography } from "~/lib/typography";

async function catalogueCounts(db: Db): Promise<{ machines: number; products: number }> {
  const [machines, products] = await Promise.all([countMachines(db), countProducts(db)]);
  return { machines, products };
}

// ---- What the page and its dialogs receive ----

export async function loadOfferPreview(db: Db): Promise<OfferPreview> {
  const [categories, counts, topProducts, machineCounts] = await Promise.all([
    listCategories(db),
    catalogueCounts(db),
    listTopProductSummaries(db, 4),
    countMachinesByCategory(db),
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
      const [categories, counts] = await Promise.all([listCategories(db), countMachinesByCategory(db)]);
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

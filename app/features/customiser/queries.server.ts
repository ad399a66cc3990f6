import { isUuid } from "~/rules/id";
import { ALL, PICKER_PAGE_SIZE, pageWindow, type PickerFilters, type PickerOptions, type PickerPage } from "./filters";
import { machinePictureAlt } from "~/rules/machine-pictures";
import type { Db } from "../../../server/db/client";
import { PLACEHOLDER_IMAGE } from "../../../server/db/schema";
import {
  countPickableProducts,
  listPickableProducts,
  listProductCategoryValues,
  listProductTagValues,
} from "~/features/catalogue/products.server";
import { getMachineGrid, listCategoriesHoldingMachines, listMachineCards } from "~/features/machines/store.server";

// What the customiser reads: the machines to choose from, one machine's chassis and default grid, and
// the product picker's pages. Only the columns the screens need.

export { listTopProducts } from "~/features/catalogue/products.server";

export type CustomiserMachineCard = {
  id: string;
  nom: string;
  image: string;
  /** The staff's description of the picture (none: decorative, the name is beside it). */
  imageAlt: string | null;
  categorie_id: string | null;
  produits_par_rangee: number;
  nombre_de_rangees: number;
};

const usable = (url: string | null | undefined): url is string =>
  typeof url === "string" && url.trim() !== "" && url !== PLACEHOLDER_IMAGE;

/** The machine's main image (at main_image_index, else its first real image), else its chassis. */
function mainImage(m: { images: string[]; main_image_index: number; image_overlay: string | null }): string {
  const images = m.images ?? [];
  const main = images[m.main_image_index];
  if (usable(main)) return main;
  return images.find(usable) ?? (usable(m.image_overlay) ? m.image_overlay : PLACEHOLDER_IMAGE);
}

/** The chassis photo shown under the sections: image_overlay, else the main image. */
export function chassisImage(m: { images: string[]; main_image_index: number; image_overlay: string | null }): string {
  return usable(m.image_overlay) ? m.image_overlay : mainImage(m);
}

/** Every machine, newest first, as cards. */
export async function listCustomiserMachines(db: Db): Promise<CustomiserMachineCard[]> {
  const rows = await listMachineCards(db);
  return rows.map((m) => ({
    id: m.id,
    nom: m.nom,
    image: mainImage(m),
    imageAlt: machinePictureAlt(m, mainImage(m)),
    categorie_id: m.categorie_id,
    produits_par_rangee: m.produits_par_rangee,
    nombre_de_rangees: m.nombre_de_rangees,
  }));
}

/** Categories that hold at least one machine, by name. */
export async function listCustomiserCategories(db: Db): Promise<{ id: string; nom: string }[]> {
  const rows = await listCategoriesHoldingMachines(db);
  return rows.sort((a, b) => a.nom.localeCompare(b.nom, "fr"));
}

export type CustomiserMachine = {
  id: string;
  nom: string;
  chassis: string;
  produits_par_rangee: number;
  nombre_de_rangees: number;
  grid_default_position_x: number;
  grid_default_position_y: number;
  grid_default_width: number;
  grid_default_height: number;
  grid_sections: unknown;
};

/** The default grid is read from the machine row by id. Null for an unknown (or malformed) id. */
export async function getCustomiserMachine(db: Db, id: string): Promise<CustomiserMachine | null> {
  if (!isUuid(id)) return null;
  const m = await getMachineGrid(db, id);
  if (!m) return null;
  return {
    id: m.id,
    nom: m.nom,
    chassis: chassisImage(m),
    produits_par_rangee: m.produits_par_rangee,
    nombre_de_rangees: m.nombre_de_rangees,
    grid_default_position_x: m.grid_default_position_x,
    grid_default_position_y: m.grid_default_position_y,
    grid_default_width: m.grid_default_width,
    grid_default_height: m.grid_default_height,
    grid_sections: m.grid_sections,
  };
}

/** One page (12) of the picker: name (case- and accent-insensitive substring), category (products
 * whose categorie list holds it) and tag; 'all' means no filter; ordered by name. */
export async function searchPickerProducts(db: Db, filters: PickerFilters): Promise<PickerPage> {
  const pick = {
    q: filters.q,
    category: filters.category === ALL ? null : filters.category,
    tag: filters.tag === ALL ? null : filters.tag,
  };
  const total = await countPickableProducts(db, pick);
  const { page, pageCount, offset } = pageWindow(total, filters.page);
  const items = total ? await listPickableProducts(db, pick, PICKER_PAGE_SIZE, offset) : [];
  return { items, total, page, pageCount, filters: { ...filters, page } };
}

/** The picker's filter choices: every category and tag used by at least one product, by name. */
export async function listPickerOptions(db: Db): Promise<PickerOptions> {
  const [categories, tags] = await Promise.all([listProductCategoryValues(db), listProductTagValues(db)]);
  const values = (rows: { value: string }[]) =>
    rows
      .map((r) => r.value)
      .filter((v) => typeof v === "string" && v.trim() !== "")
      .sort((a, b) => a.localeCompare(b, "fr"));
  return { categories: values(categories), tags: values(tags) };
}

import { and, arrayContains, asc, count, desc, eq, like, sql, type SQL } from "drizzle-orm";
import { isUuid } from "~/rules/id";
import { ALL, PICKER_PAGE_SIZE, pageWindow, type PickerFilters, type PickerOptions, type PickerPage } from "./filters";
import { normalizeForSearch } from "~/rules/text";
import { machinePictureAlt } from "~/rules/machine-pictures";
import { selectRows, type Db } from "../../../server/db/client";
import { machineCategories, machines, products, PLACEHOLDER_IMAGE } from "../../../server/db/schema";

// What the customiser reads: the machines to choose from, one machine's chassis and default grid, and
// the product picker's pages. Only the columns the screens need.

const machineColumns = {
  id: machines.id,
  nom: machines.nom,
  images: machines.images,
  image_alts: machines.image_alts,
  main_image_index: machines.main_image_index,
  image_overlay: machines.image_overlay,
  categorie_id: machines.categorie_id,
  produits_par_rangee: machines.produits_par_rangee,
  nombre_de_rangees: machines.nombre_de_rangees,
};

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
  const rows = await db.select(machineColumns).from(machines).orderBy(desc(machines.created_at), asc(machines.nom));
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
  const rows = await db
    .selectDistinct({ id: machineCategories.id, nom: machineCategories.nom })
    .from(machineCategories)
    .innerJoin(machines, eq(machines.categorie_id, machineCategories.id));
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
  const [m] = await db
    .select({
      ...machineColumns,
      grid_default_position_x: machines.grid_default_position_x,
      grid_default_position_y: machines.grid_default_position_y,
      grid_default_width: machines.grid_default_width,
      grid_default_height: machines.grid_default_height,
      grid_sections: machines.grid_sections,
    })
    .from(machines)
    .where(eq(machines.id, id))
    .limit(1);
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

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** One page (12) of the picker: name (case- and accent-insensitive substring), category (products
 * whose categorie list holds it) and tag; 'all' means no filter; ordered by name. */
export async function searchPickerProducts(db: Db, filters: PickerFilters): Promise<PickerPage> {
  const where: SQL[] = [];
  const q = normalizeForSearch(filters.q);
  if (q) where.push(like(products.nom_recherche, `%${escapeLike(q)}%`));
  if (filters.category !== ALL) where.push(arrayContains(products.categorie, [filters.category]));
  if (filters.tag !== ALL) where.push(arrayContains(products.tags, [filters.tag]));
  const condition = where.length ? and(...where) : undefined;

  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(products).where(condition);
  const { page, pageCount, offset } = pageWindow(total, filters.page);
  const items = total
    ? await db
        .select({
          id: products.id,
          nom: products.nom,
          image: products.image,
          prix: products.prix,
          categorie: products.categorie,
          tags: products.tags,
        })
        .from(products)
        .where(condition)
        .orderBy(asc(products.nom_recherche), asc(products.id))
        .limit(PICKER_PAGE_SIZE)
        .offset(offset)
    : [];
  return { items, total, page, pageCount, filters: { ...filters, page } };
}

/** The picker's filter choices: every category and tag used by at least one product, by name. */
export async function listPickerOptions(db: Db): Promise<PickerOptions> {
  const [categories, tags] = await Promise.all([
    selectRows<{ value: string }>(db, sql`select distinct unnest(${products.categorie}) as value from ${products}`),
    selectRows<{ value: string }>(db, sql`select distinct unnest(${products.tags}) as value from ${products}`),
  ]);
  const values = (rows: { value: string }[]) =>
    rows
      .map((r) => r.value)
      .filter((v) => typeof v === "string" && v.trim() !== "")
      .sort((a, b) => a.localeCompare(b, "fr"));
  return { categories: values(categories), tags: values(tags) };
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

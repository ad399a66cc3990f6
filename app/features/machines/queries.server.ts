// What the public machine pages and the sitemap read, through store.server.ts.
import type { Db } from "../../../server/db/client";
import {
  countMachinesByCategory,
  getCategory,
  getMachine,
  getStepsInOrder,
  listCategories,
  listMachinesOfCategory,
} from "./store.server";
import { isUuid } from "~/rules/id";
import { machineMedia, mainPicture } from "./media";
import { searchAndSharingFields } from "./seo";
import { typography } from "~/lib/typography";

export { listMachineLinks } from "./store.server";

/** /machines: every category, with how many machines it holds. */
export async function listCategoriesWithCounts(db: Db) {
  const [categories, counts] = await Promise.all([listCategories(db), countMachinesByCategory(db)]);
  return categories.map((c) => ({
    id: c.id,
    nom: c.nom,
    description: c.description,
    image: c.image,
    image_alt: c.image_alt,
    machineCount: counts.get(c.id) ?? 0,
  }));
}

/** /machines/:categorieId: the category and its machines; null when there is no such category. */
export async function categoryPageData(db: Db, id: string | undefined) {
  const category = isUuid(id) ? await getCategory(db, id) : null;
  if (!category) return null;
  const machines = await listMachinesOfCategory(db, category.id);
  return {
    category: {
      id: category.id,
      nom: category.nom,
      description: category.description,
      image: category.image,
      image_alt: category.image_alt,
      search: searchAndSharingFields(category),
    },
    machines: machines.map((m) => {
      const picture = mainPicture(m);
      return {
        id: m.id,
        nom: m.nom,
        description: m.description,
        disponible_en_entrepot: m.disponible_en_entrepot,
        image: picture?.src ?? null,
        image_alt: picture?.alt ?? null,
      };
    }),
  };
}

/** /machines/:categorieId/:machineId: the machine, its category and its steps in order; null when there
 * is no such machine. */
export async function machinePageData(db: Db, machineId: string | undefined, urlCategoryId: string | undefined) {
  const machine = isUuid(machineId) ? await getMachine(db, machineId) : null;
  if (!machine) return null;
  // The category of the URL when it is the machine's own, for the back link and breadcrumbs.
  const categoryId = machine.categorie_id ?? (isUuid(urlCategoryId) ? urlCategoryId : null);
  const [category, steps] = await Promise.all([
    categoryId ? getCategory(db, categoryId) : Promise.resolve(null),
    getStepsInOrder(db, machine.step_ids),
  ]);
  return {
    machine: {
      id: machine.id,
      nom: machine.nom,
      description: typography(machine.description),
      dimensions: machine.dimensions && typography(machine.dimensions),
      disponible_en_entrepot: machine.disponible_en_entrepot,
      temps_commande: machine.temps_commande,
      avantages: machine.avantages.filter((a) => a.trim() !== "").map(typography),
      specifications: machine.specifications.map(typography),
      process_video: machine.process_video,
      media: machineMedia(machine),
      picture: mainPicture(machine),
      search: searchAndSharingFields(machine),
    },
    category: category ? { id: category.id, nom: category.nom } : null,
    steps: steps.map((s) => ({
      id: s.id,
      numero: s.numero,
      titre: s.titre,
      description: s.description,
      image: s.image,
      image_alt: s.image_alt,
      video: s.video,
    })),
  };
}

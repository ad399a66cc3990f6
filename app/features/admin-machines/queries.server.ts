// What /edit-machines reads: every machine, category and step. The caller (the route module) has
// already called requireAdmin.
import type { Services } from "../../../server/context";
import { listCategories, listMachines, listSteps } from "~/features/machines/store.server";

export async function machinesPageData({ db }: Services) {
  const [machines, categories, steps] = await Promise.all([listMachines(db), listCategories(db), listSteps(db)]);
  return { machines, categories, steps };
}

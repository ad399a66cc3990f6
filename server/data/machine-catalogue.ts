// Read-only queries of the public machine pages and the sitemap.
import { asc, count, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { machineCategories, machines } from "../db/schema";

/** Number of machines in each category (categories without machines are absent). */
export async function countMachinesByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ categorie_id: machines.categorie_id, value: count() })
    .from(machines)
    .where(isNotNull(machines.categorie_id))
    .groupBy(machines.categorie_id);
  return new Map(rows.map((row) => [row.categorie_id!, Number(row.value)]));
}

/** Every category and every machine that belongs to one, for the sitemap. */
export async function listMachineLinks(db: Db): Promise<{
  categories: { id: string; created_at: Date }[];
  machines: { id: string; categorie_id: string; created_at: Date }[];
}> {
  const [categoryRows, machineRows] = await Promise.all([
    db.select({ id: machineCategories.id, created_at: machineCategories.created_at }).from(machineCategories).orderBy(asc(machineCategories.created_at)),
    db
      .select({ id: machines.id, categorie_id: sql<string>`${machines.categorie_id}`, created_at: machines.created_at })
      .from(machines)
      .where(isNotNull(machines.categorie_id))
      .orderBy(asc(machines.created_at)),
  ]);
  return { categories: categoryRows, machines: machineRows };
}

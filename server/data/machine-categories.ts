import { desc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { machineCategories, machines, type MachineCategory } from "../db/schema";

export type CategoryInput = Omit<typeof machineCategories.$inferInsert, "id" | "created_at">;

/** Every category, newest first. */
export function listCategories(db: Db): Promise<MachineCategory[]> {
  return db.select().from(machineCategories).orderBy(desc(machineCategories.created_at), machineCategories.nom);
}

export async function getCategory(db: Db, id: string): Promise<MachineCategory | null> {
  const [row] = await db.select().from(machineCategories).where(eq(machineCategories.id, id)).limit(1);
  return row ?? null;
}

export async function insertCategory(db: Db, input: CategoryInput): Promise<MachineCategory> {
  const [row] = await db.insert(machineCategories).values(input).returning();
  return row!;
}

export async function updateCategory(
  db: Db,
  id: string,
  input: Partial<CategoryInput>,
): Promise<MachineCategory | null> {
  const [row] = await db.update(machineCategories).set(input).where(eq(machineCategories.id, id)).returning();
  return row ?? null;
}

export async function updateCategoryImage(db: Db, id: string, image: string): Promise<MachineCategory | null> {
  return updateCategory(db, id, { image });
}

/** Machines using the category lose it first, then the category goes, in one transaction. */
export async function deleteCategory(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.update(machines).set({ categorie_id: null }).where(eq(machines.categorie_id, id));
    const rows = await tx
      .delete(machineCategories)
      .where(eq(machineCategories.id, id))
      .returning({ id: machineCategories.id });
    return rows.length > 0;
  });
}

// Machines, their categories and their steps: this module alone reads and writes their tables
// (machines, machine_categories, machine_steps). The public pages, the staff's screens, the customiser,
// the offer, the proposals, the inbox and the journal call it.
import { asc, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { stepIdsAfterSave, type StepToSave } from "~/features/admin-machines/steps";
import { parseLegacySteps } from "~/rules/legacy-steps";
import type { Db } from "../../../server/db/client";
import {
  machineCategories,
  machines,
  machineSteps,
  type Machine,
  type MachineCategory,
  type MachineStep,
  type NewMachine,
} from "../../../server/db/schema";
import { log } from "../../../server/lib/log";
import { droppedMedia, stepMedia } from "../../../server/media/rules";

// ---- Machines ----

export type MachineInput = Omit<NewMachine, "id" | "created_at">;
export type MachineRow = Omit<Machine, "etapes_fonctionnement"> & { etapes_fonctionnement: unknown[] };

function read(row: Machine): MachineRow {
  return { ...row, etapes_fonctionnement: parseLegacySteps(row.etapes_fonctionnement) };
}

/** Every machine, newest first. */
export async function listMachines(db: Db): Promise<MachineRow[]> {
  const rows = await db.select().from(machines).orderBy(desc(machines.created_at), machines.nom);
  return rows.map(read);
}

export async function listMachinesOfCategory(db: Db, categoryId: string): Promise<MachineRow[]> {
  const rows = await db
    .select()
    .from(machines)
    .where(eq(machines.categorie_id, categoryId))
    .orderBy(desc(machines.created_at), machines.nom);
  return rows.map(read);
}

/** One machine by id, all columns. */
export async function getMachine(db: Db, id: string): Promise<MachineRow | null> {
  const [row] = await db.select().from(machines).where(eq(machines.id, id)).limit(1);
  return row ? read(row) : null;
}

/** Inserts a machine and returns its row; null on failure (logged). */
export async function insertMachine(db: Db, input: MachineInput): Promise<MachineRow | null> {
  try {
    const [row] = await db.insert(machines).values(input).returning();
    return read(row!);
  } catch (error) {
    log.error({ err: error }, "Error adding machine");
    return null;
  }
}

/** Updates one machine; a failure throws 'Failed to update machine: {message}', so the save stops. */
export async function updateMachine(db: Db, id: string, input: Partial<MachineInput>): Promise<MachineRow> {
  let row: Machine | undefined;
  try {
    [row] = await db.update(machines).set(input).where(eq(machines.id, id)).returning();
  } catch (error) {
    throw new Error(`Failed to update machine: ${(error as Error).message}`, { cause: error });
  }
  if (!row) throw new Error("Failed to update machine: machine not found");
  return read(row);
}

export async function deleteMachine(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(machines).where(eq(machines.id, id)).returning({ id: machines.id });
  return rows.length > 0;
}

/** Whether a machine of this id exists. */
export async function machineExists(db: Db, id: string): Promise<boolean> {
  const [machine] = await db.select({ id: machines.id }).from(machines).where(eq(machines.id, id));
  return Boolean(machine);
}

/** A machine's name by id (the activity log's line); null when there is no such machine. */
export async function getMachineName(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: machines.nom }).from(machines).where(eq(machines.id, id));
  return row?.name ?? null;
}

/** The id of the machine named exactly `nom` (the first one found), or null. */
export async function findMachineIdByName(db: Db, nom: string): Promise<string | null> {
  const [found] = await db.select({ id: machines.id }).from(machines).where(eq(machines.nom, nom)).limit(1);
  return found?.id ?? null;
}

export async function countMachines(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(machines);
  return Number(row?.value ?? 0);
}

/** Number of machines in each category (categories without machines are absent). */
export async function countMachinesByCategory(db: Db): Promise<Map<string, number>> {
  const rows = await db
    .select({ categorie_id: machines.categorie_id, value: count() })
    .from(machines)
    .where(isNotNull(machines.categorie_id))
    .groupBy(machines.categorie_id);
  return new Map(rows.map((row) => [row.categorie_id!, Number(row.value)]));
}

/** How many machines use a category (said in the delete toast). */
export async function countMachinesInCategory(db: Db, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(machines).where(eq(machines.categorie_id, categoryId));
  return row?.n ?? 0;
}

/** Every category and every machine that belongs to one, for the sitemap. */
export async function listMachineLinks(db: Db): Promise<{
  categories: { id: string; created_at: Date }[];
  machines: { id: string; categorie_id: string; created_at: Date }[];
}> {
  const [categoryRows, machineRows] = await Promise.all([
    db
      .select({ id: machineCategories.id, created_at: machineCategories.created_at })
      .from(machineCategories)
      .orderBy(asc(machineCategories.created_at)),
    db
      .select({ id: machines.id, categorie_id: sql<string>`${machines.categorie_id}`, created_at: machines.created_at })
      .from(machines)
      .where(isNotNull(machines.categorie_id))
      .orderBy(asc(machines.created_at)),
  ]);
  return { categories: categoryRows, machines: machineRows };
}

// ---- The customiser's machines: only the columns its screens need ----

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

/** Every machine, newest first, with what its card shows. */
export function listMachineCards(db: Db) {
  return db.select(machineColumns).from(machines).orderBy(desc(machines.created_at), asc(machines.nom));
}

/** One machine's card columns and its default grid; null when there is no such machine. */
export async function getMachineGrid(db: Db, id: string) {
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
  return m ?? null;
}

// ---- Categories ----

export type CategoryInput = Omit<typeof machineCategories.$inferInsert, "id" | "created_at">;

/** Every category, newest first. */
export function listCategories(db: Db): Promise<MachineCategory[]> {
  return db.select().from(machineCategories).orderBy(desc(machineCategories.created_at), machineCategories.nom);
}

export async function getCategory(db: Db, id: string): Promise<MachineCategory | null> {
  const [row] = await db.select().from(machineCategories).where(eq(machineCategories.id, id)).limit(1);
  return row ?? null;
}

/** A category's name by id (the activity log's line); null when there is no such category. */
export async function getCategoryName(db: Db, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: machineCategories.nom })
    .from(machineCategories)
    .where(eq(machineCategories.id, id));
  return row?.name ?? null;
}

/** Categories that hold at least one machine (id and name, in no order). */
export function listCategoriesHoldingMachines(db: Db): Promise<{ id: string; nom: string }[]> {
  return db
    .selectDistinct({ id: machineCategories.id, nom: machineCategories.nom })
    .from(machineCategories)
    .innerJoin(machines, eq(machines.categorie_id, machineCategories.id));
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

// ---- Steps ----

export type StepInput = {
  numero: number;
  titre: string;
  description: string;
  image?: string | null;
  image_alt?: string | null;
  video?: string | null;
};

/** Every step, newest first. */
export function listSteps(db: Db): Promise<MachineStep[]> {
  return db.select().from(machineSteps).orderBy(desc(machineSteps.created_at), machineSteps.numero);
}

/** The steps named by a machine's step_ids, in that order (unknown ids skipped). */
export async function getStepsInOrder(db: Db, ids: string[]): Promise<MachineStep[]> {
  if (ids.length === 0) return [];
  const rows = await db.select().from(machineSteps).where(inArray(machineSteps.id, ids));
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function getStep(db: Db, id: string): Promise<MachineStep | null> {
  const [row] = await db.select().from(machineSteps).where(eq(machineSteps.id, id)).limit(1);
  return row ?? null;
}

/** A step's title by id (the activity log's line); null when there is no such step. */
export async function getStepTitle(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: machineSteps.titre }).from(machineSteps).where(eq(machineSteps.id, id));
  return row?.name ?? null;
}

/** Inserts {numero, titre, description, image, video}; null on failure (logged). */
export async function insertStep(db: Db, input: StepInput): Promise<MachineStep | null> {
  try {
    const [row] = await db.insert(machineSteps).values(input).returning();
    return row!;
  } catch (error) {
    log.error({ err: error }, "Error adding step");
    return null;
  }
}

/** Updates the given fields of one step. */
export async function updateStep(db: Db, id: string, input: Partial<StepInput>): Promise<MachineStep | null> {
  const [row] = await db.update(machineSteps).set(input).where(eq(machineSteps.id, id)).returning();
  return row ?? null;
}

export async function deleteStep(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(machineSteps).where(eq(machineSteps.id, id)).returning({ id: machineSteps.id });
  return rows.length > 0;
}

/** Deletes a step from the library: machines that list it lose it first, in one transaction. */
export async function deleteStepEverywhere(db: Db, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx
      .update(machines)
      .set({ step_ids: sql`array_remove(${machines.step_ids}, ${id}::uuid)` })
      .where(sql`${id}::uuid = any(${machines.step_ids})`);
    const rows = await tx.delete(machineSteps).where(eq(machineSteps.id, id)).returning({ id: machineSteps.id });
    return rows.length > 0;
  });
}

/** A machine's step list as saved, all or nothing in one transaction: existing steps updated, new ones
 * created, then the machine's step_ids set. `stepsDropped`: media URLs the updated steps no longer name. */
export async function saveMachineSteps(
  db: Db,
  machineId: string,
  steps: readonly StepToSave[],
): Promise<{ stepIds: string[]; created: number; stepsDropped: string[] }> {
  return db.transaction(async (tx) => {
    const createdIds: string[] = [];
    const stepsDropped: string[] = [];
    for (const step of steps) {
      const fields = {
        numero: step.numero,
        titre: step.titre,
        description: step.description,
        image: step.image,
        image_alt: step.image_alt,
        video: step.video,
      };
      if (step.id) {
        const [old] = await tx
          .select({ image: machineSteps.image, video: machineSteps.video })
          .from(machineSteps)
          .where(eq(machineSteps.id, step.id))
          .for("update");
        if (!old) throw new Error(`step ${step.id} no longer exists`);
        await tx.update(machineSteps).set(fields).where(eq(machineSteps.id, step.id));
        stepsDropped.push(...droppedMedia(stepMedia(old), stepMedia(fields)));
      } else {
        const [row] = await tx.insert(machineSteps).values(fields).returning({ id: machineSteps.id });
        createdIds.push(row!.id);
      }
    }
    const stepIds = stepIdsAfterSave(steps, createdIds);
    await tx.update(machines).set({ step_ids: stepIds }).where(eq(machines.id, machineId));
    return { stepIds, created: createdIds.length, stepsDropped };
  });
}

import { desc, eq, inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { machineSteps, type MachineStep } from "../db/schema";
import { log } from "../lib/log";

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

import { desc, eq } from "drizzle-orm";
import { parseLegacySteps } from "../../app/rules/legacy-steps";
import type { Db } from "../db/client";
import { machines, type Machine, type NewMachine } from "../db/schema";
import { log } from "../lib/log";

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

// The staff area's machine save and the step library's delete. The machine is saved first — if that
// fails nothing else is saved —
// then everything step-linked (existing steps updated, new ones created, step_ids set) in one
// transaction, so a failure there leaves the steps as they were (the machine's own fields stay saved).
import { count, eq, sql } from "drizzle-orm";
import { stepIdsAfterSave, type StepToSave } from "./steps";
import type { Db } from "../../../server/db/client";
import { machines, machineSteps } from "../../../server/db/schema";
import { log } from "../../../server/lib/log";
import { droppedMedia, machineMedia, stepMedia } from "../../../server/media/rules";
import {
  getMachine,
  insertMachine,
  updateMachine,
  type MachineInput,
  type MachineRow,
} from "../../../server/data/machines";

export type { StepToSave };

export type MachineFieldsToSave = Omit<MachineInput, "step_ids" | "etapes_fonctionnement">;

/** `dropped`: media URLs the saved rows no longer name (for releaseMedia once committed). */
export type SaveMachineOutcome =
  | { ok: true; machine: MachineRow; created: number; detached: number; dropped: string[] }
  | { ok: false; failed: "machine"; error: string }
  | { ok: false; failed: "steps"; machine: MachineRow; error: string; dropped: string[] };

/** Creates (id null) or updates a machine, then its steps. */
export async function saveMachineWithSteps(
  db: Db,
  input: { id: string | null; machine: MachineFieldsToSave; steps: StepToSave[] },
): Promise<SaveMachineOutcome> {
  // 1. The machine. updateMachine throws 'Failed to update machine: …'; insertMachine answers null.
  let machine: MachineRow;
  let dropped: string[];
  try {
    const before = input.id ? await getMachine(db, input.id) : null;
    const saved = input.id ? await updateMachine(db, input.id, input.machine) : await insertMachine(db, input.machine);
    if (!saved) throw new Error("Failed to add machine");
    machine = saved;
    dropped = droppedMedia(machineMedia(before), machineMedia(saved));
  } catch (error) {
    log.error({ err: error, machineId: input.id }, "Error saving machine");
    return { ok: false, failed: "machine", error: (error as Error).message };
  }

  // 2. Everything step-linked, all or nothing.
  const previous = machine.step_ids;
  try {
    const { stepIds, created, stepsDropped } = await db.transaction(async (tx) => {
      const createdIds: string[] = [];
      const stepsDropped: string[] = [];
      for (const step of input.steps) {
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
      const stepIds = stepIdsAfterSave(input.steps, createdIds);
      await tx.update(machines).set({ step_ids: stepIds }).where(eq(machines.id, machine.id));
      return { stepIds, created: createdIds.length, stepsDropped };
    });
    const detached = previous.filter((id) => !stepIds.includes(id)).length;
    return {
      ok: true,
      machine: { ...machine, step_ids: stepIds },
      created,
      detached,
      dropped: [...dropped, ...stepsDropped],
    };
  } catch (error) {
    log.error({ err: error, machineId: machine.id }, "Error saving machine steps");
    return { ok: false, failed: "steps", machine, error: (error as Error).message, dropped };
  }
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

/** How many machines use a category (said in the delete toast). */
export async function countMachinesInCategory(db: Db, categoryId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(machines).where(eq(machines.categorie_id, categoryId));
  return row?.n ?? 0;
}

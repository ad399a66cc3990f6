// The staff area's machine save. The machine is saved first — if that fails nothing else is saved —
// then everything step-linked (existing steps updated, new ones created, step_ids set) in one
// transaction, so a failure there leaves the steps as they were (the machine's own fields stay saved).
import type { StepToSave } from "./steps";
import type { Db } from "../../../server/db/client";
import { log } from "../../../server/lib/log";
import { droppedMedia, machineMedia } from "../../../server/media/rules";
import {
  getMachine,
  insertMachine,
  saveMachineSteps,
  updateMachine,
  type MachineInput,
  type MachineRow,
} from "~/features/machines/store.server";

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
    const { stepIds, created, stepsDropped } = await saveMachineSteps(db, machine.id, input.steps);
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

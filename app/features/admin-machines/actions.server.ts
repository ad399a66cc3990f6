// What /edit-machines changes: save or delete a machine, a category or a step. The body is the posted
// form, read with the forms' own schemas. The caller (the route module) has already called requireAdmin.
import {
  ADMIN_MESSAGES,
  AdminMachinesActionSchema,
  validationToast,
  type AdminActionResult,
  type Intent,
} from "./schema";
import { MSG } from "~/lib/messages";
import type { StaffToast } from "~/lib/staff-action";
import { failure as error, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import type { Services } from "../../../server/context";
import { saveMachineWithSteps } from "./machine-save.server";
import {
  countMachinesInCategory,
  deleteCategory,
  deleteMachine,
  deleteStepEverywhere,
  getCategory,
  getMachine,
  getStep,
  insertCategory,
  insertStep,
  updateCategory,
  updateStep,
} from "~/features/machines/store.server";
import { releaseMedia } from "../../../server/media/remove";
import { categoryMedia, droppedMedia, machineMedia, stepMedia } from "../../../server/media/rules";

const INTENTS = /^(save|delete)-(machine|category|step)$/;
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

export async function machinesAction(services: Services, request: Request) {
  const answer = (result: AdminActionResult, status?: number) =>
    // A machine saved without JavaScript goes back to the list, as the form closes once saved.
    staffAnswer(request, services.secret, result, { status, doneUrl: "/edit-machines" });
  const ok = (intent: Intent, toasts: StaffToast[], id?: string) => answer({ ok: true, intent, toasts, id });
  const fail = (intent: Intent, toast: StaffToast, status: number, extra: Partial<AdminActionResult> = {}) =>
    answer({ ok: false, intent, toasts: [toast], ...extra }, status);

  const { db, log } = services;
  const read = await readStaffForm(request, AdminMachinesActionSchema);
  if (!read.ok) {
    const { fieldErrors } = read;
    const intent = read.intent && INTENTS.test(read.intent) ? (read.intent as Intent) : "invalid";
    return answer({ ok: false, intent, toasts: [validationToast(fieldErrors)], fieldErrors }, 400);
  }
  const input = read.input;

  switch (input.intent) {
    case "save-machine": {
      const outcome = await saveMachineWithSteps(db, { id: input.id, machine: input.machine, steps: input.steps });
      // Media the saved machine or its steps no longer name go once committed (unless shared).
      if (outcome.ok || outcome.failed === "steps") await releaseMedia(services, outcome.dropped);
      if (!outcome.ok && outcome.failed === "machine") {
        return fail(input.intent, error(MSG.saveErrorTitle, ADMIN_MESSAGES.machineSaveFailed), 500);
      }
      if (!outcome.ok) {
        // The machine itself is saved: send its id so a retry updates it instead of adding another.
        return fail(input.intent, error(MSG.saveErrorTitle, ADMIN_MESSAGES.stepsSaveFailed), 500, {
          id: outcome.machine.id,
        });
      }
      const toasts = [
        success(input.id ? "Machine mise à jour" : "Machine ajoutée", `« ${outcome.machine.nom} » est enregistrée.`),
      ];
      if (outcome.created > 0)
        toasts.push(
          success(
            "Étape ajoutée",
            `${plural(outcome.created, "nouvelle étape enregistrée", "nouvelles étapes enregistrées")}.`,
          ),
        );
      return ok(input.intent, toasts, outcome.machine.id);
    }
    case "delete-machine": {
      const before = await getMachine(db, input.id);
      if (!before || !(await deleteMachine(db, input.id)))
        return fail(input.intent, error(MSG.error, "Cette machine n'existe plus."), 404);
      await releaseMedia(services, machineMedia(before));
      return ok(input.intent, [success("Machine supprimée")]);
    }
    case "save-category": {
      try {
        const before = input.id ? await getCategory(db, input.id) : null;
        const row = input.id
          ? await updateCategory(db, input.id, input.category)
          : await insertCategory(db, input.category);
        if (!row) return fail(input.intent, error(MSG.error, "Cette catégorie n'existe plus."), 404);
        await releaseMedia(services, droppedMedia(categoryMedia(before), categoryMedia(row)));
        return ok(
          input.intent,
          [success(input.id ? "Catégorie mise à jour" : "Catégorie ajoutée", `« ${row.nom} »`)],
          row.id,
        );
      } catch (err) {
        log.error({ err }, "Error saving category");
        return fail(input.intent, error(MSG.saveErrorTitle, "Impossible de sauvegarder la catégorie."), 500);
      }
    }
    case "delete-category": {
      const n = await countMachinesInCategory(db, input.id);
      const before = await getCategory(db, input.id);
      if (!before || !(await deleteCategory(db, input.id)))
        return fail(input.intent, error(MSG.error, "Cette catégorie n'existe plus."), 404);
      await releaseMedia(services, categoryMedia(before));
      return ok(input.intent, [
        success(
          "Catégorie supprimée",
          n > 0 ? `${plural(n, "machine n'a", "machines n'ont")} plus de catégorie.` : undefined,
        ),
      ]);
    }
    case "save-step": {
      const before = input.id ? await getStep(db, input.id) : null;
      const row = input.id ? await updateStep(db, input.id, input.step) : await insertStep(db, input.step);
      if (!row)
        return fail(
          input.intent,
          error(MSG.saveErrorTitle, "Impossible de sauvegarder l'étape."),
          input.id ? 404 : 500,
        );
      await releaseMedia(services, droppedMedia(stepMedia(before), stepMedia(row)));
      return ok(input.intent, [success(input.id ? "Étape mise à jour" : "Étape ajoutée", `« ${row.titre} »`)], row.id);
    }
    case "delete-step": {
      const before = await getStep(db, input.id);
      if (!before || !(await deleteStepEverywhere(db, input.id)))
        return fail(input.intent, error(MSG.error, "Cette étape n'existe plus."), 404);
      await releaseMedia(services, stepMedia(before));
      return ok(input.intent, [success("Étape supprimée")]);
    }
  }
}

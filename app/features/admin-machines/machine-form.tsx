// The machine form (add or edit): long, so split into titled sections with a section menu, and a
// save bar that stays in view. It posts to the route action (intent 'save-machine'): the fields a
// person types are named inputs, the lists edited on screen are posted as hidden fields; the toasts
// come from the server's answer.
import { useMemo, useState } from "react";
import { useFetcher } from "react-router";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { initialFormState, stepsOfMachine, type EditableMachine, type MachineFormState } from "./form-state";
import {
  DetailsSection,
  GridSection,
  InformationSection,
  ListFields,
  MediaSection,
  SaveBar,
  SectionsMenu,
  StepsSection,
} from "./machine-form-sections";
import { MachineSearchSection } from "./search-and-sharing";
import { AdminMachinesActionSchema, validationToast, type AdminActionResult } from "./schema";
import type { StoredStep } from "./steps";

export function MachineForm({
  machine,
  categories,
  library,
  machines,
  onClose,
}: {
  machine: EditableMachine | null;
  categories: { id: string; nom: string }[];
  library: StoredStep[];
  machines: { id: string; step_ids: string[] }[];
  /** Leaves the form (after a save, or on 'Annuler' once confirmed). */
  onClose: () => void;
}) {
  // The values the form opened with: computed once, later props do not move them.
  const [initial] = useState(() => initialFormState(machine, stepsOfMachine(machine?.step_ids ?? [], library)));
  const [state, setState] = useState<MachineFormState>(initial);
  const [machineId, setMachineId] = useState<string | null>(machine?.id ?? null);
  const set = <K extends keyof MachineFormState>(key: K, value: MachineFormState[K]) =>
    setState((s) => ({ ...s, [key]: value }));

  const dirty = useMemo(() => JSON.stringify(state) !== JSON.stringify(initial), [state, initial]);
  // Leaving with unsaved changes asks first (links, back button, tab change, 'Annuler', closing the page).
  const unsaved = useUnsavedChanges({ dirty, description: "Vos modifications de cette machine seront perdues." });
  const usage = useStepUsage(machines, machineId);

  const fetcher = useFetcher<AdminActionResult>();
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => {
    if (result.ok) {
      unsaved.allowLeaving();
      onClose();
    } else if (result.id) {
      // The machine was saved but not its steps: further saves update it rather than add another.
      setMachineId(result.id);
    }
  });

  const isNew = machineId === null;
  const sectionProps = { state, set, errors: fieldErrors };

  return (
    <fetcher.Form
      method="post"
      action="/edit-machines"
      onSubmit={(event) => setFieldErrors(checkBeforeSending(event, AdminMachinesActionSchema, validationToast))}
      noValidate
      aria-labelledby="machine-form-title"
      className="pb-28"
    >
      <ListFields id={machineId} state={state} />
      <div className="mb-6 flex flex-col gap-1">
        <p className="eyebrow">{isNew ? "Nouvelle machine" : "Modifier la machine"}</p>
        <h2 id="machine-form-title" className="text-2xl font-semibold sm:text-3xl">
          {state.nom.trim() || (isNew ? "Nouvelle machine" : "Machine sans nom")}
        </h2>
      </div>

      <div className="grid gap-8 lg:grid-cols-[13rem_1fr]">
        <SectionsMenu stepCount={state.steps.length} />
        <div className="min-w-0 space-y-6">
          <InformationSection {...sectionProps} categories={categories} />
          <MediaSection {...sectionProps} />
          <DetailsSection {...sectionProps} />
          <GridSection {...sectionProps} machineId={machineId} />
          <StepsSection {...sectionProps} library={library} usage={usage} />
          <MachineSearchSection {...sectionProps} machineId={machineId} />
        </div>
      </div>

      <SaveBar dirty={dirty} pending={pending} isNew={isNew} onCancel={() => unsaved.confirm(onClose)} />
      {unsaved.dialog}
    </fetcher.Form>
  );
}

/** How many other machines list each step (editing a shared step changes it there too). */
function useStepUsage(machines: { id: string; step_ids: string[] }[], machineId: string | null) {
  return useMemo(() => {
    const counts = new Map<string, number>();
    for (const m of machines) {
      if (m.id === machineId) continue;
      for (const id of m.step_ids) counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  }, [machines, machineId]);
}

import { useCallback, useMemo, useReducer, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { CustomiserResult } from "~/features/proposals/schema";
import type { InstallationResult } from "~/features/installations/staff-schema";
import { SendProposalDialog, layoutJson, type SendDefaults } from "~/features/proposals/send-dialog";
import { ConfirmDialog } from "~/components/ui/dialog";
import { useSite } from "~/lib/site-data";
import { useStaffAction } from "~/lib/use-staff-action";
import { CustomiserCanvas } from "./canvas";
import { CustomiserHeader } from "./customiser-header";
import type { PickerOptions, PickerPage } from "./filters";
import { PrintHeader, PrintSheet } from "./print-sheet";
import { ProductPicker } from "./product-picker";
import { saveJsonFile } from "./save-file";
import { SectionSidebar } from "./section-sidebar";
import {
  buildConfiguration,
  createReducer,
  filledCount,
  initialState,
  totalSlots,
  type ChosenProduct,
  type CustomiserAction,
  type CustomiserState,
  type MachineGrid,
} from "./state";
import { fileSlug } from "./texts";
import { useAnnouncer } from "./use-announcer";
import { useDraft } from "./use-draft";
import { SeriesBar } from "./series-bar";
import { useSectionEdits } from "./use-section-edits";
import { useSlotPicker } from "./use-slot-picker";
import "./customiser.css";

type CustomiserMachine = MachineGrid & { id: string; nom: string; chassis: string };

/** Sending the layout as a proposal: the requests it may answer, the form's starting values, and the
 * layout to start from (a proposal being revised, or the machine's template). */
export type ProposalSetup = {
  requests: { id: string; label: string }[];
  defaults: SendDefaults;
  start: CustomiserState | null;
  /** The machine's saved template, which 'Appliquer le modèle' copies into one section. */
  template: CustomiserState | null;
  /** A revision starts from the proposal, not from a draft kept in this browser. */
  ignoreDraft: boolean;
};

type Props = {
  machine: CustomiserMachine;
  options: PickerOptions;
  firstPage: PickerPage;
  proposal: ProposalSetup;
  /** The best-sellers, for 'Remplir avec le Top 10'. */
  topProducts: ChosenProduct[];
  /** An installation whose layout is being changed (?installation=): saved to it, not sent. */
  installation?: EditedInstallation | null;
};

type EditedInstallation = { id: string; code: string; client_name: string };

/** /creer-machine/{machineId}: sections over the chassis, slots filled from the picker, the proposal
 * logged, downloaded or printed; the draft is kept in this browser per machine. */
export function Customiser({ machine, options, firstPage, proposal, topProducts, installation = null }: Props) {
  const site = useSite();
  const reducer = useMemo(() => createReducer(machine), [machine]);
  const [state, rawDispatch] = useReducer(reducer, machine, (m) => proposal.start ?? initialState(m));
  const draft = useDraft(machine, state, rawDispatch, { ignoreDraft: proposal.ignoreDraft, keep: !installation });
  const [sendOpen, setSendOpen] = useState(false);
  const saveTemplate = useTemplateSave();
  const saveInstallation = useInstallationSave(installation);
  const { announcement, announce } = useAnnouncer();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const edits = useSectionEdits(state, rawDispatch, reducer, announce);
  const dispatch = useCallback((action: CustomiserAction) => rawDispatch(action), []);
  const picker = useSlotPicker(state, rawDispatch, announce);

  const configuration = () => buildConfiguration(machine.nom, state);

  function download() {
    const body = { ...configuration(), machineId: machine.id, generatedAt: new Date().toISOString() };
    saveJsonFile(`configuration-${fileSlug(machine.nom)}.json`, body);
  }

  function startOver() {
    draft.forget();
    dispatch({ type: "startOver" });
    setConfirmOpen(false);
    announce("Configuration recommencée.");
    toast.success("Configuration recommencée", { description: "La machine est revenue à sa disposition de départ." });
  }

  return (
    <div data-customiser className="container-page pt-6 pb-20 lg:pt-8">
      <CustomiserHeader
        machineName={machine.nom}
        sectionCount={state.sections.length}
        filled={filledCount(state)}
        total={totalSlots(state)}
        restored={draft.restored}
        onDownload={download}
        onStartOver={() => setConfirmOpen(true)}
        onSend={() => setSendOpen(true)}
        onSaveTemplate={() => saveTemplate(state)}
        installation={installation}
        onSaveInstallation={() => saveInstallation(state)}
      />

      <PrintHeader machineName={machine.nom} siteName={site.name} />

      <div className="mt-6 grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_17rem] lg:grid-cols-[minmax(0,600px)_minmax(0,1fr)] lg:gap-10 print:block">
        <div className="min-w-0">
          <SeriesBar placing={picker.placing} onStart={picker.startSeries} onStop={picker.stopSeries} />
          <CustomiserCanvas
            machineName={machine.nom}
            chassis={machine.chassis}
            sections={state.sections}
            selections={state.selections}
            dispatch={dispatch}
            announce={announce}
            onOpenSlot={picker.openSlot}
            onClearSlot={edits.clearSlot}
          />
        </div>

        <SectionSidebar
          state={state}
          canAdd={edits.canAdd}
          canRemove={edits.canRemove}
          onChangeGrid={edits.changeGrid}
          topProducts={topProducts}
          template={proposal.template}
          onFill={edits.fillSection}
          onAdd={edits.addSection}
          onRemove={edits.removeSection}
        />
      </div>

      <PrintSheet state={state} />

      <p role="status" aria-live="polite" className="sr-only" data-testid="announcer">
        {announcement}
      </p>

      <ProductPicker
        open={picker.open}
        onOpenChange={(open) => !open && picker.close()}
        target={picker.target}
        currentProductId={picker.currentProductId}
        machineId={machine.id}
        options={options}
        firstPage={firstPage}
        onChoose={picker.choose}
      />

      <SendProposalDialog
        open={sendOpen}
        onOpenChange={setSendOpen}
        state={state}
        requests={proposal.requests}
        defaults={proposal.defaults}
        // The configuration object is still written to the console when the proposal goes out.
        onSubmit={() => console.log("Configuration de la machine :", configuration())}
        onSent={draft.end}
      />

      <ConfirmDialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title="Recommencer la configuration ?"
        description={`Les sections et tous les produits choisis pour ${machine.nom} seront effacés. Cette action est irréversible.`}
        confirmLabel="Recommencer"
        onConfirm={startOver}
      />
    </div>
  );
}

/** Saving the layout to the installation being changed: its page answers, and shows it once saved. */
function useInstallationSave(installation: EditedInstallation | null) {
  const fetcher = useFetcher<InstallationResult>();
  useStaffAction(fetcher);
  return (state: CustomiserState) => {
    if (!installation) return;
    void fetcher.submit(
      { intent: "changer-disposition", id: installation.id, layout: layoutJson(state) },
      { method: "post", action: `/edit-installations/${installation.id}` },
    );
  };
}

/** Saving the layout as the machine's template; the server's answer is a toast. */
function useTemplateSave() {
  const fetcher = useFetcher<CustomiserResult>();
  useStaffAction(fetcher);
  return (state: CustomiserState) =>
    void fetcher.submit({ intent: "save-template", layout: layoutJson(state) }, { method: "post" });
}

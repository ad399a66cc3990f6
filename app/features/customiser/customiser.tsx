import { useCallback, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { CustomiserResult } from "~/features/proposals/schema";
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
  customiserLimits,
  filledCount,
  initialState,
  LIMITS,
  slotKey,
  totalSlots,
  type ChosenProduct,
  type CustomiserAction,
  type CustomiserState,
  type MachineGrid,
} from "./state";
import { emptiedSlotsText, fileSlug } from "./texts";
import { useAnnouncer } from "./use-announcer";
import { useDraft } from "./use-draft";
import { SeriesBar } from "./series-bar";
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
};

/** /creer-machine/{machineId}: sections over the chassis, slots filled from the picker, the proposal
 * logged, downloaded or printed; the draft is kept in this browser per machine. */
export function Customiser({ machine, options, firstPage, proposal, topProducts }: Props) {
  const site = useSite();
  const reducer = useMemo(() => createReducer(machine), [machine]);
  const [state, rawDispatch] = useReducer(reducer, machine, (m) => proposal.start ?? initialState(m));
  const draft = useDraft(machine, state, rawDispatch, { ignoreDraft: proposal.ignoreDraft });
  const [sendOpen, setSendOpen] = useState(false);
  // 'Enregistrer comme modèle': the server's toast says whether it was saved.
  const templateFetcher = useFetcher<CustomiserResult>();
  useStaffAction(templateFetcher);
  const { announcement, announce } = useAnnouncer();
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The committed state, for the callbacks below to read without changing at every edit.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });
  const dispatch = useCallback((action: CustomiserAction) => rawDispatch(action), []);
  const picker = useSlotPicker(state, rawDispatch, announce);

  /** Grid changes clear every chosen product; offer to take that back. */
  const changeGrid = useCallback(
    (action: CustomiserAction & { type: "changeRows" | "changeCols" | "resetSection" }, message: string) => {
      const before = stateRef.current;
      rawDispatch(action);
      const after = reducer(before, action);
      const lost = filledCount(before) - filledCount(after);
      announce(message);
      if (lost > 0) {
        toast("Produits retirés", {
          description: emptiedSlotsText(lost),
          action: { label: "Annuler", onClick: () => rawDispatch({ type: "restore", state: before }) },
        });
      }
    },
    [announce, reducer],
  );

  /** A section filled in one step (the Top 10, the template), with a way to take it back. */
  const fillSection = useCallback(
    (action: CustomiserAction & { type: "fillSection" | "applySectionLayout" }, title: string, message: string) => {
      const before = stateRef.current;
      if (reducer(before, action) === before) return;
      rawDispatch(action);
      announce(message);
      toast.success(title, {
        description: message,
        action: { label: "Annuler", onClick: () => rawDispatch({ type: "restore", state: before }) },
      });
    },
    [announce, reducer],
  );

  const { canAdd, canRemove } = customiserLimits(state);

  const clearSlot = useCallback(
    (sectionId: string, slot: number) => {
      const product = stateRef.current.selections[slotKey(sectionId, slot)];
      const number = stateRef.current.sections.findIndex((s) => s.id === sectionId) + 1;
      rawDispatch({ type: "clearSlot", sectionId, slot });
      if (product) announce(`${product.nom} retiré de la section ${number}, emplacement ${slot + 1}.`);
    },
    [announce],
  );

  function addSection() {
    if (!canAdd) {
      toast.error("Maximum atteint", { description: `Une machine compte au plus ${LIMITS.maxSections} sections.` });
      return;
    }
    dispatch({ type: "addSection" });
    announce(`Section ${state.sections.length + 1} ajoutée.`);
  }

  function removeSection(id: string, number: number) {
    if (!canRemove) {
      toast.error("Impossible de supprimer", { description: "La machine doit garder au moins une section." });
      return;
    }
    dispatch({ type: "removeSection", id });
    announce(`Section ${number} supprimée.`);
  }

  const configuration = () => buildConfiguration(machine.nom, state);

  function saveTemplate() {
    void templateFetcher.submit({ intent: "save-template", layout: layoutJson(state) }, { method: "post" });
  }

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
        onSaveTemplate={saveTemplate}
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
            onClearSlot={clearSlot}
          />
        </div>

        <SectionSidebar
          state={state}
          canAdd={canAdd}
          canRemove={canRemove}
          onChangeGrid={changeGrid}
          topProducts={topProducts}
          template={proposal.template}
          onFill={fillSection}
          onAdd={addSection}
          onRemove={removeSection}
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

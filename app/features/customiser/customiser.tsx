import { ArrowLeft, Download, Layers, Plus, Printer, RotateCcw, Send } from "lucide-react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useReducer, useRef, useState } from "react";
import { Link } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { cn } from "~/lib/cn";
import { useSite } from "~/lib/site-data";
import { CustomiserCanvas } from "./canvas";
import type { PickerOptions, PickerPage, PickerProduct } from "./filters";
import { clearDraft, loadDraft, saveDraft } from "./persist";
import { PrintHeader, PrintSheet } from "./print-sheet";
import { ProductPicker } from "./product-picker";
import { SectionControls } from "./section-controls";
import { SelectionSummary } from "./selection-summary";
import {
  buildConfiguration,
  createReducer,
  customiserLimits,
  filledCount,
  initialState,
  LIMITS,
  sectionSelections,
  slotKey,
  totalSlots,
  type CustomiserAction,
  type MachineGrid,
} from "./state";
import "./customiser.css";

export type CustomiserMachine = MachineGrid & { id: string; nom: string; chassis: string };

type Props = { machine: CustomiserMachine; options: PickerOptions; firstPage: PickerPage };

const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);

function slug(value: string) {
  return (
    value
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "machine"
  );
}

/** /creer-machine/{machineId}: sections over the chassis, slots filled from the picker, the proposal
 * logged, downloaded or printed; the draft is kept in this browser per machine. */
export function Customiser({ machine, options, firstPage }: Props) {
  const site = useSite();
  const reducer = useMemo(() => createReducer(machine), [machine]);
  const [state, rawDispatch] = useReducer(reducer, machine, initialState);
  const [restored, setRestored] = useState<"pending" | "fresh" | "restored">("pending");
  const [announcement, setAnnouncement] = useState("");
  const [picking, setPicking] = useState<{ sectionId: string; slot: number } | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  // The committed state, for the callbacks below to read without changing at every edit.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  // Restore the draft once, in the browser; from then on keep it after every change.
  useEffect(() => {
    const draft = loadDraft(browserStorage(), machine.id);
    if (draft) {
      rawDispatch({ type: "restore", state: draft.state });
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the draft is in this browser's storage, read after hydration
      setRestored("restored");
    } else setRestored("fresh");
  }, [machine.id]);
  const pristine = useMemo(() => JSON.stringify(initialState(machine)), [machine]);
  useEffect(() => {
    if (restored === "pending") return;
    // Nothing to keep while the layout is the machine's own starting point.
    if (JSON.stringify(state) === pristine) clearDraft(browserStorage(), machine.id);
    else saveDraft(browserStorage(), machine.id, state);
  }, [state, restored, machine.id, pristine]);

  const announce = useCallback((message: string) => {
    // A change of text is what screen readers announce; the same message twice must be heard twice.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  }, []);
  const dispatch = useCallback((action: CustomiserAction) => rawDispatch(action), []);

  /** Grid changes clear every chosen product (spec); offer to take that back. */
  const changeGrid = useCallback(
    (action: CustomiserAction & { type: "changeRows" | "changeCols" | "resetSection" }, message: string) => {
      const before = stateRef.current;
      rawDispatch(action);
      const after = reducer(before, action);
      const lost = filledCount(before) - filledCount(after);
      announce(message);
      if (lost > 0) {
        toast("Produits retirés", {
          description: `Changer la grille vide les emplacements (${lost} produit${lost > 1 ? "s" : ""}).`,
          action: { label: "Annuler", onClick: () => rawDispatch({ type: "restore", state: before }) },
        });
      }
    },
    [announce, reducer],
  );

  const { canAdd, canRemove } = customiserLimits(state);
  const filled = filledCount(state);
  const total = totalSlots(state);

  const openSlot = useCallback((sectionId: string, slot: number) => setPicking({ sectionId, slot }), []);
  const clearSlot = useCallback(
    (sectionId: string, slot: number) => {
      const product = stateRef.current.selections[slotKey(sectionId, slot)];
      const number = stateRef.current.sections.findIndex((s) => s.id === sectionId) + 1;
      rawDispatch({ type: "clearSlot", sectionId, slot });
      if (product) announce(`${product.nom} retiré de la section ${number}, emplacement ${slot + 1}.`);
    },
    [announce],
  );

  const pickingSection = picking ? state.sections.findIndex((s) => s.id === picking.sectionId) : -1;
  const pickingTarget = (() => {
    if (!picking || pickingSection < 0) return "";
    const section = state.sections[pickingSection]!;
    const row = Math.floor(picking.slot / section.cols) + 1;
    const col = (picking.slot % section.cols) + 1;
    return `Section ${pickingSection + 1} · emplacement ${picking.slot + 1} (rangée ${row}, colonne ${col})`;
  })();

  function choose(product: PickerProduct) {
    if (!picking) return;
    rawDispatch({ type: "select", sectionId: picking.sectionId, slot: picking.slot, product });
    announce(`${product.nom} ajouté à la section ${pickingSection + 1}, emplacement ${picking.slot + 1}.`);
    setPicking(null);
  }

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

  function sendProposal() {
    // Spec: the proposal is only logged and confirmed; no call is made.
    console.log("Configuration de la machine :", configuration());
    toast.success("Configuration prête", { description: "Les données de configuration ont été générées." });
  }

  function download() {
    const body = { ...configuration(), machineId: machine.id, generatedAt: new Date().toISOString() };
    const blob = new Blob([JSON.stringify(body, null, 2)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `configuration-${slug(machine.nom)}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  function startOver() {
    clearDraft(browserStorage(), machine.id);
    dispatch({ type: "startOver" });
    setRestored("fresh");
    setConfirmOpen(false);
    announce("Configuration recommencée.");
    toast.success("Configuration recommencée", { description: "La machine est revenue à sa disposition de départ." });
  }

  return (
    <div data-customiser className="container-page pt-6 pb-20 lg:pt-8">
      <Link
        to="/creer-machine"
        className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-stone transition-colors hover:text-ink print:hidden"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Toutes les machines
      </Link>

      <header className="mt-3 flex flex-wrap items-end justify-between gap-x-6 gap-y-4 print:hidden">
        <div className="min-w-0">
          <p className="eyebrow">Créer ma machine</p>
          <h1 className="mt-2 text-3xl font-semibold sm:text-4xl">{machine.nom}</h1>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-stone">
            <span className="inline-flex items-center gap-1.5 tabular-nums" data-testid="fill-summary">
              <Layers className="size-4 text-brass-ink" aria-hidden="true" />
              {state.sections.length} section{state.sections.length > 1 ? "s" : ""} · {filled} / {total} emplacements
              remplis
            </span>
            {restored === "restored" && (
              <span className="rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-medium text-success">
                Brouillon restauré
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="outline" size="md" onClick={download} aria-label="JSON : télécharger la configuration">
            <Download aria-hidden="true" />
            <span className="max-sm:sr-only">JSON</span>
          </Button>
          <Button variant="outline" size="md" onClick={() => window.print()} aria-label="Imprimer la proposition">
            <Printer aria-hidden="true" />
            <span className="max-sm:sr-only">Imprimer</span>
          </Button>
          <Button variant="ghost" size="md" onClick={() => setConfirmOpen(true)}>
            <RotateCcw aria-hidden="true" />
            Recommencer
          </Button>
          <Button variant="brass" size="md" onClick={sendProposal}>
            <Send aria-hidden="true" />
            Envoyer la proposition
          </Button>
        </div>
      </header>

      <PrintHeader machineName={machine.nom} siteName={site.name} />

      <div className="mt-6 grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_17rem] lg:grid-cols-[minmax(0,600px)_minmax(0,1fr)] lg:gap-10 print:block">
        <div className="min-w-0">
          <CustomiserCanvas
            machineName={machine.nom}
            chassis={machine.chassis}
            sections={state.sections}
            selections={state.selections}
            dispatch={dispatch}
            announce={announce}
            onOpenSlot={openSlot}
            onClearSlot={clearSlot}
          />
        </div>

        <aside aria-label="Sections" className="flex flex-col gap-3 md:sticky md:top-20 print:hidden">
          <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
            {state.sections.map((section, index) => (
              <SectionControls
                key={section.id}
                section={section}
                index={index}
                filled={sectionSelections(state, section).length}
                canRemove={canRemove}
                onRows={(delta) =>
                  changeGrid(
                    { type: "changeRows", id: section.id, delta },
                    `Section ${index + 1} : ${Math.min(LIMITS.maxGrid, Math.max(LIMITS.minGrid, section.rows + delta))} rangées.`,
                  )
                }
                onCols={(delta) =>
                  changeGrid(
                    { type: "changeCols", id: section.id, delta },
                    `Section ${index + 1} : ${Math.min(LIMITS.maxGrid, Math.max(LIMITS.minGrid, section.cols + delta))} colonnes.`,
                  )
                }
                onReset={() =>
                  changeGrid({ type: "resetSection", id: section.id }, `Section ${index + 1} réinitialisée.`)
                }
                onRemove={() => removeSection(section.id, index + 1)}
              />
            ))}
            <button
              type="button"
              onClick={addSection}
              aria-disabled={!canAdd || undefined}
              className={cn(
                "flex min-h-14 items-center justify-center gap-2 rounded-2xl border-2 border-dashed px-4 py-3 text-sm font-semibold transition-colors",
                canAdd
                  ? "border-ink/20 text-ink hover:border-brass hover:bg-white"
                  : "cursor-not-allowed border-ink/10 text-ink/40",
              )}
            >
              <Plus className="size-4" aria-hidden="true" />
              {canAdd ? "Ajouter une section" : `${LIMITS.maxSections} sections au maximum`}
            </button>
          </div>
          <SelectionSummary state={state} />
          <p className="hidden text-xs leading-relaxed text-stone lg:block">
            Glissez l'onglet d'une section pour la déplacer et sa poignée en haut à gauche pour la redimensionner. Au
            clavier : flèches pour déplacer, Maj + flèches pour redimensionner.
          </p>
        </aside>
      </div>

      <PrintSheet state={state} />

      <p role="status" aria-live="polite" className="sr-only" data-testid="announcer">
        {announcement}
      </p>

      <ProductPicker
        open={picking !== null && pickingSection >= 0}
        onOpenChange={(open) => !open && setPicking(null)}
        target={pickingTarget}
        currentProductId={picking ? (state.selections[slotKey(picking.sectionId, picking.slot)]?.id ?? null) : null}
        machineId={machine.id}
        options={options}
        firstPage={firstPage}
        onChoose={choose}
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

// Beside the canvas: each section's grid controls, a button to add one, and what has been chosen.
import { Plus } from "lucide-react";
import { cn } from "~/lib/cn";
import { SectionControls } from "./section-controls";
import { SelectionSummary } from "./selection-summary";
import {
  LIMITS,
  sectionSelections,
  slotCount,
  type ChosenProduct,
  type CustomiserAction,
  type CustomiserState,
} from "./state";
import { gridSizeMessage, templateAppliedText, topFillText } from "./texts";

type GridAction =
  { type: "changeRows" | "changeCols"; id: string; delta: number } | { type: "resetSection"; id: string };
type FillAction = CustomiserAction & { type: "fillSection" | "applySectionLayout" };

export function SectionSidebar({
  state,
  canAdd,
  canRemove,
  onChangeGrid,
  topProducts,
  template,
  onFill,
  onAdd,
  onRemove,
}: {
  state: CustomiserState;
  canAdd: boolean;
  canRemove: boolean;
  /** A grid change, with what to announce. */
  onChangeGrid: (action: GridAction, message: string) => void;
  topProducts: ChosenProduct[];
  template: CustomiserState | null;
  /** A section filled in one step, with the toast's title and what to announce. */
  onFill: (action: FillAction, title: string, message: string) => void;
  onAdd: () => void;
  onRemove: (id: string, number: number) => void;
}) {
  return (
    <aside aria-label="Sections" className="flex flex-col gap-3 md:sticky md:top-20 print:hidden">
      <div className="grid gap-3 sm:grid-cols-2 md:grid-cols-1 xl:grid-cols-2">
        {state.sections.map((section, index) => {
          const filled = sectionSelections(state, section).length;
          const empty = slotCount(section) - filled;
          return (
            <SectionControls
              key={section.id}
              section={section}
              index={index}
              filled={filled}
              canRemove={canRemove}
              onFillTop={
                topProducts.length > 0
                  ? () =>
                      onFill(
                        { type: "fillSection", sectionId: section.id, products: topProducts },
                        "Section remplie",
                        topFillText(index + 1, empty),
                      )
                  : undefined
              }
              onApplyTemplate={
                template?.sections[index]
                  ? () =>
                      onFill(
                        { type: "applySectionLayout", sectionId: section.id, layout: template, index },
                        "Modèle appliqué",
                        templateAppliedText(index + 1),
                      )
                  : undefined
              }
              onRows={(delta) =>
                onChangeGrid(
                  { type: "changeRows", id: section.id, delta },
                  gridSizeMessage(index + 1, "rows", section.rows, delta),
                )
              }
              onCols={(delta) =>
                onChangeGrid(
                  { type: "changeCols", id: section.id, delta },
                  gridSizeMessage(index + 1, "cols", section.cols, delta),
                )
              }
              onReset={() =>
                onChangeGrid({ type: "resetSection", id: section.id }, `Section ${index + 1} réinitialisée.`)
              }
              onRemove={() => onRemove(section.id, index + 1)}
            />
          );
        })}
        <button
          type="button"
          onClick={onAdd}
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
        Glissez l'onglet d'une section pour la déplacer et sa poignée en haut à gauche pour la redimensionner.
        {/* Keyboard-only: not shown on a touch screen. */}
        <span className="pointer-coarse:hidden">
          {" "}
          Au clavier&nbsp;: flèches pour déplacer, Maj + flèches pour redimensionner.
        </span>
      </p>
    </aside>
  );
}

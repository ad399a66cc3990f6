// The sections' edits that say what they did: each is announced to screen readers, and those that
// remove chosen products or fill a section in one step offer to take it back.
import { useCallback, useLayoutEffect, useRef, type Dispatch } from "react";
import { toast } from "sonner";
import {
  customiserLimits,
  filledCount,
  LIMITS,
  slotKey,
  type createReducer,
  type CustomiserAction,
  type CustomiserState,
} from "./state";
import { emptiedSlotsText } from "./texts";

export function useSectionEdits(
  state: CustomiserState,
  dispatch: Dispatch<CustomiserAction>,
  reducer: ReturnType<typeof createReducer>,
  announce: (message: string) => void,
) {
  // The committed state, for the callbacks below to read without changing at every edit.
  const stateRef = useRef(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  });

  /** Grid changes clear every chosen product; offer to take that back. */
  const changeGrid = useCallback(
    (action: CustomiserAction & { type: "changeRows" | "changeCols" | "resetSection" }, message: string) => {
      const before = stateRef.current;
      dispatch(action);
      const after = reducer(before, action);
      const lost = filledCount(before) - filledCount(after);
      announce(message);
      if (lost > 0) {
        toast("Produits retirés", {
          description: emptiedSlotsText(lost),
          action: { label: "Annuler", onClick: () => dispatch({ type: "restore", state: before }) },
        });
      }
    },
    [announce, dispatch, reducer],
  );

  /** A section filled in one step (the Top 10, the template), with a way to take it back. */
  const fillSection = useCallback(
    (action: CustomiserAction & { type: "fillSection" | "applySectionLayout" }, title: string, message: string) => {
      const before = stateRef.current;
      if (reducer(before, action) === before) return;
      dispatch(action);
      announce(message);
      toast.success(title, {
        description: message,
        action: { label: "Annuler", onClick: () => dispatch({ type: "restore", state: before }) },
      });
    },
    [announce, dispatch, reducer],
  );

  const { canAdd, canRemove } = customiserLimits(state);

  const clearSlot = useCallback(
    (sectionId: string, slot: number) => {
      const product = stateRef.current.selections[slotKey(sectionId, slot)];
      const number = stateRef.current.sections.findIndex((s) => s.id === sectionId) + 1;
      dispatch({ type: "clearSlot", sectionId, slot });
      if (product) announce(`${product.nom} retiré de la section ${number}, emplacement ${slot + 1}.`);
    },
    [announce, dispatch],
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

  return { canAdd, canRemove, changeGrid, fillSection, clearSlot, addSection, removeSection };
}

// Which slot the product picker is choosing for, and what choosing a product does.
import { useCallback, useState, type Dispatch } from "react";
import type { PickerProduct } from "./filters";
import { slotKey, type CustomiserAction, type CustomiserState } from "./state";
import { slotLabel } from "./texts";

export function useSlotPicker(
  state: CustomiserState,
  dispatch: Dispatch<CustomiserAction>,
  announce: (message: string) => void,
) {
  const [picking, setPicking] = useState<{ sectionId: string; slot: number } | null>(null);
  const openSlot = useCallback((sectionId: string, slot: number) => setPicking({ sectionId, slot }), []);

  const pickingSection = picking ? state.sections.findIndex((s) => s.id === picking.sectionId) : -1;

  function choose(product: PickerProduct) {
    if (!picking) return;
    dispatch({ type: "select", sectionId: picking.sectionId, slot: picking.slot, product });
    announce(`${product.nom} ajouté à la section ${pickingSection + 1}, emplacement ${picking.slot + 1}.`);
    setPicking(null);
  }

  return {
    openSlot,
    /** Open while its slot's section exists. */
    open: picking !== null && pickingSection >= 0,
    close: () => setPicking(null),
    target:
      picking && pickingSection >= 0
        ? slotLabel(pickingSection + 1, picking.slot, state.sections[pickingSection]!.cols)
        : "",
    currentProductId: picking ? (state.selections[slotKey(picking.sectionId, picking.slot)]?.id ?? null) : null,
    choose,
  };
}

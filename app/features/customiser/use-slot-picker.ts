// Which slot the product picker is choosing for, and what choosing a product does. Beside the spec's
// flow (tap a slot, pick a product), the quicker one: pick a product once ('Placer en série'), then
// each tap on a slot puts it there, until 'Terminer'.
import { useCallback, useLayoutEffect, useRef, useState, type Dispatch } from "react";
import type { PickerProduct } from "./filters";
import { slotKey, slotTapAction, type ChosenProduct, type CustomiserAction, type CustomiserState } from "./state";
import { slotLabel } from "./texts";
import { typography } from "~/lib/typography";

/** The picker's target when it chooses the product to place in series. */
const SERIES_TARGET = typography("Placement en série : choisissez le produit, puis touchez chaque emplacement.");

export function useSlotPicker(
  state: CustomiserState,
  dispatch: Dispatch<CustomiserAction>,
  announce: (message: string) => void,
) {
  const [picking, setPicking] = useState<{ sectionId: string; slot: number } | "series" | null>(null);
  const [placing, setPlacing] = useState<ChosenProduct | null>(null);
  // The slots' callback stays the same while the product being placed changes.
  const placingRef = useRef(placing);
  const sectionsRef = useRef(state.sections);
  useLayoutEffect(() => {
    placingRef.current = placing;
    sectionsRef.current = state.sections;
  });

  const openSlot = useCallback(
    (sectionId: string, slot: number) => {
      const action = slotTapAction(placingRef.current, sectionId, slot);
      if (!action) return setPicking({ sectionId, slot });
      dispatch(action);
      const number = sectionsRef.current.findIndex((s) => s.id === sectionId) + 1;
      announce(typography(`${action.product.nom} placé : section ${number}, emplacement ${slot + 1}.`));
    },
    [announce, dispatch],
  );

  const slotPicking = picking !== null && picking !== "series" ? picking : null;
  const pickingSection = slotPicking ? state.sections.findIndex((s) => s.id === slotPicking.sectionId) : -1;

  function choose(product: PickerProduct) {
    if (picking === "series") {
      const { id, nom, image } = product;
      setPlacing({ id, nom, image });
      announce(typography(`Placement en série de ${nom} : touchez chaque emplacement où le mettre.`));
      setPicking(null);
      return;
    }
    if (!slotPicking) return;
    dispatch({ type: "select", sectionId: slotPicking.sectionId, slot: slotPicking.slot, product });
    announce(`${product.nom} ajouté à la section ${pickingSection + 1}, emplacement ${slotPicking.slot + 1}.`);
    setPicking(null);
  }

  return {
    openSlot,
    /** Open while its slot's section exists, or while choosing the product to place in series. */
    open: picking === "series" || (slotPicking !== null && pickingSection >= 0),
    close: () => setPicking(null),
    target:
      picking === "series"
        ? SERIES_TARGET
        : slotPicking && pickingSection >= 0
          ? slotLabel(pickingSection + 1, slotPicking.slot, state.sections[pickingSection]!.cols)
          : "",
    currentProductId:
      picking === "series"
        ? (placing?.id ?? null)
        : slotPicking
          ? (state.selections[slotKey(slotPicking.sectionId, slotPicking.slot)]?.id ?? null)
          : null,
    choose,
    /** The product being placed in series (null: the spec's flow). */
    placing,
    startSeries: () => setPicking("series"),
    stopSeries: () => {
      setPlacing(null);
      announce("Placement en série terminé.");
    },
  };
}

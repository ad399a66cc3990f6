import { describe, expect, it } from "vitest";
import { readSlotValue, slotExists, slotLabel, swapDoneSummary, slotValue } from "./swaps";

describe("a swap's slot", () => {
  it("is counted from 1 for people, from 0 in the layout", () => {
    expect(slotLabel(0, 2)).toBe("section 1, emplacement 3");
    expect(readSlotValue(slotValue(1, 11))).toEqual({ section: 1, slot: 11 });
  });

  it("reads only a 'section:slot' a form sends", () => {
    for (const bad of ["", "1", "a:b", "-1:2", "1:2:3", "123:1", "1:1234"]) expect(readSlotValue(bad), bad).toBeNull();
  });

  it("exists only within a section's rows × cols", () => {
    const sections = [{ rows: 2, cols: 3 }];
    expect(slotExists(sections, 0, 0)).toBe(true);
    expect(slotExists(sections, 0, 5)).toBe(true);
    expect(slotExists(sections, 0, 6)).toBe(false);
    expect(slotExists(sections, 1, 0)).toBe(false);
  });

  it("says what it changed, an empty slot as 'vide'", () => {
    const swap = { section: 0, slot: 2, replaced_name: "Chips", product_name: "Barre tendre" };
    expect(swapDoneSummary(swap)).toBe("Échange fait : section 1, emplacement 3 — Chips → Barre tendre");
    expect(swapDoneSummary({ ...swap, replaced_name: null })).toBe(
      "Échange fait : section 1, emplacement 3 — vide → Barre tendre",
    );
  });
});

// A swap: at the next visit, the product of one slot of an installed machine is replaced by another
// from the catalogue. How a slot is named and written in a form, and what the history says. Pure.

/** How long a product done by a swap is 'Nouveau dans cette machine' on its public page. */
export const NEW_IN_MACHINE_DAYS = 30;

/** The page's address while a swap is being planned: the product chosen (?produit=id), or the catalogue
 * search typed (?recherche=). */
export const SWAP_PRODUCT_PARAM = "produit";
export const SWAP_SEARCH_PARAM = "recherche";

/** Sections and slots are stored from 0; people count them from 1: 'section 1, emplacement 3'. */
export function slotLabel(section: number, slot: number): string {
  return `section ${section + 1}, emplacement ${slot + 1}`;
}

/** A slot as a form sends it ('0:2'), and back; null for anything else. */
export const slotValue = (section: number, slot: number) => `${section}:${slot}`;
export function readSlotValue(value: string): { section: number; slot: number } | null {
  const match = /^(\d{1,2}):(\d{1,3})$/.exec(value.trim());
  return match ? { section: Number(match[1]), slot: Number(match[2]) } : null;
}

/** Whether a slot is within the installation's sections (each holds rows × cols slots). */
export function slotExists(sections: readonly { rows: number; cols: number }[], section: number, slot: number) {
  const grid = sections[section];
  return Boolean(grid) && slot >= 0 && slot < grid!.rows * grid!.cols;
}

/** What a swap changes, as the history and the lists say it: 'section 1, emplacement 3 — Chips → Barre
 * tendre' ('vide' when nothing was there). */
export function swapChange(swap: {
  section: number;
  slot: number;
  replaced_name: string | null;
  product_name: string;
}) {
  return `${slotLabel(swap.section, swap.slot)} — ${swap.replaced_name ?? "vide"} → ${swap.product_name}`;
}

/** The history's line for a swap done. */
export const swapDoneSummary = (swap: Parameters<typeof swapChange>[0]) => `Échange fait : ${swapChange(swap)}`;

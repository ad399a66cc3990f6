// What the customiser says about a change: its announcements, toasts and file name.
import { CANVAS, LIMITS, type Point, type Size } from "./state";

/** A machine name as a file name part ('Café glacé' → 'cafe-glace'); 'machine' when nothing is left. */
export function fileSlug(value: string): string {
  return (
    value
      .normalize("NFD")
      .replace(/\p{Diacritic}/gu, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "machine"
  );
}

/** The slot a product is being chosen for ('Section 1 · emplacement 5 (rangée 2, colonne 1)'); `slot`
 * counts from 0, row by row over `cols` columns. */
export function slotLabel(sectionNumber: number, slot: number, cols: number): string {
  const row = Math.floor(slot / cols) + 1;
  const col = (slot % cols) + 1;
  return `Section ${sectionNumber} · emplacement ${slot + 1} (rangée ${row}, colonne ${col})`;
}

/** The announcement of a section's new number of rows or columns, within the grid's limits. */
export function gridSizeMessage(sectionNumber: number, axis: "rows" | "cols", current: number, delta: number): string {
  const size = Math.min(LIMITS.maxGrid, Math.max(LIMITS.minGrid, current + delta));
  return `Section ${sectionNumber} : ${size} ${axis === "rows" ? "rangées" : "colonnes"}.`;
}

/** The toast's text when a grid change emptied `lost` slots. */
export function emptiedSlotsText(lost: number): string {
  return `Changer la grille vide les emplacements (${lost} produit${lost > 1 ? "s" : ""}).`;
}

/** A section's position on the canvas, in percent of its width and height. */
export const positionText = (p: Point) => `${Math.round(p.x)} % · ${Math.round(p.y)} %`;
/** A section's size in percent of the machine's width and height (plain words for a client, no pixels). */
export const sizeText = (s: Size) =>
  `largeur ${Math.round((s.width / CANVAS.width) * 100)} %, hauteur ${Math.round((s.height / CANVAS.height) * 100)} %`;

/** What 'Remplir avec le Top 10' says it did: `count` empty slots of the section filled. */
export function topFillText(sectionNumber: number, count: number): string {
  const s = count > 1 ? "s" : "";
  return `${count} emplacement${s} de la section ${sectionNumber} rempli${s} avec le Top 10.`;
}

/** What 'Appliquer le modèle' says it did. */
export const templateAppliedText = (sectionNumber: number) =>
  `Section ${sectionNumber} : disposition et produits du modèle appliqués.`;

// List fields of the machine form: advantages, specifications ('label: value') and pictures.

/** Empty advantage and specification lines are dropped on save. Lines are trimmed. */
export function dropEmptyLines(lines: readonly (string | null | undefined)[]): string[] {
  return lines.map((line) => (typeof line === "string" ? line.trim() : "")).filter((line) => line !== "");
}

export type SpecRow = { label: string; value: string };

/** A stored specification line as the form's two inputs: split at the first colon ('Heures: 7:00–22:00'
 * → 'Heures' / '7:00–22:00'); a line without a colon is all label. */
export function specLineToRow(line: string): SpecRow {
  const index = line.indexOf(":");
  if (index === -1) return { label: line.trim(), value: "" };
  return { label: line.slice(0, index).trim(), value: line.slice(index + 1).trim() };
}

/** The form's two inputs as the stored line 'label: value'. With only one of them filled, that text
 * alone; with neither, an empty line (dropped on save). */
export function specRowToLine(row: SpecRow): string {
  const label = row.label.trim();
  const value = row.value.trim();
  if (label && value) return `${label}: ${value}`;
  return label || value;
}

export function specRowsToLines(rows: readonly SpecRow[]): string[] {
  return dropEmptyLines(rows.map(specRowToLine));
}

// ---- Pictures: several uploads, reorder, remove, choose the main one (main_image_index) ----
// Each picture has its description (alts, same order, "" = the page's own text): it moves and goes
// with its picture.

export type ImageList = { images: string[]; alts: string[]; main: number };

/** A stored index made safe for the list: 0 when out of range or not a whole number. */
export function safeMainIndex(images: readonly string[], main: number): number {
  return Number.isInteger(main) && main >= 0 && main < images.length ? main : 0;
}

/** One description per picture, in order: missing ones are "", extra ones dropped. */
export function alignAlts(images: readonly unknown[], alts: readonly (string | null | undefined)[]): string[] {
  return images.map((_, i) => alts[i] ?? "");
}

export function addImage(list: ImageList, url: string): ImageList {
  return {
    images: [...list.images, url],
    alts: [...alignAlts(list.images, list.alts), ""],
    main: safeMainIndex(list.images, list.main),
  };
}

/** Removes one picture and its description; the main one stays the same picture (or becomes the first
 * when it was removed). */
export function removeImage(list: ImageList, index: number): ImageList {
  if (index < 0 || index >= list.images.length) return list;
  const images = list.images.filter((_, i) => i !== index);
  const alts = alignAlts(list.images, list.alts).filter((_, i) => i !== index);
  const main = safeMainIndex(list.images, list.main);
  const next = main === index ? 0 : main > index ? main - 1 : main;
  return { images, alts, main: safeMainIndex(images, next) };
}

/** Swaps a picture (and its description) with its neighbour (-1 left, +1 right); the main one follows
 * its picture. */
export function moveImage(list: ImageList, index: number, direction: -1 | 1): ImageList {
  const target = index + direction;
  if (index < 0 || index >= list.images.length || target < 0 || target >= list.images.length) return list;
  const images = [...list.images];
  const alts = alignAlts(list.images, list.alts);
  [images[index], images[target]] = [images[target]!, images[index]!];
  [alts[index], alts[target]] = [alts[target]!, alts[index]!];
  const main = safeMainIndex(list.images, list.main);
  const next = main === index ? target : main === target ? index : main;
  return { images, alts, main: next };
}

export function setMainImage(list: ImageList, index: number): ImageList {
  return index >= 0 && index < list.images.length ? { ...list, main: index } : list;
}

export function setImageAlt(list: ImageList, index: number, alt: string): ImageList {
  if (index < 0 || index >= list.images.length) return list;
  return { ...list, alts: alignAlts(list.images, list.alts).map((a, i) => (i === index ? alt : a)) };
}

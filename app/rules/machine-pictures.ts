// A machine's pictures each have a description typed by staff (machines.image_alts, same order as
// images, "" = none). Every public place that shows a machine picture reads it through here, so a
// description set once shows wherever the picture does; without one, each place keeps its own text.

/** A text typed by staff, or null when blank. */
export function staffText(value: string | null | undefined): string | null {
  return value?.trim() || null;
}

/** The staff's description of the picture at `src` among a machine's pictures (the main picture's own
 * when the same address is listed twice); null when none is set. */
export function machinePictureAlt(
  machine: {
    images: readonly (string | null)[] | null;
    image_alts?: readonly (string | null)[] | null;
    main_image_index?: number | null;
  },
  src: string | null | undefined,
): string | null {
  const wanted = src?.trim();
  if (!wanted) return null;
  const images = machine.images ?? [];
  const main = machine.main_image_index ?? 0;
  const index = images[main]?.trim() === wanted ? main : images.findIndex((image) => image?.trim() === wanted);
  return index >= 0 ? staffText(machine.image_alts?.[index]) : null;
}

// What a machine shows: its pictures (placeholders and blanks left out) then its video.

export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export type MediaItem = { type: "image"; src: string } | { type: "video"; src: string; poster?: string };

/** A usable picture or video address: not blank, not the placeholder. */
export function isRealMedia(src: string | null | undefined): src is string {
  if (typeof src !== "string") return false;
  const value = src.trim();
  if (!value) return false;
  const path = value.split(/[?#]/)[0]!;
  return !path.endsWith(PLACEHOLDER_IMAGE) && path !== "placeholder.svg";
}

type MachineMediaSource = { images: readonly (string | null)[] | null; video?: string | null };

/** The carousel's items: every real image in order, then the video when there is one. */
export function machineMedia(machine: MachineMediaSource): MediaItem[] {
  const images = (machine.images ?? []).filter(isRealMedia).map((src) => src.trim());
  const items: MediaItem[] = images.map((src) => ({ type: "image", src }));
  if (isRealMedia(machine.video)) items.push({ type: "video", src: machine.video.trim(), poster: images[0] });
  return items;
}

/**
 * The picture for a machine card: the image at main_image_index when it is a real one, otherwise
 * the first real image; null when there is none.
 */
export function mainImage(machine: {
  images: readonly (string | null)[] | null;
  main_image_index: number | null;
}): string | null {
  const images = machine.images ?? [];
  const index = machine.main_image_index ?? 0;
  const chosen = index >= 0 && index < images.length ? images[index] : undefined;
  if (isRealMedia(chosen)) return chosen.trim();
  const first = images.find(isRealMedia);
  return first ? first.trim() : null;
}

/** Product carousel: the main image then the nutrition image, placeholders and blanks out. */
export function productImages(product: { image: string | null; nutrition_image: string | null }): string[] {
  return [product.image, product.nutrition_image].filter(isRealMedia).map((src) => src.trim());
}

// What a machine shows: its pictures (placeholders and blanks left out) then its video.
import { staffText } from "~/rules/machine-pictures";
import { isRealMedia, type MediaItem } from "~/features/catalogue/media";
import type { Picture } from "./seo";

type MachineMediaSource = {
  images: readonly (string | null)[] | null;
  /** One description per picture, same order ("" = none). */
  image_alts?: readonly (string | null)[] | null;
  video?: string | null;
};

/** The carousel's items: every real image in order (with its description), then the video when there
 * is one. */
export function machineMedia(machine: MachineMediaSource): MediaItem[] {
  const items: MediaItem[] = (machine.images ?? []).flatMap((src, i) => {
    if (!isRealMedia(src)) return [];
    const alt = staffText(machine.image_alts?.[i]);
    return [alt ? { type: "image" as const, src: src.trim(), alt } : { type: "image" as const, src: src.trim() }];
  });
  if (isRealMedia(machine.video)) items.push({ type: "video", src: machine.video.trim(), poster: items[0]?.src });
  return items;
}

type MainImageSource = {
  images: readonly (string | null)[] | null;
  image_alts?: readonly (string | null)[] | null;
  main_image_index: number | null;
};

/** Where the card picture is among the images: main_image_index when it is a real one, otherwise the
 * first real image; -1 when there is none. */
function mainImageIndex(machine: MainImageSource): number {
  const images = machine.images ?? [];
  const index = machine.main_image_index ?? 0;
  if (index >= 0 && index < images.length && isRealMedia(images[index])) return index;
  return images.findIndex(isRealMedia);
}

/** The picture for a machine card (see mainImageIndex); null when there is none. */
export function mainImage(machine: MainImageSource): string | null {
  return mainPicture(machine)?.src ?? null;
}

/** The card picture with the staff's description of it. */
export function mainPicture(machine: MainImageSource): Picture | null {
  const index = mainImageIndex(machine);
  if (index < 0) return null;
  return { src: machine.images![index]!.trim(), alt: staffText(machine.image_alts?.[index]) };
}

/** A machine page's picture without a description of its own: 'Signature, photo 2'. */
export function machinePhotoAlt(machineName: string, index: number): string {
  return `${machineName}, photo ${index + 1}`;
}

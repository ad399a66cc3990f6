/** Gallery order rules (no I/O): the admin moves photos one place with arrows, or drops one on another. */

/** Moves the item at `from` by `delta` places (clamped to the list); a new array, or the same one when
 * nothing moves. */
export function moveBy<T>(items: readonly T[], from: number, delta: number): readonly T[] {
  return moveTo(items, from, from + delta);
}

/** Moves the item at `from` to index `to` (clamped), shifting the others. */
export function moveTo<T>(items: readonly T[], from: number, to: number): readonly T[] {
  if (from < 0 || from >= items.length) return items;
  const target = Math.max(0, Math.min(items.length - 1, to));
  if (target === from) return items;
  const next = items.slice();
  const [item] = next.splice(from, 1);
  next.splice(target, 0, item!);
  return next;
}

/** The photos in the order given by ids (pending on the server), unknown ids skipped, photos missing
 * from ids kept at the end. */
export function applyOrder<T extends { id: string }>(
  photos: readonly T[],
  ids: readonly string[] | null | undefined,
): T[] {
  if (!ids || ids.length === 0) return photos.slice();
  const byId = new Map(photos.map((p) => [p.id, p]));
  const ordered = ids.flatMap((id) => byId.get(id) ?? []);
  const seen = new Set(ids);
  return [...ordered, ...photos.filter((p) => !seen.has(p.id))];
}

export const MAX_FEATURED = 6;

/** The featured toggle of a photo is disabled when 6 are featured and this one is not. */
export function canToggleFeatured(featuredCount: number, isFeatured: boolean): boolean {
  return isFeatured || featuredCount < MAX_FEATURED;
}

/** Accepted by the gallery before any upload: the browser's type must be one of ours. */
const GALLERY_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"] as const;

export function isGalleryImage(file: { type: string }): boolean {
  return (GALLERY_IMAGE_TYPES as readonly string[]).includes(file.type);
}

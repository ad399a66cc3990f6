// What the media carousel shows, a product's or a machine's pictures and videos, and which addresses
// are real media (not blank, not the placeholder).
const PLACEHOLDER_IMAGE = "/placeholder.svg";

/** A picture's `alt` is the staff's description of it, when one is set. */
export type MediaItem = { type: "image"; src: string; alt?: string } | { type: "video"; src: string; poster?: string };

/** A usable picture or video address: not blank, not the placeholder. */
export function isRealMedia(src: string | null | undefined): src is string {
  if (typeof src !== "string") return false;
  const value = src.trim();
  if (!value) return false;
  const path = value.split(/[?#]/)[0]!;
  return !path.endsWith(PLACEHOLDER_IMAGE) && path !== "placeholder.svg";
}

/** Product carousel: the main image then the nutrition image, placeholders and blanks out. */
export function productImages(product: { image: string | null; nutrition_image: string | null }): string[] {
  return [product.image, product.nutrition_image].filter(isRealMedia).map((src) => src.trim());
}

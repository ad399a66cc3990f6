/** Widths the image endpoint serves; anything else is refused, so the cache stays bounded. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 800, 1080, 1280, 1600, 1920] as const;

const MEDIA_IMAGE = /^\/media\/([a-z-]+)\/([A-Za-z0-9][A-Za-z0-9_-]*\.(?:webp|png|jpe?g|avif|gif))$/i;

/** URL of a stored image at a given width ('/img/<bucket>/<name>?w=640'), or null when the source is
 * not a stored raster image (placeholder, external URL, SVG). */
export function resizedImageUrl(src: string, width: number): string | null {
  const match = MEDIA_IMAGE.exec(src);
  if (!match) return null;
  return `/img/${match[1]}/${match[2]}?w=${width}`;
}

/** srcset over the allowed widths up to twice maxWidth (the largest rendered width at 1x), for 2x screens. */
export function imageSrcSet(src: string, maxWidth = 1920): string | undefined {
  if (!resizedImageUrl(src, 160)) return undefined;
  const widths = IMAGE_WIDTHS.filter((w) => w <= 2 * maxWidth);
  return widths.map((w) => `${resizedImageUrl(src, w)} ${w}w`).join(", ");
}

export function nearestAllowedWidth(requested: number): number | null {
  return (IMAGE_WIDTHS as readonly number[]).includes(requested) ? requested : null;
}

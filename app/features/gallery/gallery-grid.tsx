import { ImageOff } from "lucide-react";
import { useState } from "react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { onPlainClick } from "~/lib/plain-click";
import { Skeleton } from "~/components/ui/skeleton";
import { LazyLightbox, preloadProps } from "./lazy-lightbox";
import { photoAlt, photoHref, type PublicPhoto } from "./photo";

const GRID = "grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4";

/** /galerie: square tiles; a click opens the full-screen lightbox and a click on the photo closes it.
 * Each tile is a link to its picture: what a click does before the app has started. */
export function GalleryGrid({ photos }: { photos: readonly PublicPhoto[] }) {
  const [index, setIndex] = useState<number | null>(null);
  if (photos.length === 0) {
    return (
      <div className="flex flex-col items-center justify-center rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/50 px-6 py-24 text-center">
        <ImageOff className="size-10 text-stone" aria-hidden="true" />
        <p className="mt-4 text-lg text-ink/80">Aucune photo disponible pour le moment.</p>
      </div>
    );
  }
  return (
    <>
      <ul className={GRID} aria-label="Photos de nos réalisations">
        {photos.map((photo, i) => (
          <li key={photo.id}>
            <a
              href={photoHref(photo.image_url)}
              onClick={onPlainClick(() => setIndex(i))}
              {...preloadProps}
              aria-label={`Agrandir : ${photoAlt(photo, i, photos.length)}`}
              className={cn(
                "group relative block aspect-square w-full cursor-zoom-in overflow-hidden rounded-2xl bg-sand shadow-[var(--shadow-card)]",
                // Square from its width alone, so it needs no placeholder height while skipped.
                i >= 4 && "below-fold [--below-fold-size:none]",
              )}
            >
              <Img
                src={photo.image_url}
                alt={photoAlt(photo, i, photos.length)}
                width={600}
                height={600}
                // The tile's width: the grid's columns within the page's padding and gaps.
                sizes="(min-width: 1280px) 292px, (min-width: 1024px) calc(25vw - 28px), (min-width: 768px) calc(33.3vw - 32px), (min-width: 640px) calc(50vw - 40px), calc(50vw - 26px)"
                maxWidth={480}
                // No priority tile: on phones the page's largest element is the introduction text, and
                // preloaded tiles would compete with the fonts it waits for (LCP 1.59 s → 1.28 s).
                className="size-full object-cover transition-transform duration-700 ease-[var(--ease-out-soft)] group-hover:scale-105"
              />
              <span className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink/30 to-transparent opacity-0 transition-opacity duration-300 group-hover:opacity-100" />
            </a>
          </li>
        ))}
      </ul>
      <LazyLightbox
        photos={photos}
        index={index}
        onIndexChange={setIndex}
        onClose={() => setIndex(null)}
        closeOnPhotoClick
      />
    </>
  );
}

/** 12 placeholder tiles while the photos load. */
export function GalleryGridSkeleton() {
  return (
    <div className={GRID} role="status" aria-label="Chargement des photos">
      {Array.from({ length: 12 }, (_, i) => (
        <Skeleton key={i} rounded="2xl" className="aspect-square" data-testid="gallery-placeholder" />
      ))}
    </div>
  );
}

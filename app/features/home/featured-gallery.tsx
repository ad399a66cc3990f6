import { ArrowRight } from "lucide-react";
import { Suspense, useEffect, useRef, useState } from "react";
import { Await, Link } from "react-router";
import { Img } from "~/components/img";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { onPlainClick } from "~/lib/plain-click";
import { LazyLightbox, preloadProps } from "../gallery/lazy-lightbox";
import { photoAlt, photoHref, type PublicPhoto } from "../gallery/photo";
import { revealThreshold, toRows } from "../gallery/reveal";
import { usePrefersReducedMotion } from "~/lib/use-reduced-motion";

/** 'Nos Réalisations': up to 6 featured photos in two rows of 3; hidden when there is none. */
export function FeaturedGallery({ photos }: { photos: Promise<PublicPhoto[]> | PublicPhoto[] }) {
  return (
    <Suspense fallback={<GallerySection loading />}>
      <Await resolve={photos} errorElement={null}>
        {(list) => (list.length === 0 ? null : <GallerySection photos={list} />)}
      </Await>
    </Suspense>
  );
}

function GallerySection({ photos = [], loading = false }: { photos?: PublicPhoto[]; loading?: boolean }) {
  const [index, setIndex] = useState<number | null>(null);
  const rows = loading
    ? [
        [0, 1, 2],
        [3, 4, 5],
      ]
    : toRows(photos.map((_, i) => i));
  return (
    <section
      aria-labelledby="realisations-titre"
      className="below-fold overflow-x-clip bg-ivory py-24 sm:py-32"
      data-testid="featured-gallery"
    >
      <div className="container-page">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-end sm:justify-between">
          <div className="max-w-2xl">
            <p className="eyebrow">Galerie</p>
            <h2 id="realisations-titre" className="mt-3 text-4xl font-semibold sm:text-5xl">
              Nos Réalisations
            </h2>
            <p className="mt-4 text-lg text-stone">On pourrait en parler... mais on préfère vous le montrer.</p>
          </div>
          <Link
            to="/galerie"
            className="group inline-flex items-center gap-2 self-start font-medium text-ink underline decoration-brass/60 decoration-2 underline-offset-8 transition-colors hover:decoration-brass sm:self-auto"
          >
            Voir toutes les photos
            <ArrowRight className="size-4 transition-transform group-hover:translate-x-1" aria-hidden="true" />
          </Link>
        </div>

        <div className="mt-12 flex flex-col gap-4 sm:gap-5" aria-busy={loading || undefined}>
          {loading && (
            <span className="sr-only" role="status">
              Chargement des photos
            </span>
          )}
          {rows.map((row, r) => (
            <RevealRow key={r} from={r % 2 === 0 ? "left" : "right"} count={row.length} reverse={r % 2 === 1}>
              {row.map((i) =>
                loading ? (
                  <Skeleton key={i} rounded="card" className="h-[300px]" data-testid="gallery-skeleton" />
                ) : (
                  // A link to the picture before the app has started; the lightbox after.
                  <a
                    key={photos[i]!.id}
                    href={photoHref(photos[i]!.image_url)}
                    onClick={onPlainClick(() => setIndex(i))}
                    {...preloadProps}
                    aria-label={`Agrandir : ${photoAlt(photos[i]!, i, photos.length)}`}
                    className="group relative h-[300px] cursor-zoom-in overflow-hidden rounded-[var(--radius-card)] bg-sand shadow-[var(--shadow-card)]"
                  >
                    <Img
                      src={photos[i]!.image_url}
                      alt={photoAlt(photos[i]!, i, photos.length)}
                      width={800}
                      height={600}
                      sizes="(min-width: 1280px) 560px, (min-width: 640px) 40vw, 100vw"
                      maxWidth={640}
                      className="size-full object-cover transition-transform duration-[900ms] ease-[var(--ease-out-soft)] group-hover:scale-[1.04]"
                    />
                    <span className="pointer-events-none absolute inset-0 bg-gradient-to-t from-ink/35 via-transparent to-transparent opacity-60 transition-opacity duration-300 group-hover:opacity-100" />
                  </a>
                ),
              )}
            </RevealRow>
          ))}
        </div>
      </div>
      {!loading && (
        <LazyLightbox photos={photos} index={index} onIndexChange={setIndex} onClose={() => setIndex(null)} />
      )}
    </section>
  );
}

const ROW_COLUMNS: Record<number, string> = {
  1: "sm:grid-cols-1",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-[1.45fr_1fr_1fr]",
};

/** A row of up to 3 cards that slides in once it is scrolled into view (threshold 0.2 under 768 px,
 * 0.3 otherwise). Rows already in view when the page wakes up are simply shown. */
function RevealRow({
  children,
  from,
  count,
  reverse,
}: {
  children: React.ReactNode;
  from: "left" | "right";
  count: number;
  reverse: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const reduced = usePrefersReducedMotion();
  const [state, setState] = useState<"static" | "hidden" | "shown">("static");

  useEffect(() => {
    const element = ref.current;
    if (!element || reduced || typeof IntersectionObserver === "undefined") return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const threshold = revealThreshold(window.innerWidth);
    let first = true;
    const observer = new IntersectionObserver(
      ([entry]) => {
        const visible = Boolean(entry?.isIntersecting && entry.intersectionRatio >= threshold - 0.001);
        if (visible) {
          // Already in view when the page woke up: it stays as rendered.
          if (!first) setState("shown");
          observer.disconnect();
        } else if (first) {
          setState("hidden");
        }
        first = false;
      },
      { threshold },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [reduced]);

  return (
    <div
      ref={ref}
      data-reveal={state}
      data-testid="gallery-row"
      className={cn(
        "grid grid-cols-2 gap-4 sm:gap-5",
        count !== 2 && "[&>*:first-child]:col-span-2 sm:[&>*:first-child]:col-span-1",
        reverse && count === 3 ? "sm:grid-cols-[1fr_1fr_1.45fr]" : ROW_COLUMNS[count],
        "transition-[opacity,translate] duration-[900ms] ease-[var(--ease-out-soft)]",
        state === "hidden" && (from === "left" ? "-translate-x-16 opacity-0" : "translate-x-16 opacity-0"),
      )}
    >
      {children}
    </div>
  );
}

// A carousel's controls once the app runs (arrows, position) and its dots or thumbnails, which are
// links to the slides before it runs.
import { ChevronLeft, ChevronRight, ImageOff, Play } from "lucide-react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import type { MediaItem } from "../media";

export const ARROW_CLASS =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-ink/10 backdrop-blur transition hover:bg-white focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100";
export const POSITION_CLASS =
  "absolute right-3 bottom-3 rounded-full bg-ink/75 px-2.5 py-1 text-xs font-medium text-ivory tabular-nums";
/** The id of a slide, the target of its links before the app runs ('#media-2'). */
export const slideId = (i: number) => `media-${i + 1}`;

/** In place of the carousel when there is nothing to show. */
export function EmptyMedia({
  width,
  height,
  emptyText,
  className,
}: {
  width: number;
  height: number;
  emptyText: string;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "flex flex-col items-center justify-center gap-3 rounded-[var(--radius-card)] bg-sand/60 text-stone",
        className,
      )}
      style={{ aspectRatio: `${width} / ${height}` }}
    >
      <ImageOff className="size-8 text-brass-ink/70" aria-hidden="true" />
      <p className="text-sm font-medium">{emptyText}</p>
    </div>
  );
}

/** Previous, next and the position, once the app runs. */
export function StageArrows({ index, count, go }: { index: number; count: number; go: (step: number) => void }) {
  return (
    <>
      <button
        type="button"
        onClick={() => go(-1)}
        aria-label="Média précédent"
        aria-controls={slideId(index)}
        className={cn(ARROW_CLASS, "left-3")}
      >
        <ChevronLeft className="size-5" aria-hidden="true" />
      </button>
      <button
        type="button"
        onClick={() => go(1)}
        aria-label="Média suivant"
        aria-controls={slideId(index)}
        className={cn(ARROW_CLASS, "right-3")}
      >
        <ChevronRight className="size-5" aria-hidden="true" />
      </button>
      <p className={POSITION_CLASS} aria-live="polite" data-testid="carousel-position">
        {index + 1} / {count}
      </p>
    </>
  );
}

type NavProps = {
  items: MediaItem[];
  index: number;
  started: boolean;
  onSelect: (index: number) => void;
};

export function DotNav({ items, index, started, onSelect }: NavProps) {
  return (
    <div className="flex items-center justify-center gap-1" role="group" aria-label="Choisir une image">
      {items.map((item, i) => (
        <SlideControl
          key={`dot-${i}`}
          index={i}
          started={started}
          onSelect={onSelect}
          aria-label={`Afficher l'image ${i + 1}`}
          aria-current={started && i === index ? "true" : undefined}
          className="group/dot flex size-6 items-center justify-center rounded-full"
        >
          <span
            className={cn(
              "block h-2 rounded-full transition-all duration-300",
              i === index ? "w-6 bg-ink" : "w-2 bg-ink/25 group-hover/dot:bg-ink/50",
            )}
          />
        </SlideControl>
      ))}
    </div>
  );
}

export function ThumbnailNav({ items, index, started, onSelect }: NavProps) {
  return (
    <div className="-m-1 flex gap-3 overflow-x-auto p-1" role="group" aria-label="Miniatures">
      {items.map((item, i) => (
        <SlideControl
          key={`thumb-${i}`}
          index={i}
          started={started}
          onSelect={onSelect}
          aria-label={item.type === "video" ? "Afficher la vidéo" : `Afficher l'image ${i + 1}`}
          aria-current={started && i === index ? "true" : undefined}
          className={cn(
            "relative size-18 shrink-0 overflow-hidden rounded-xl bg-white transition sm:size-20",
            i === index ? "ring-2 ring-ink" : "opacity-75 ring-1 ring-ink/10 hover:opacity-100",
          )}
        >
          {item.type === "image" ? (
            <Img
              src={item.src}
              alt=""
              width={160}
              height={160}
              sizes="80px"
              maxWidth={160}
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center bg-ink text-ivory">
              {item.poster && (
                <Img
                  src={item.poster}
                  alt=""
                  width={160}
                  height={160}
                  sizes="80px"
                  maxWidth={160}
                  className="absolute inset-0 size-full object-cover opacity-50"
                />
              )}
              <Play className="relative size-6" aria-hidden="true" />
            </span>
          )}
        </SlideControl>
      ))}
    </div>
  );
}

/** A dot or thumbnail: a link to its slide before the app runs, then a button that shows it. */
function SlideControl({
  index,
  started,
  onSelect,
  children,
  ...props
}: {
  index: number;
  started: boolean;
  onSelect: (index: number) => void;
  "aria-label": string;
  "aria-current"?: "true";
  className: string;
  children: React.ReactNode;
}) {
  if (!started)
    return (
      <a href={`#${slideId(index)}`} {...props}>
        {children}
      </a>
    );
  return (
    <button type="button" onClick={() => onSelect(index)} {...props}>
      {children}
    </button>
  );
}

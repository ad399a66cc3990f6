import { ChevronLeft, ChevronRight, ImageOff, Play } from "lucide-react";
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent, type TouchEvent } from "react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { resizedImageUrl } from "~/rules/images";
import { wrapIndex } from "~/lib/wrap";
import type { MediaItem } from "~/features/machines/media";

type Props = {
  items: MediaItem[];
  /** Accessible name of the carousel ('Images de Café glacé'). */
  label: string;
  /** Alternative text of each picture. */
  altOf: (item: MediaItem, index: number) => string;
  /** Dots under the stage (products) or thumbnails (machines). */
  nav: "dots" | "thumbnails";
  /** Intrinsic size of the stage (its aspect ratio); pictures are fitted inside. */
  width: number;
  height: number;
  sizes: string;
  fit?: "contain" | "cover";
  /** The first picture is the page's main image: loaded first. */
  priority?: boolean;
  emptyText: string;
  className?: string;
};

/** Muted, looping, autoplaying video whose sound can never be turned on. */
export function MutedVideo({
  src,
  poster,
  className,
  label,
  controls = false,
  autoPlay = true,
  preload = autoPlay ? "auto" : "metadata",
}: {
  src: string;
  poster?: string;
  className?: string;
  label: string;
  controls?: boolean;
  autoPlay?: boolean;
  preload?: "none" | "metadata" | "auto";
}) {
  const ref = useCallback(
    (node: HTMLVideoElement | null) => {
      if (!node) return;
      node.muted = true;
      node.defaultMuted = true;
      if (autoPlay) void node.play().catch(() => {});
    },
    [autoPlay],
  );
  return (
    <video
      ref={ref}
      src={src}
      poster={poster}
      className={className}
      aria-label={label}
      muted
      loop
      playsInline
      autoPlay={autoPlay}
      controls={controls}
      preload={preload}
      // Audio is always muted: the volume control cannot bring the sound back.
      onVolumeChange={(event) => {
        if (!event.currentTarget.muted) event.currentTarget.muted = true;
      }}
      controlsList="nodownload noplaybackrate"
      disablePictureInPicture
    />
  );
}

function posterUrl(poster: string | undefined): string | undefined {
  if (!poster) return undefined;
  return resizedImageUrl(poster, 800) ?? poster;
}

const ARROW_CLASS =
  "absolute top-1/2 flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/90 text-ink shadow-md ring-1 ring-ink/10 backdrop-blur transition hover:bg-white focus-visible:opacity-100 sm:opacity-0 sm:group-hover:opacity-100";
const POSITION_CLASS =
  "absolute right-3 bottom-3 rounded-full bg-ink/75 px-2.5 py-1 text-xs font-medium text-ivory tabular-nums";
/** The id of a slide, the target of its links before the app runs ('#media-2'). */
const slideId = (i: number) => `media-${i + 1}`;

/**
 * Pictures (and a video) one at a time, with previous/next that wrap around, dots or thumbnails,
 * arrow keys and swipe on touch screens. Every slide is server-rendered; once the app runs only the
 * visible one shows. Before that (and without JavaScript) the slides are a horizontal scroll-snap track
 * whose previous/next, dots and thumbnails are links to the slides; pictures other than the first are
 * lazy, so they do not load with the first screen.
 */
export function MediaCarousel({
  items,
  label,
  altOf,
  nav,
  width,
  height,
  sizes,
  fit = "contain",
  priority,
  emptyText,
  className,
}: Props) {
  const [index, setIndex] = useState(0);
  const [started, setStarted] = useState(false);
  const stage = useRef<HTMLDivElement>(null);
  // The app takes over from the track at the slide the visitor scrolled (or went) to before it ran.
  useLayoutEffect(() => {
    const track = stage.current;
    if (track && track.scrollLeft > 0) setIndex(Math.round(track.scrollLeft / track.clientWidth));
    // Renders once more after hydration, on purpose: the slides stack, the hidden ones out of sight.
    setStarted(true);
  }, []);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const count = items.length;
  const go = (step: number) => setIndex((current) => wrapIndex(current, step, count));

  if (count === 0) {
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

  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowRight") {
      event.preventDefault();
      go(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      go(-1);
    }
  };
  const onTouchStart = (event: TouchEvent) => {
    const t = event.touches[0];
    touch.current = t ? { x: t.clientX, y: t.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const t = event.changedTouches[0];
    touch.current = null;
    if (!start || !t || count < 2) return;
    const dx = t.clientX - start.x;
    const dy = t.clientY - start.y;
    if (Math.abs(dx) > 40 && Math.abs(dx) > Math.abs(dy) * 1.2) go(dx < 0 ? 1 : -1);
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- arrow keys pressed on the carousel's own buttons bubble up to here
    <div
      role="region"
      aria-roledescription="carrousel"
      aria-label={label}
      className={cn("flex flex-col gap-4", className)}
      onKeyDown={onKeyDown}
    >
      <div
        ref={stage}
        // The same classes before and after the app starts: switching this scroller to another overflow
        // made Chromium report the whole stage as shifted (CLS 0.7 on a machine page).
        className="group relative flex snap-x snap-mandatory overflow-x-auto overflow-y-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)] ring-1 ring-ink/5 [scrollbar-width:none]"
        style={{ aspectRatio: `${width} / ${height}` }}
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="carousel-stage"
      >
        {items.map((item, i) => {
          const active = i === index;
          const hidden = started && !active;
          return (
            <div
              key={`${item.type}-${item.src}-${i}`}
              id={slideId(i)}
              role="group"
              aria-roledescription="diapositive"
              aria-label={`${i + 1} sur ${count}`}
              aria-hidden={hidden}
              inert={hidden}
              data-active={active}
              className={cn(
                started
                  ? "absolute inset-0 transition-opacity duration-500 ease-[var(--ease-out-soft)]"
                  : "relative size-full shrink-0 scroll-mt-24 snap-center",
                hidden ? "pointer-events-none opacity-0" : "opacity-100",
              )}
            >
              {item.type === "image" ? (
                <Img
                  src={item.src}
                  alt={altOf(item, i)}
                  width={width}
                  height={height}
                  sizes={sizes}
                  priority={priority && i === 0}
                  className={cn("size-full", fit === "contain" ? "object-contain p-6 sm:p-10" : "object-cover")}
                />
              ) : !started ? (
                // Before the app runs: played by hand, loaded only then.
                <MutedVideo
                  src={item.src}
                  label={altOf(item, i)}
                  controls
                  autoPlay={false}
                  preload="none"
                  className="size-full bg-ink object-cover"
                />
              ) : active ? (
                <MutedVideo
                  src={item.src}
                  poster={posterUrl(item.poster)}
                  label={altOf(item, i)}
                  className="size-full bg-ink object-cover"
                />
              ) : (
                <div className="flex size-full items-center justify-center bg-ink">
                  <Play className="size-10 text-ivory/70" aria-hidden="true" />
                </div>
              )}
              {/* Before the app runs each slide has its own links to its neighbours. */}
              {count > 1 && !started && (
                <>
                  <a
                    href={`#${slideId(wrapIndex(i, -1, count))}`}
                    aria-label="Média précédent"
                    className={cn(ARROW_CLASS, "left-3")}
                  >
                    <ChevronLeft className="size-5" aria-hidden="true" />
                  </a>
                  <a
                    href={`#${slideId(wrapIndex(i, 1, count))}`}
                    aria-label="Média suivant"
                    className={cn(ARROW_CLASS, "right-3")}
                  >
                    <ChevronRight className="size-5" aria-hidden="true" />
                  </a>
                  <p className={POSITION_CLASS}>
                    {i + 1} / {count}
                  </p>
                </>
              )}
            </div>
          );
        })}

        {count > 1 && started && (
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
        )}
      </div>

      {count > 1 && nav === "dots" && (
        <div className="flex items-center justify-center gap-1" role="group" aria-label="Choisir une image">
          {items.map((item, i) => (
            <SlideControl
              key={`dot-${i}`}
              index={i}
              started={started}
              onSelect={setIndex}
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
      )}

      {count > 1 && nav === "thumbnails" && (
        <div className="-m-1 flex gap-3 overflow-x-auto p-1" role="group" aria-label="Miniatures">
          {items.map((item, i) => (
            <SlideControl
              key={`thumb-${i}`}
              index={i}
              started={started}
              onSelect={setIndex}
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
      )}
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

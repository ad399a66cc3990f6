import { ChevronLeft, ChevronRight, Play } from "lucide-react";
import { useCallback } from "react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { resizedImageUrl } from "~/rules/images";
import { wrapIndex } from "~/lib/wrap";
import type { MediaItem } from "../media";
import { ARROW_CLASS, DotNav, EmptyMedia, POSITION_CLASS, slideId, StageArrows, ThumbnailNav } from "./carousel-nav";
import { useCarousel } from "./use-carousel";

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
  const count = items.length;
  const { index, setIndex, started, stage, go, onKeyDown, onTouchStart, onTouchEnd } = useCarousel(count);

  if (count === 0) return <EmptyMedia width={width} height={height} emptyText={emptyText} className={className} />;

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
        {items.map((item, i) => (
          <Slide
            key={`${item.type}-${item.src}-${i}`}
            item={item}
            index={i}
            count={count}
            active={i === index}
            started={started}
            alt={altOf(item, i)}
            width={width}
            height={height}
            sizes={sizes}
            fit={fit}
            priority={priority && i === 0}
          />
        ))}

        {count > 1 && started && <StageArrows index={index} count={count} go={go} />}
      </div>

      {count > 1 && nav === "dots" && <DotNav items={items} index={index} started={started} onSelect={setIndex} />}
      {count > 1 && nav === "thumbnails" && (
        <ThumbnailNav items={items} index={index} started={started} onSelect={setIndex} />
      )}
    </div>
  );
}

/** One slide: its picture or video and, before the app runs, its own links to its neighbours. */
function Slide({
  item,
  index,
  count,
  active,
  started,
  alt,
  width,
  height,
  sizes,
  fit,
  priority,
}: {
  item: MediaItem;
  index: number;
  count: number;
  active: boolean;
  started: boolean;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  fit: "contain" | "cover";
  priority: boolean | undefined;
}) {
  const hidden = started && !active;
  return (
    <div
      id={slideId(index)}
      role="group"
      aria-roledescription="diapositive"
      aria-label={`${index + 1} sur ${count}`}
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
          alt={alt}
          width={width}
          height={height}
          sizes={sizes}
          priority={priority}
          className={cn("size-full", fit === "contain" ? "object-contain p-6 sm:p-10" : "object-cover")}
        />
      ) : !started ? (
        // Before the app runs: played by hand, loaded only then.
        <MutedVideo
          src={item.src}
          label={alt}
          controls
          autoPlay={false}
          preload="none"
          className="size-full bg-ink object-cover"
        />
      ) : active ? (
        <MutedVideo
          src={item.src}
          poster={posterUrl(item.poster)}
          label={alt}
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
            href={`#${slideId(wrapIndex(index, -1, count))}`}
            aria-label="Média précédent"
            className={cn(ARROW_CLASS, "left-3")}
          >
            <ChevronLeft className="size-5" aria-hidden="true" />
          </a>
          <a
            href={`#${slideId(wrapIndex(index, 1, count))}`}
            aria-label="Média suivant"
            className={cn(ARROW_CLASS, "right-3")}
          >
            <ChevronRight className="size-5" aria-hidden="true" />
          </a>
          <p className={POSITION_CLASS}>
            {index + 1} / {count}
          </p>
        </>
      )}
    </div>
  );
}

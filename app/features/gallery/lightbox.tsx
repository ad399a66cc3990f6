import * as Dialog from "@radix-ui/react-dialog";
import { ChevronLeft, ChevronRight, X } from "lucide-react";
import { useRef, type KeyboardEvent, type MouseEvent } from "react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { wrapIndex } from "~/lib/wrap";
import { photoAlt, photoCaption, type PublicPhoto } from "./photo";

type LightboxProps = {
  photos: readonly PublicPhoto[];
  /** Index of the photo shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** /galerie: a click on the photo closes the lightbox too. */
  closeOnPhotoClick?: boolean;
};

const controlClass =
  "inline-flex items-center justify-center rounded-full bg-white/10 text-white ring-1 ring-white/15 backdrop-blur-sm transition-colors hover:bg-white/20 focus-visible:outline-white";

/** Full-screen photo viewer: close, previous and next (wrapping), Escape and arrow keys; focus stays
 * inside while open and returns to the photo that opened it. */
export function Lightbox({ photos, index, onIndexChange, onClose, closeOnPhotoClick = false }: LightboxProps) {
  const opener = useRef<HTMLElement | null>(null);
  const open = index !== null && photos.length > 0;
  const current = open ? Math.min(index, photos.length - 1) : 0;
  const photo = photos[current];
  const move = (step: number) => onIndexChange(wrapIndex(current, step, photos.length));

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "ArrowRight") {
      event.preventDefault();
      move(1);
    } else if (event.key === "ArrowLeft") {
      event.preventDefault();
      move(-1);
    }
  }

  function onBackdropClick(event: MouseEvent) {
    if (event.target === event.currentTarget) onClose();
  }

  return (
    <Dialog.Root open={open} onOpenChange={(value) => !value && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/95 transition-opacity duration-300 starting:opacity-0" />
        <Dialog.Content
          aria-describedby={undefined}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
          onClick={onBackdropClick}
          className="fixed inset-0 z-[61] flex items-center justify-center p-4 outline-none sm:p-16"
          data-testid="lightbox"
        >
          <Dialog.Title className="sr-only">
            Photo {current + 1} sur {photos.length}
          </Dialog.Title>
          {photo && (
            <Img
              key={photo.id}
              src={photo.image_url}
              alt={photoAlt(photo, current, photos.length)}
              width={1600}
              height={1200}
              sizes="100vw"
              maxWidth={1920}
              priority
              onClick={closeOnPhotoClick ? onClose : undefined}
              className={cn(
                "max-h-[76dvh] w-auto max-w-full rounded-lg object-contain shadow-2xl transition-opacity duration-300 starting:opacity-0",
                closeOnPhotoClick && "cursor-zoom-out",
              )}
              data-testid="lightbox-image"
            />
          )}
          <div className="pointer-events-none absolute inset-x-0 bottom-4 flex flex-col items-center gap-2 px-20 text-center">
            {/* The caption repeats the picture's alternative text: screen readers hear it once. */}
            {photo && photoCaption(photo) && (
              <p aria-hidden="true" className="line-clamp-2 max-w-2xl font-display text-lg text-white/90">
                {photoCaption(photo)}
              </p>
            )}
            <p aria-hidden="true" className="rounded-full bg-white/10 px-3 py-1 text-sm text-white/80 tabular-nums">
              {current + 1} / {photos.length}
            </p>
          </div>
          <Dialog.Close className={cn(controlClass, "absolute top-4 right-4 size-12")} aria-label="Fermer">
            <X className="size-6" aria-hidden="true" />
          </Dialog.Close>
          {photos.length > 1 && (
            <>
              <button
                type="button"
                aria-label="Photo précédente"
                onClick={() => move(-1)}
                className={cn(controlClass, "absolute top-1/2 left-3 size-12 -translate-y-1/2 sm:left-5")}
              >
                <ChevronLeft className="size-7" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label="Photo suivante"
                onClick={() => move(1)}
                className={cn(controlClass, "absolute top-1/2 right-3 size-12 -translate-y-1/2 sm:right-5")}
              >
                <ChevronRight className="size-7" aria-hidden="true" />
              </button>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

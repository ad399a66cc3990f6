import { ImagePlus, LoaderCircle } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { GalleryActionResult } from "./actions.server";
import { ACCEPT } from "~/rules/uploads";
import { UploadProgress } from "~/features/uploads/upload-progress";
import { useUpload } from "~/features/uploads/use-upload";
import { cn } from "~/lib/cn";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { GALLERY_MSG } from "./messages";
import { isGalleryImage } from "./order";

type Batch = { index: number; count: number };

/** Drop or choose photos; each one is checked in the browser, sent with a progress bar (cancel at any
 * time), then all stored photos are added to the gallery in one step. */
export function GalleryUploader() {
  const { state, upload, cancel } = useUpload("gallery-images");
  const fetcher = useFetcher<GalleryActionResult>({ key: "gallery-add" });
  const [batch, setBatch] = useState<Batch | null>(null);
  const [dragging, setDragging] = useState(false);
  const cancelled = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const adding = fetcher.state !== "idle";
  const busy = batch !== null || adding;

  useFetcherResult(fetcher, (result) => {
    if (result.ok && result.intent === "add") {
      const n = result.photos.length;
      toast.success(GALLERY_MSG.success, {
        description: n > 1 ? `${n} photos ajoutées à la galerie.` : "Photo ajoutée à la galerie.",
      });
    } else if (!result.ok) {
      toast.error(GALLERY_MSG.uploadError, {
        description: "Les photos n'ont pas pu être ajoutées. Veuillez réessayer.",
      });
    }
  });

  async function send(files: File[]) {
    if (busy || files.length === 0) return;
    const images = files.filter(isGalleryImage);
    for (const file of files.filter((f) => !isGalleryImage(f))) {
      toast.error(GALLERY_MSG.notImage, {
        description: `« ${file.name} » n'est pas une image. ${GALLERY_MSG.formats}`,
      });
    }
    if (images.length === 0) return;
    cancelled.current = false;
    const urls: string[] = [];
    for (const [index, file] of images.entries()) {
      if (cancelled.current) break;
      setBatch({ index, count: images.length });
      const result = await upload(file, {
        // The server's reason: not an image, too large, session expired…
        onError: (message) => toast.error(GALLERY_MSG.uploadError, { description: `« ${file.name} » : ${message}` }),
      });
      if (result) urls.push(result.url);
    }
    setBatch(null);
    if (input.current) input.current.value = "";
    if (urls.length > 0) {
      const form = new FormData();
      form.set("intent", "add");
      for (const url of urls) form.append("image_url", url);
      void fetcher.submit(form, { method: "post", action: "/edit-gallery" });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send(Array.from(event.dataTransfer.files));
  }

  const uploading = state.status === "uploading" && batch;

  return (
    <div
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      className={cn(
        "relative flex flex-col gap-5 rounded-[var(--radius-card)] border-2 border-dashed p-6 transition-colors sm:flex-row sm:items-center sm:p-7",
        dragging ? "border-brass bg-brass-light/15" : "border-ink/15 bg-white/60",
      )}
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-ink text-brass-light">
        <ImagePlus className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        {uploading ? (
          <div className="space-y-2.5">
            <p className="text-sm font-medium">
              Photo {batch.index + 1} sur {batch.count} · <span className="text-stone">{state.fileName}</span>
            </p>
            <UploadProgress
              size="md"
              fileName={state.fileName}
              progress={state.progress}
              onCancel={() => {
                cancelled.current = true;
                cancel();
              }}
            />
          </div>
        ) : adding ? (
          <p className="flex items-center gap-2 text-sm font-medium" role="status">
            <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Ajout à la galerie…
          </p>
        ) : (
          <>
            <p className="font-display text-xl font-semibold">Ajouter des photos</p>
            <p className="mt-1 text-sm text-stone">
              Glissez vos photos ici ou choisissez-les. JPEG, PNG, WebP, AVIF ou GIF, 15 Mo maximum par photo.
            </p>
          </>
        )}
      </div>
      {!uploading && (
        <div className="flex shrink-0 gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={ACCEPT.image}
            disabled={busy}
            className="peer sr-only"
            onChange={(event) => void send(Array.from(event.currentTarget.files ?? []))}
          />
          <label
            htmlFor={id}
            className={cn(
              "inline-flex h-11 cursor-pointer items-center gap-2 rounded-full bg-ink px-5 text-[0.95rem] font-medium text-ivory shadow-sm transition-colors hover:bg-ink-3 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-brass",
              busy && "pointer-events-none opacity-55",
            )}
          >
            <ImagePlus className="size-[1.1em]" aria-hidden="true" /> Choisir des photos
          </label>
        </div>
      )}
    </div>
  );
}

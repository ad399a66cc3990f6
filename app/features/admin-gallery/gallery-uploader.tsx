import { ImagePlus } from "lucide-react";
import { useEffect, useId, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { ACCEPT } from "~/rules/uploads";
import { UploadProgress } from "~/features/uploads/upload-progress";
import { useUpload } from "~/features/uploads/use-upload";
import { cn } from "~/lib/cn";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { useStaffAction } from "~/lib/use-staff-action";
import { altFromFileName } from "./alt-text";
import { GALLERY_MSG } from "./messages";
import { isGalleryImage } from "./order";
import { MAX_BATCH, type GalleryActionResult } from "./schema";
import { StagedPhotos, type Staged } from "./staged-photos";

type Batch = { index: number; count: number };

/** Drop or choose photos; each one is checked in the browser and sent with a progress bar (cancel at
 * any time). The stored photos then wait, each with its description, until 'Ajouter à la galerie'
 * adds them in one step. */
export function GalleryUploader() {
  const { state, upload, cancel } = useUpload("gallery-images");
  const fetcher = useFetcher<GalleryActionResult>({ key: "gallery-add" });
  const [staged, setStaged] = useState<Staged[]>([]);
  const {
    fieldErrors,
    setFieldErrors,
    pending: adding,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) setStaged([]);
  });
  const [batch, setBatch] = useState<Batch | null>(null);
  const cancelled = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLOListElement>(null);
  const focusFrom = useRef<number | null>(null);
  const id = useId();
  const busy = batch !== null || adding;
  const unsaved = useUnsavedChanges({
    dirty: staged.length > 0,
    description: "Les photos téléversées n'ont pas encore été ajoutées à la galerie.",
  });

  // Once a batch is uploaded, the keyboard is on the first new description.
  useEffect(() => {
    if (focusFrom.current === null) return;
    list.current?.querySelectorAll("textarea")[focusFrom.current]?.focus();
    focusFrom.current = null;
  }, [staged]);

  async function send(files: File[]) {
    if (busy || files.length === 0) return;
    const images = imagesThatFit(files, MAX_BATCH - staged.length);
    if (images.length === 0) return;
    cancelled.current = false;
    const uploaded: Staged[] = [];
    for (const [index, file] of images.entries()) {
      if (cancelled.current) break;
      setBatch({ index, count: images.length });
      const result = await upload(file, {
        // The server's reason: not an image, too large, session expired…
        onError: (message) => toast.error(GALLERY_MSG.uploadError, { description: `« ${file.name} » : ${message}` }),
      });
      if (result) uploaded.push({ url: result.url, fileName: file.name, alt: altFromFileName(file.name) });
    }
    setBatch(null);
    if (input.current) input.current.value = "";
    if (uploaded.length > 0) {
      focusFrom.current = staged.length;
      setStaged((current) => [...current, ...uploaded]);
    }
  }

  function unstage(index: number) {
    setStaged((current) => current.filter((_, i) => i !== index));
    setFieldErrors({});
  }

  const progress =
    state.status === "uploading" && batch ? { ...batch, fileName: state.fileName, progress: state.progress } : null;

  return (
    <div className="flex flex-col gap-4">
      <DropZone
        id={id}
        input={input}
        busy={busy}
        progress={progress}
        onFiles={(files) => void send(files)}
        onCancel={() => {
          cancelled.current = true;
          cancel();
        }}
      />
      {staged.length > 0 && (
        <StagedPhotos
          id={id}
          staged={staged}
          fetcher={fetcher}
          fieldErrors={fieldErrors}
          setFieldErrors={setFieldErrors}
          adding={adding}
          uploading={batch !== null}
          list={list}
          onUnstage={unstage}
          onClear={() => setStaged([])}
        />
      )}
      {unsaved.dialog}
    </div>
  );
}

/** The images among `files`, at most `room` of them; what is left out is said in a toast. */
function imagesThatFit(files: File[], room: number): File[] {
  const images = files.filter(isGalleryImage);
  for (const file of files.filter((f) => !isGalleryImage(f))) {
    toast.error(GALLERY_MSG.notImage, {
      description: `« ${file.name} » n'est pas une image. ${GALLERY_MSG.formats}`,
    });
  }
  if (images.length <= room) return images;
  toast.error(GALLERY_MSG.uploadError, { description: GALLERY_MSG.batchTooLarge(MAX_BATCH) });
  return images.slice(0, Math.max(0, room));
}

/** Where photos are dropped or chosen; while a batch uploads, its progress with a cancel button. */
function DropZone({
  id,
  input,
  busy,
  progress,
  onFiles,
  onCancel,
}: {
  id: string;
  input: RefObject<HTMLInputElement | null>;
  busy: boolean;
  progress: (Batch & { fileName: string; progress: number }) | null;
  onFiles: (files: File[]) => void;
  onCancel: () => void;
}) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes("Files")) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
      className={cn(
        "relative flex flex-col gap-5 rounded-[var(--radius-card)] border-2 border-dashed p-6 transition-colors sm:flex-row sm:items-center sm:p-7",
        dragging ? "border-brass bg-brass-light/15" : "border-ink/15 bg-white/60",
      )}
    >
      <span className="flex size-14 shrink-0 items-center justify-center rounded-full bg-ink text-brass-light">
        <ImagePlus className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        {progress ? (
          <div className="space-y-2.5">
            <p className="text-sm font-medium">
              Photo {progress.index + 1} sur {progress.count} · <span className="text-stone">{progress.fileName}</span>
            </p>
            <UploadProgress size="md" fileName={progress.fileName} progress={progress.progress} onCancel={onCancel} />
          </div>
        ) : (
          <>
            <p className="font-display text-xl font-semibold">Ajouter des photos</p>
            <p className="mt-1 text-sm text-stone">
              Glissez vos photos ici ou choisissez-les. JPEG, PNG, WebP, AVIF ou GIF, 15 Mo maximum par photo.
            </p>
          </>
        )}
      </div>
      {!progress && (
        <div className="flex shrink-0 gap-2">
          <input
            ref={input}
            id={id}
            type="file"
            multiple
            accept={ACCEPT.image}
            disabled={busy}
            className="peer sr-only"
            onChange={(event) => onFiles(Array.from(event.currentTarget.files ?? []))}
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

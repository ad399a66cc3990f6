import { ImagePlus, LoaderCircle, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { ACCEPT } from "~/rules/uploads";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import { UploadProgress } from "~/features/uploads/upload-progress";
import { useUpload } from "~/features/uploads/use-upload";
import { cn } from "~/lib/cn";
import { useUnsavedChanges } from "~/lib/use-unsaved-changes";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { AltField } from "./alt-field";
import { altFromFileName } from "./alt-text";
import { GALLERY_MSG } from "./messages";
import { isGalleryImage } from "./order";
import { GalleryActionSchema, MAX_BATCH, validationToast, type GalleryActionResult } from "./schema";

type Batch = { index: number; count: number };
/** An uploaded photo waiting for its description before it joins the gallery. */
type Staged = { url: string; fileName: string; alt: string };

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
  const [dragging, setDragging] = useState(false);
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
    let images = files.filter(isGalleryImage);
    for (const file of files.filter((f) => !isGalleryImage(f))) {
      toast.error(GALLERY_MSG.notImage, {
        description: `« ${file.name} » n'est pas une image. ${GALLERY_MSG.formats}`,
      });
    }
    const room = MAX_BATCH - staged.length;
    if (images.length > room) {
      toast.error(GALLERY_MSG.uploadError, { description: GALLERY_MSG.batchTooLarge(MAX_BATCH) });
      images = images.slice(0, Math.max(0, room));
    }
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

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void send(Array.from(event.dataTransfer.files));
  }

  function unstage(index: number) {
    setStaged((current) => current.filter((_, i) => i !== index));
    setFieldErrors({});
  }

  const uploading = state.status === "uploading" && batch;

  return (
    <div className="flex flex-col gap-4">
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

      {staged.length > 0 && (
        <section
          aria-labelledby={`${id}-staged`}
          className="rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-6"
        >
          <h2 id={`${id}-staged`} className="font-display text-xl font-semibold">
            {staged.length > 1 ? `Décrivez vos ${staged.length} photos` : "Décrivez votre photo"}
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-stone">
            Les lecteurs d'écran et les moteurs de recherche lisent cette description à la place de la photo. Dites ce
            qu'elle montre : la machine, le lieu, le client.
          </p>
          <fetcher.Form
            method="post"
            action="/edit-gallery"
            noValidate
            onSubmit={(event) =>
              setFieldErrors(checkBeforeSending(event, GalleryActionSchema, (errors) => validationToast("add", errors)))
            }
          >
            <input type="hidden" name="intent" value="add" />
            <ol ref={list} className="mt-5 divide-y divide-ink/8 border-y border-ink/8" aria-label="Photos à ajouter">
              {staged.map((photo, index) => (
                <li
                  key={photo.url}
                  className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 py-4 sm:grid-cols-[7rem_minmax(0,1fr)_auto] sm:gap-x-5"
                >
                  <input type="hidden" name={`photos.${index}.image_url`} value={photo.url} />
                  <div className="relative col-start-1 row-start-1 size-16 overflow-hidden rounded-xl bg-sand/60 sm:size-28">
                    <Img
                      src={photo.url}
                      alt=""
                      width={224}
                      height={224}
                      sizes="(min-width: 640px) 112px, 64px"
                      maxWidth={240}
                      className="size-full object-cover"
                    />
                  </div>
                  <p className="col-start-2 row-start-1 self-center truncate text-sm text-stone sm:hidden">
                    {photo.fileName}
                  </p>
                  <AltField
                    className="col-span-3 row-start-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
                    name={`photos.${index}.alt`}
                    defaultValue={photo.alt}
                    error={fieldErrors[`photos.${index}.alt`]}
                    context={<span className="sr-only sm:not-sr-only"> · {photo.fileName}</span>}
                  />
                  <button
                    type="button"
                    onClick={() => unstage(index)}
                    disabled={adding}
                    aria-label={`Retirer ${photo.fileName}`}
                    title="Retirer"
                    className="col-start-3 row-start-1 -mt-1 -mr-2 inline-flex size-10 items-center justify-center rounded-full text-ink/60 transition-colors hover:bg-ink/6 hover:text-ink disabled:opacity-35"
                  >
                    <X className="size-[1.1rem]" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ol>
            <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={adding} onClick={() => setStaged([])}>
                Annuler
              </Button>
              <Button type="submit" disabled={adding || batch !== null}>
                {adding ? (
                  <>
                    <LoaderCircle className="animate-spin" aria-hidden="true" /> Ajout à la galerie…
                  </>
                ) : staged.length > 1 ? (
                  `Ajouter les ${staged.length} photos à la galerie`
                ) : (
                  "Ajouter à la galerie"
                )}
              </Button>
            </div>
          </fetcher.Form>
        </section>
      )}
      {unsaved.dialog}
    </div>
  );
}

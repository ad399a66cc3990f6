// The uploaded photos waiting for their descriptions, added to the gallery in one step.
import { LoaderCircle, X } from "lucide-react";
import type { RefObject } from "react";
import type { FetcherWithComponents } from "react-router";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import type { FieldErrors } from "~/lib/staff-action";
import { checkBeforeSending } from "~/lib/use-staff-action";
import { AltField } from "./alt-field";
import { GalleryActionSchema, validationToast, type GalleryActionResult } from "./schema";

/** An uploaded photo waiting for its description before it joins the gallery. */
export type Staged = { url: string; fileName: string; alt: string };

export function StagedPhotos({
  id,
  staged,
  fetcher,
  fieldErrors,
  setFieldErrors,
  adding,
  uploading,
  list,
  onUnstage,
  onClear,
}: {
  id: string;
  staged: Staged[];
  fetcher: FetcherWithComponents<GalleryActionResult>;
  fieldErrors: FieldErrors;
  setFieldErrors: (errors: FieldErrors) => void;
  adding: boolean;
  /** A batch is still uploading: its photos are not staged yet. */
  uploading: boolean;
  list: RefObject<HTMLOListElement | null>;
  onUnstage: (index: number) => void;
  onClear: () => void;
}) {
  return (
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
            <StagedPhoto
              key={photo.url}
              photo={photo}
              index={index}
              error={fieldErrors[`photos.${index}.alt`]}
              adding={adding}
              onUnstage={onUnstage}
            />
          ))}
        </ol>
        <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" disabled={adding} onClick={onClear}>
            Annuler
          </Button>
          <Button type="submit" disabled={adding || uploading}>
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
  );
}

function StagedPhoto({
  photo,
  index,
  error,
  adding,
  onUnstage,
}: {
  photo: Staged;
  index: number;
  error: string | undefined;
  adding: boolean;
  onUnstage: (index: number) => void;
}) {
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-3 py-4 sm:grid-cols-[7rem_minmax(0,1fr)_auto] sm:gap-x-5">
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
      <p className="col-start-2 row-start-1 self-center truncate text-sm text-stone sm:hidden">{photo.fileName}</p>
      <AltField
        className="col-span-3 row-start-2 sm:col-span-1 sm:col-start-2 sm:row-start-1"
        name={`photos.${index}.alt`}
        defaultValue={photo.alt}
        error={error}
        context={<span className="sr-only sm:not-sr-only"> · {photo.fileName}</span>}
      />
      <button
        type="button"
        onClick={() => onUnstage(index)}
        disabled={adding}
        aria-label={`Retirer ${photo.fileName}`}
        title="Retirer"
        className="col-start-3 row-start-1 -mt-1 -mr-2 inline-flex size-10 items-center justify-center rounded-full text-ink/60 transition-colors hover:bg-ink/6 hover:text-ink disabled:opacity-35"
      >
        <X className="size-[1.1rem]" aria-hidden="true" />
      </button>
    </li>
  );
}

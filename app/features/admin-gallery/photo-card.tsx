import { ArrowLeft, ArrowRight, GripVertical, LoaderCircle, Pencil, Star, Trash2 } from "lucide-react";
import { useRef } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { GalleryPhoto } from "../../../server/db/schema";
import { Img } from "~/components/img";
import { Button } from "~/components/ui/button";
import { photoAlt, photoName } from "~/features/gallery/photo";
import { cn } from "~/lib/cn";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { AltField } from "./alt-field";
import { canToggleFeatured, MAX_FEATURED } from "./order";
import { GalleryActionSchema, validationToast, type GalleryActionResult } from "./schema";

const ACTION = "/edit-gallery";

const iconButtonBase =
  "inline-flex size-10 items-center justify-center rounded-full transition-colors disabled:pointer-events-none disabled:opacity-35";
const iconButton = `${iconButtonBase} text-ink/75 hover:bg-ink/6 hover:text-ink`;
const dangerIconButton = `${iconButtonBase} text-danger hover:bg-danger/8 hover:text-danger`;

/** One photo of the admin gallery: its description, featured switch, move earlier/later, delete (after
 * the browser's confirmation). Each action waits for the server before anything changes on screen. */
export function PhotoCard({
  photo,
  position,
  count,
  featuredCount,
  deletion,
  onMove,
  drag,
}: {
  photo: GalleryPhoto;
  position: number;
  count: number;
  featuredCount: number;
  /** Whether this photo is being deleted, or another one (one deletion at a time), and how to ask. */
  deletion: { deleting: boolean; busy: boolean; onRemove: () => void };
  onMove: (delta: number) => void;
  drag: {
    draggable: boolean;
    over: boolean;
    onDragStart: () => void;
    onDragEnd: () => void;
    onDragOver: () => void;
    onDrop: () => void;
  };
}) {
  const featurer = useFetcher<GalleryActionResult>({ key: `gallery-feature-${photo.id}` });
  const revalidator = useRevalidator();
  const { deleting } = deletion;
  const featuring = featurer.state !== "idle";
  const allowed = canToggleFeatured(featuredCount, photo.is_featured);

  // A refusal (the photo is gone, the limit reached elsewhere) brings the list up to date.
  useStaffAction(featurer, (result) => {
    if (!result.ok) void revalidator.revalidate();
  });

  const label = photo.alt?.trim() || photo.nom;

  return (
    <li
      data-photo-id={photo.id}
      aria-label={`${label}, position ${position} sur ${count}${photo.is_featured ? ", en vedette" : ""}`}
      draggable={drag.draggable && !deleting}
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = "move";
        event.dataTransfer.setData("text/plain", photo.id);
        drag.onDragStart();
      }}
      onDragEnd={drag.onDragEnd}
      onDragOver={(event) => {
        if (!drag.draggable) return;
        event.preventDefault();
        drag.onDragOver();
      }}
      onDrop={(event) => {
        event.preventDefault();
        drag.onDrop();
      }}
      className={cn(
        "group relative flex flex-col overflow-hidden rounded-[var(--radius-card)] border bg-white shadow-[var(--shadow-card)] transition-[opacity,box-shadow,border-color]",
        // On a phone's two columns, a card whose description is being edited takes the whole row.
        "has-[details[open]]:col-span-2 md:has-[details[open]]:col-span-1",
        photo.is_featured ? "border-brass/60" : "border-ink/8",
        drag.over && "ring-2 ring-brass ring-offset-2 ring-offset-ivory",
        deleting && "opacity-60",
      )}
    >
      <PhotoPicture photo={photo} position={position} draggable={drag.draggable} deleting={deleting} />

      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <PhotoDescription photo={photo} position={position} count={count} disabled={deleting} />
        <featurer.Form method="post" action={ACTION}>
          <input type="hidden" name="intent" value="feature" />
          <input type="hidden" name="id" value={photo.id} />
          <input type="hidden" name="featured" value={String(!photo.is_featured)} />
          <FeaturedSwitch
            photo={photo}
            label={label}
            allowed={allowed}
            featuring={featuring}
            disabled={!allowed || featuring || deleting}
          />
        </featurer.Form>
        <PhotoMoveAndDelete
          label={label}
          position={position}
          count={count}
          deleting={deleting}
          removeBusy={deletion.busy}
          onMove={onMove}
          onRemove={deletion.onRemove}
        />
      </div>
    </li>
  );
}

/** The photo with its badges: position, 'En vedette', drag handle, deleting. */
function PhotoPicture({
  photo,
  position,
  draggable,
  deleting,
}: {
  photo: GalleryPhoto;
  position: number;
  draggable: boolean;
  deleting: boolean;
}) {
  return (
    <div className="relative aspect-[4/3] bg-sand/60">
      {/* Its description is written just below. */}
      <Img
        src={photo.image_url}
        alt=""
        width={480}
        height={360}
        sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 50vw"
        maxWidth={480}
        className="absolute inset-0 size-full object-cover"
        draggable={false}
      />
      <span className="absolute top-2.5 left-2.5 inline-flex h-7 min-w-7 items-center justify-center rounded-full bg-ink/80 px-2 text-xs font-semibold text-ivory tabular-nums backdrop-blur">
        {position}
      </span>
      {photo.is_featured && (
        <span className="absolute top-2.5 right-2.5 inline-flex h-7 items-center gap-1 rounded-full bg-brass-light px-2.5 text-xs font-semibold text-ink">
          <Star className="size-3.5 fill-current" aria-hidden="true" /> En vedette
        </span>
      )}
      {draggable && (
        <span
          className="absolute bottom-2.5 left-2.5 hidden rounded-full bg-ivory/90 p-1 text-ink/70 shadow-sm group-hover:block"
          aria-hidden="true"
        >
          <GripVertical className="size-4" />
        </span>
      )}
      {deleting && (
        <span className="absolute inset-0 flex items-center justify-center bg-ivory/60" role="status">
          <LoaderCircle className="size-6 animate-spin text-ink" aria-hidden="true" />
          <span className="sr-only">Suppression…</span>
        </span>
      )}
    </div>
  );
}

/** The 'En vedette' switch; refused (greyed) when the featured limit is reached. */
function FeaturedSwitch({
  photo,
  label,
  allowed,
  featuring,
  disabled,
}: {
  photo: GalleryPhoto;
  label: string;
  allowed: boolean;
  featuring: boolean;
  disabled: boolean;
}) {
  return (
    // The switch is a button, a labelable element: a click on the text toggles it.
    <label
      className={cn(
        "flex items-center justify-between gap-3 text-sm",
        allowed ? "cursor-pointer" : "cursor-not-allowed text-stone",
      )}
      title={allowed ? undefined : `Déjà ${MAX_FEATURED} photos en vedette`}
    >
      <span>En vedette</span>
      {/* Sends its form: it works before the app has started. */}
      <button
        type="submit"
        role="switch"
        aria-checked={photo.is_featured}
        aria-label={`En vedette : ${label}`}
        aria-busy={featuring || undefined}
        disabled={disabled}
        className={cn(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition-colors disabled:opacity-45",
          photo.is_featured ? "bg-brass" : "bg-ink/20",
        )}
      >
        <span
          className={cn(
            "inline-flex size-5 items-center justify-center rounded-full bg-white shadow transition-transform",
            photo.is_featured ? "translate-x-6" : "translate-x-1",
          )}
        >
          {featuring && <LoaderCircle className="size-3 animate-spin text-ink" aria-hidden="true" />}
        </span>
      </button>
    </label>
  );
}

/** The photo's description (or, without one, the text visitors' screen readers get instead) and its
 * editor, a disclosure that opens without the app's script and sends a plain form. */
function PhotoDescription({
  photo,
  position,
  count,
  disabled,
}: {
  photo: GalleryPhoto;
  position: number;
  count: number;
  disabled: boolean;
}) {
  const describer = useFetcher<GalleryActionResult>({ key: `gallery-describe-${photo.id}` });
  const editor = useRef<HTMLDetailsElement>(null);
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(describer, (result) => {
    if (result.ok && editor.current) editor.current.open = false;
  });
  // What visitors are told the photo shows: its description, else its real name; an auto-named photo
  // has neither and gets its place in the series.
  const own = photo.alt?.trim() || photoName(photo.nom) || "";
  const shown = photoAlt(photo, position - 1, count);
  return (
    <div className="flex flex-col gap-1.5">
      {own ? (
        <p className="line-clamp-3 text-sm leading-snug font-medium" title={own}>
          {own}
        </p>
      ) : (
        <div className="flex flex-col items-start gap-1 text-sm leading-snug text-stone">
          <span className="rounded-full bg-sand whitespace-nowrap px-2 py-0.5 text-xs font-semibold text-brass-ink">
            Sans description
          </span>
          <p className="line-clamp-2 italic" title={shown}>
            {shown}
          </p>
        </div>
      )}
      <details ref={editor} className="group/editor">
        <summary
          className={cn(
            "inline-flex min-h-10 cursor-pointer list-none items-center gap-1.5 rounded-full text-sm font-medium text-ink/75 underline decoration-brass/50 underline-offset-4 transition-colors hover:text-ink hover:decoration-brass [&::-webkit-details-marker]:hidden",
            disabled && "pointer-events-none opacity-45",
          )}
        >
          <Pencil className="size-3.5 shrink-0" aria-hidden="true" />
          <span>
            {own ? "Modifier la description" : "Ajouter une description"}
            <span className="sr-only"> de la photo {position}</span>
          </span>
        </summary>
        <describer.Form
          // A saved text comes back as the field's new starting value.
          key={own}
          method="post"
          action={ACTION}
          noValidate
          className="mt-2 flex flex-col gap-3"
          onSubmit={(event) =>
            setFieldErrors(
              checkBeforeSending(event, GalleryActionSchema, (errors) => validationToast("describe", errors)),
            )
          }
        >
          <input type="hidden" name="intent" value="describe" />
          <input type="hidden" name="id" value={photo.id} />
          <AltField name="alt" defaultValue={own} error={fieldErrors.alt} rows={3} />
          <Button type="submit" size="sm" disabled={pending || disabled} className="self-start">
            {pending ? "Enregistrement…" : "Enregistrer"}
          </Button>
        </describer.Form>
      </details>
    </div>
  );
}

/** Move the photo one place earlier or later, or delete it. */
function PhotoMoveAndDelete({
  label,
  position,
  count,
  deleting,
  removeBusy,
  onMove,
  onRemove,
}: {
  label: string;
  position: number;
  count: number;
  deleting: boolean;
  removeBusy: boolean;
  onMove: (delta: number) => void;
  onRemove: () => void;
}) {
  return (
    <div className="mt-auto flex items-center justify-between border-t border-ink/8 pt-2">
      <div className="flex">
        <button
          type="button"
          className={iconButton}
          data-move="before"
          onClick={() => onMove(-1)}
          disabled={position === 1 || deleting}
          aria-label={`Déplacer ${label} avant`}
          title="Déplacer avant"
        >
          <ArrowLeft className="size-[1.1rem]" aria-hidden="true" />
        </button>
        <button
          type="button"
          className={iconButton}
          data-move="after"
          onClick={() => onMove(1)}
          disabled={position === count || deleting}
          aria-label={`Déplacer ${label} après`}
          title="Déplacer après"
        >
          <ArrowRight className="size-[1.1rem]" aria-hidden="true" />
        </button>
      </div>
      <button
        type="button"
        className={dangerIconButton}
        onClick={onRemove}
        disabled={removeBusy}
        aria-label={`Supprimer ${label}`}
        title="Supprimer"
      >
        <Trash2 className="size-[1.1rem]" aria-hidden="true" />
      </button>
    </div>
  );
}

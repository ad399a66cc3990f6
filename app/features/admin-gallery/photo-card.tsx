import { ArrowLeft, ArrowRight, GripVertical, LoaderCircle, Star, Trash2 } from "lucide-react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { GalleryActionResult } from "./actions.server";
import type { GalleryPhoto } from "../../../server/db/schema";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { GALLERY_MSG } from "./messages";
import { canToggleFeatured, MAX_FEATURED } from "./order";

const iconButtonBase =
  "inline-flex size-10 items-center justify-center rounded-full transition-colors disabled:pointer-events-none disabled:opacity-35";
const iconButton = `${iconButtonBase} text-ink/75 hover:bg-ink/6 hover:text-ink`;
const dangerIconButton = `${iconButtonBase} text-danger hover:bg-danger/8 hover:text-danger`;

/** One photo of the admin gallery: featured switch, move earlier/later, delete (after the browser's
 * confirmation). Each action waits for the server before anything changes on screen. */
export function PhotoCard({
  photo,
  position,
  count,
  featuredCount,
  onMove,
  drag,
}: {
  photo: GalleryPhoto;
  position: number;
  count: number;
  featuredCount: number;
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
  const fetcher = useFetcher<GalleryActionResult>({ key: `gallery-photo-${photo.id}` });
  const pendingIntent = fetcher.state !== "idle" ? (fetcher.formData?.get("intent") as string | undefined) : undefined;
  const deleting = pendingIntent === "delete";
  const featuring = pendingIntent === "feature";
  const allowed = canToggleFeatured(featuredCount, photo.is_featured);
  const revalidator = useRevalidator();

  // Successes are announced by the route's clientAction. A failed update: once the list is refreshed;
  // a failed delete: as soon as the server answers.
  useFetcherResult(fetcher, (result) => {
    if (!result.ok && result.intent !== "delete") {
      if (result.error !== "invalid") void revalidator.revalidate();
      toast.error(GALLERY_MSG.updateError, {
        description:
          result.error === "limit"
            ? `Déjà ${MAX_FEATURED} photos en vedette : retirez-en une avant d'en ajouter une autre.`
            : result.error === "not-found"
              ? "Cette photo n'existe plus. La liste est à jour."
              : "Veuillez réessayer.",
      });
    }
  });
  useFetcherResult(
    fetcher,
    (result) => {
      if (!result.ok && result.intent === "delete") {
        void revalidator.revalidate();
        toast.error(GALLERY_MSG.deleteError, {
          description:
            result.error === "not-found" ? "Cette photo n'existe plus. La liste est à jour." : "Veuillez réessayer.",
        });
      }
    },
    { stage: "answered" },
  );

  const label = photo.nom;
  function toggleFeatured() {
    if (featuring || (!allowed && !photo.is_featured)) return;
    void fetcher.submit(
      { intent: "feature", id: photo.id, featured: String(!photo.is_featured) },
      { method: "post", action: "/edit-gallery" },
    );
  }
  function remove() {
    if (!window.confirm(GALLERY_MSG.confirmDelete)) return;
    void fetcher.submit({ intent: "delete", id: photo.id }, { method: "post", action: "/edit-gallery" });
  }

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
        photo.is_featured ? "border-brass/60" : "border-ink/8",
        drag.over && "ring-2 ring-brass ring-offset-2 ring-offset-ivory",
        deleting && "opacity-60",
      )}
    >
      <PhotoPicture photo={photo} position={position} draggable={drag.draggable} deleting={deleting} />

      <div className="flex flex-1 flex-col gap-3 p-3 sm:p-4">
        <p className="truncate text-sm font-medium" title={label}>
          {label}
        </p>
        <FeaturedSwitch
          photo={photo}
          allowed={allowed}
          featuring={featuring}
          disabled={!allowed || featuring || deleting}
          onToggle={toggleFeatured}
        />
        <PhotoMoveAndDelete
          label={label}
          position={position}
          count={count}
          deleting={deleting}
          onMove={onMove}
          onRemove={remove}
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
  const label = photo.nom;
  return (
    <div className="relative aspect-[4/3] bg-sand/60">
      <Img
        src={photo.image_url}
        alt={label}
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
  allowed,
  featuring,
  disabled,
  onToggle,
}: {
  photo: GalleryPhoto;
  allowed: boolean;
  featuring: boolean;
  disabled: boolean;
  onToggle: () => void;
}) {
  const label = photo.nom;
  return (
    // eslint-disable-next-line jsx-a11y/label-has-associated-control -- the switch is a button, a labelable element: a click on the text toggles it
    <label
      className={cn(
        "flex items-center justify-between gap-3 text-sm",
        allowed ? "cursor-pointer" : "cursor-not-allowed text-stone",
      )}
      title={allowed ? undefined : `Déjà ${MAX_FEATURED} photos en vedette`}
    >
      <span>En vedette</span>
      <button
        type="button"
        role="switch"
        aria-checked={photo.is_featured}
        aria-label={`En vedette : ${label}`}
        aria-busy={featuring || undefined}
        disabled={disabled}
        onClick={onToggle}
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

/** Move the photo one place earlier or later, or delete it. */
function PhotoMoveAndDelete({
  label,
  position,
  count,
  deleting,
  onMove,
  onRemove,
}: {
  label: string;
  position: number;
  count: number;
  deleting: boolean;
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
        disabled={deleting}
        aria-label={`Supprimer ${label}`}
        title="Supprimer"
      >
        <Trash2 className="size-[1.1rem]" aria-hidden="true" />
      </button>
    </div>
  );
}

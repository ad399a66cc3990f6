// /edit-gallery: the uploader, the featured meter and the photo list (describe, reorder by arrows or
// drag, feature, delete). The route module (app/routes/edit-gallery.tsx) loads and saves through
// queries.server.ts and actions.server.ts.
import { ImageOff, RotateCcw } from "lucide-react";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { GalleryPageData } from "./queries.server";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { formValues, toFormData } from "~/lib/form-values";
import { useStaffAction } from "~/lib/use-staff-action";
import { FeaturedMeter } from "./featured-meter";
import { GalleryUploader } from "./gallery-uploader";
import { GALLERY_MSG } from "./messages";
import { applyOrder, moveBy, moveTo } from "./order";
import { PhotoCard } from "./photo-card";
import type { GalleryActionResult } from "./schema";

export function EditGalleryScreen({ loaderData }: { loaderData: GalleryPageData }) {
  const { loadError } = loaderData;
  const reorder = useFetcher<GalleryActionResult>({ key: "gallery-reorder" });
  const revalidator = useRevalidator();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [canDrag, setCanDrag] = useState(false);

  // While the new order is on its way, show it; if the server refuses it, the list from the database
  // comes back (nothing pretends it worked).
  const pendingIds = reorder.formData ? formValues(reorder.formData).ids : null;
  const pendingOrder = Array.isArray(pendingIds) ? pendingIds.map(String) : null;
  const photos = applyOrder(loaderData.photos, pendingOrder);
  const featuredCount = loaderData.photos.filter((p) => p.is_featured).length;

  useEffect(() => {
    if (loadError) toast.error(GALLERY_MSG.loadError, { description: "Veuillez réessayer dans un instant." });
  }, [loadError]);
  // Drag and drop only where there is a mouse; arrows work everywhere (touch and keyboard).
  // eslint-disable-next-line react-hooks/set-state-in-effect -- known only in the browser, after hydration (the server render has no drag)
  useEffect(() => setCanDrag(window.matchMedia("(hover: hover) and (pointer: fine)").matches), []);

  // A refused order (the gallery changed meanwhile): the list from the database comes back.
  const refreshIfRefused = (result: GalleryActionResult) => {
    if (!result.ok) void revalidator.revalidate();
  };
  useStaffAction(reorder, refreshIfRefused);

  // Deletions are answered here, not on the card that the refreshed list removes; one at a time.
  const deleter = useFetcher<GalleryActionResult>({ key: "gallery-delete" });
  useStaffAction(deleter, refreshIfRefused);
  const sentId = deleter.formData?.get("id");
  const deletingId = deleter.state === "idle" ? null : typeof sentId === "string" ? sentId : "";
  function remove(id: string) {
    if (deleter.state !== "idle" || !window.confirm(GALLERY_MSG.confirmDelete)) return;
    void deleter.submit({ intent: "delete", id }, { method: "post", action: "/edit-gallery" });
  }

  function saveOrder(ids: readonly string[]) {
    void reorder.submit(toFormData({ intent: "reorder", ids }), { method: "post", action: "/edit-gallery" });
  }

  const refocusRef = useFocusFollowsMove();

  function move(index: number, delta: number) {
    const ids = photos.map((p) => p.id);
    const next = moveBy(ids, index, delta);
    if (next === ids) return;
    const moving = ids[index]!;
    if (document.activeElement?.closest(`[data-photo-id="${moving}"]`)) {
      refocusRef.current = { id: moving, direction: delta < 0 ? "before" : "after" };
    }
    saveOrder(next);
  }

  function drop(targetId: string) {
    if (!dragged || dragged === targetId) return;
    const ids = photos.map((p) => p.id);
    const next = moveTo(ids, ids.indexOf(dragged), ids.indexOf(targetId));
    setDragged(null);
    setOver(null);
    if (next !== ids) saveOrder(next);
  }

  return (
    <AdminPage
      title="Galerie Photos"
      intro="Ajoutez vos réalisations, choisissez les photos en vedette sur l'accueil et l'ordre d'affichage."
      back={{ to: "/edit", label: "Retour au panneau" }}
      actions={<FeaturedMeter count={featuredCount} />}
    >
      <GalleryUploader />

      <div className="mt-10 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-2xl font-semibold">
          Photos <span className="font-sans text-base font-normal text-stone">({photos.length})</span>
        </h2>
        <p className="text-sm text-stone" aria-live="polite">
          {reorder.state !== "idle"
            ? "Enregistrement de l'ordre…"
            : "L'accueil et la galerie suivent cet ordre. Utilisez les flèches" +
              (canDrag ? " ou glissez une photo." : ".")}
        </p>
      </div>

      {loadError ? (
        <GalleryLoadError />
      ) : photos.length === 0 ? (
        <EmptyGallery />
      ) : (
        <ol
          className="mt-6 grid grid-cols-1 gap-4 min-[380px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
          aria-label="Photos de la galerie, dans l'ordre d'affichage"
        >
          {photos.map((photo, index) => (
            <PhotoCard
              key={photo.id}
              photo={photo}
              position={index + 1}
              count={photos.length}
              featuredCount={featuredCount}
              deletion={{
                deleting: deletingId === photo.id,
                busy: deletingId !== null,
                onRemove: () => remove(photo.id),
              }}
              onMove={(delta) => move(index, delta)}
              drag={{
                draggable: canDrag,
                over: over === photo.id && dragged !== photo.id,
                onDragStart: () => setDragged(photo.id),
                onDragEnd: () => {
                  setDragged(null);
                  setOver(null);
                },
                onDragOver: () => setOver(photo.id),
                onDrop: () => drop(photo.id),
              }}
            />
          ))}
        </ol>
      )}
    </AdminPage>
  );
}

/** Keyboard users keep their place: after a move, focus follows the photo's arrow (or the other arrow
 * once it reaches an end). Set `.current` to the moved photo and its direction before saving. */
function useFocusFollowsMove() {
  const refocus = useRef<{ id: string; direction: "before" | "after" } | null>(null);
  useLayoutEffect(() => {
    const target = refocus.current;
    if (!target) return;
    const card = document.querySelector<HTMLElement>(`[data-photo-id="${target.id}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${target.direction}"]`);
    const other = card?.querySelector<HTMLButtonElement>(
      `[data-move="${target.direction === "before" ? "after" : "before"}"]`,
    );
    const button = wanted && !wanted.disabled ? wanted : other;
    if (button && document.activeElement !== button) button.focus({ preventScroll: false });
    refocus.current = null;
  });
  return refocus;
}

function GalleryLoadError() {
  const revalidator = useRevalidator();
  return (
    <div
      role="alert"
      className="mt-6 flex flex-col items-center rounded-[var(--radius-card)] border border-danger/30 bg-danger/5 px-6 py-14 text-center"
    >
      <p className="text-lg font-semibold text-danger">{GALLERY_MSG.loadError}</p>
      <p className="mt-1 text-sm text-stone">Vérifiez votre connexion puis réessayez.</p>
      <Button
        className="mt-5"
        variant="outline"
        onClick={() => void revalidator.revalidate()}
        disabled={revalidator.state !== "idle"}
      >
        <RotateCcw aria-hidden="true" /> Réessayer
      </Button>
    </div>
  );
}

function EmptyGallery() {
  return (
    <div className="mt-6 flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 px-6 py-16 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-sand text-brass-ink">
        <ImageOff className="size-6" aria-hidden="true" />
      </span>
      <p className="mt-5 font-display text-2xl font-semibold">Aucune photo pour l'instant</p>
      <p className="mt-2 max-w-sm text-sm text-stone">
        Ajoutez vos premières réalisations avec le bouton « Choisir des photos ».
      </p>
    </div>
  );
}

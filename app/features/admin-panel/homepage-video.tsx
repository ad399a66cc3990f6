import { Clapperboard, Trash2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { HomepageVideo } from "./queries.server";
import type { PanelActionResult } from "./schema";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { formatBytes } from "~/rules/uploads";
import { UploadField } from "~/features/uploads/upload-field";
import { useStaffAction } from "~/lib/use-staff-action";
import { formatDate } from "~/lib/dates";

/** The hero video of the home page: see it, replace it (the newest upload plays at once), remove it. */
export function HomepageVideoCard({ video, loadError }: { video: HomepageVideo | null; loadError: boolean }) {
  const fetcher = useFetcher<PanelActionResult>({ key: "homepage-video" });
  const revalidator = useRevalidator();
  const [confirming, setConfirming] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  // Done or refused, the dialog closes; a refusal also brings the card up to date.
  const { pending: busy } = useStaffAction(fetcher, (result) => {
    setConfirming(false);
    if (!result.ok) void revalidator.revalidate();
  });

  useEffect(() => {
    const element = player.current;
    if (!element || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    element.play().catch(() => {});
  }, [video?.url]);

  return (
    <section aria-labelledby="homepage-video-title" className="mt-14">
      <div className="flex flex-col gap-1">
        <p className="eyebrow">Page d'accueil</p>
        <h2 id="homepage-video-title" className="text-2xl font-semibold sm:text-3xl">
          Vidéo d'accueil
        </h2>
        <p className="max-w-2xl text-sm text-stone">
          Elle joue en boucle, sans le son, derrière le titre de l'accueil. Sans vidéo, l'accueil affiche un fond
          dégradé.
        </p>
      </div>

      <div className="mt-6 grid gap-6 overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-6 lg:grid-cols-[minmax(0,1.35fr)_minmax(0,1fr)] lg:gap-8">
        <div className="relative aspect-video overflow-hidden rounded-2xl bg-ink">
          {video ? (
            <video
              key={video.url}
              ref={player}
              src={video.url}
              muted
              loop
              playsInline
              controls
              preload="metadata"
              aria-label="Vidéo d'accueil actuelle"
              className="size-full object-cover"
            />
          ) : (
            <div className="flex size-full flex-col items-center justify-center gap-3 bg-[radial-gradient(ellipse_at_30%_20%,#2a2e36,transparent_60%),linear-gradient(135deg,#0f1115,#1b1e24_55%,#3a2d17)] p-6 text-center text-ivory">
              <Clapperboard className="size-8 text-brass-light" aria-hidden="true" />
              <p className="font-display text-xl">Aucune vidéo</p>
              <p className="max-w-xs text-sm text-ivory/75">L'accueil affiche ce fond dégradé.</p>
            </div>
          )}
        </div>

        <div className="flex flex-col gap-5">
          {loadError ? (
            <p role="alert" className="rounded-xl bg-danger/8 px-4 py-3 text-sm text-danger">
              Impossible de lire la vidéo actuelle. Veuillez rafraîchir la page.
            </p>
          ) : video ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              <dt className="text-stone">Fichier</dt>
              <dd className="truncate font-medium">{video.name}</dd>
              <dt className="text-stone">Taille</dt>
              <dd>{formatBytes(video.size)}</dd>
              <dt className="text-stone">Ajoutée le</dt>
              <dd>{formatDate(new Date(video.createdAt), "dateTime")}</dd>
            </dl>
          ) : (
            <p className="text-sm text-stone">
              Ajoutez une vidéo courte (10 à 30 secondes), horizontale, sans texte important.
            </p>
          )}

          <UploadField
            bucket="homepage-videos"
            label={video ? "Remplacer la vidéo" : "Ajouter une vidéo"}
            value={video?.url}
            preview={false}
            hint="MP4 ou WebM, 200 Mo maximum. Dès la fin du téléversement, la nouvelle vidéo remplace l'actuelle sur l'accueil."
            failureMessage="Erreur lors du téléchargement"
            onUploaded={(result) => {
              void fetcher.submit({ intent: "video-uploaded", name: result.name }, { method: "post", action: "/edit" });
            }}
          />

          {video && (
            <div className="mt-auto border-t border-ink/8 pt-4">
              <Button variant="dangerGhost" onClick={() => setConfirming(true)} disabled={busy}>
                <Trash2 aria-hidden="true" /> Retirer la vidéo
              </Button>
            </div>
          )}
        </div>
      </div>

      <ConfirmDialog
        open={confirming}
        onOpenChange={(open) => {
          if (!busy) setConfirming(open);
        }}
        title="Retirer la vidéo d'accueil ?"
        description="La vidéo sera supprimée et l'accueil affichera le fond dégradé. Cette action est irréversible."
        confirmLabel={busy ? "Suppression…" : "Retirer la vidéo"}
        pending={busy}
        onConfirm={() => void fetcher.submit({ intent: "delete-video" }, { method: "post", action: "/edit" })}
      />
    </section>
  );
}

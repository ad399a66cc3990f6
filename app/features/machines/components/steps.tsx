import { Maximize2, X } from "lucide-react";
import { useId, useRef } from "react";
import { Img } from "~/components/img";
import { MutedVideo } from "~/features/catalogue/components/media-carousel";
import { isRealMedia } from "~/features/catalogue/media";
import { elide } from "~/lib/elision";

export type StepData = {
  id: string;
  numero: number;
  titre: string;
  description: string;
  image: string | null;
  /** The staff's description of the picture; without one it is decorative (the title is beside it). */
  image_alt?: string | null;
  video: string | null;
};

/**
 * A small muted looping video; a click opens it full screen with controls (still muted), in a native
 * modal dialog: focus moves into it, Escape closes it and focus returns to the video that opened it.
 * The buttons are invoker commands, so the dialog opens and closes before the app runs too (the
 * player then starts with its play button); the app also starts the video, from the beginning.
 */
function ExpandableVideo({ src, title, className }: { src: string; title: string; className?: string }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const dialogId = useId();
  const player = () => dialog.current?.querySelector("video");
  return (
    <>
      <button
        type="button"
        command="show-modal"
        commandfor={dialogId}
        className={`group relative block w-full overflow-hidden rounded-2xl bg-ink ring-1 ring-ink/10 ${className ?? ""}`}
        aria-label={`Agrandir la vidéo : ${title}`}
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault(); // the same as the command, where the browser has no commands
          dialog.current?.showModal();
          const video = player();
          if (video) {
            video.currentTime = 0;
            void video.play().catch(() => {});
          }
        }}
      >
        <MutedVideo
          src={src}
          label={title}
          className="aspect-video w-full object-cover opacity-95 transition group-hover:opacity-100"
        />
        <span className="absolute right-3 bottom-3 flex size-9 items-center justify-center rounded-full bg-ink/70 text-ivory backdrop-blur transition group-hover:bg-ink">
          <Maximize2 className="size-4" aria-hidden="true" />
        </span>
      </button>
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a mouse shortcut only: Escape and the close button do the same from the keyboard */}
      <dialog
        ref={dialog}
        id={dialogId}
        aria-label={title}
        onClose={() => player()?.pause()}
        // A click on the dark surround (the dialog itself, not the video) closes it.
        onClick={(event) => {
          if (event.target === event.currentTarget) dialog.current?.close();
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none items-center justify-center bg-ink p-4 text-ivory backdrop:bg-ink/70 open:flex sm:p-10"
        data-testid="lecteur-plein-ecran"
      >
        <MutedVideo
          src={src}
          label={title}
          controls
          autoPlay={false}
          preload="none"
          className="max-h-full w-full max-w-6xl rounded-xl bg-black object-contain shadow-2xl"
        />
        <button
          type="button"
          command="close"
          commandfor={dialogId}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the modal dialog's initial focus (showModal honours autofocus)
          autoFocus
          onClick={(event) => {
            event.preventDefault();
            dialog.current?.close();
          }}
          className="absolute top-4 right-4 flex size-11 items-center justify-center rounded-full bg-ivory/10 text-ivory ring-1 ring-ivory/20 transition hover:bg-ivory/20"
          aria-label="Fermer la vidéo"
        >
          <X className="size-5" aria-hidden="true" />
        </button>
      </dialog>
    </>
  );
}

/** 'Comment ça fonctionne': the machine's steps in their order, each with an optional video or picture. */
export function StepsSection({
  steps,
  processVideo,
  machineName,
}: {
  steps: StepData[];
  processVideo: string | null;
  machineName: string;
}) {
  const hasProcessVideo = isRealMedia(processVideo);
  if (steps.length === 0 && !hasProcessVideo) return null;
  return (
    <section aria-labelledby="fonctionnement" className="below-fold bg-ink py-20 text-ivory sm:py-24">
      <div className="container-page">
        <div className="max-w-2xl">
          <p className="eyebrow text-brass-light">Étape par étape</p>
          <h2 id="fonctionnement" className="mt-3 text-3xl font-semibold sm:text-4xl">
            Comment ça fonctionne
          </h2>
        </div>
        {hasProcessVideo && (
          <div className="mt-10 max-w-3xl">
            <ExpandableVideo src={processVideo} title={`Fonctionnement ${elide("de", machineName)}`} />
          </div>
        )}
        {steps.length > 0 && (
          <ol className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="etapes">
            {steps.map((step) => (
              <li key={step.id} className="flex flex-col rounded-[var(--radius-card)] bg-ink-2 p-6 ring-1 ring-ivory/8">
                <div className="flex items-center gap-4">
                  <span
                    data-testid="numero-etape"
                    className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brass font-display text-lg font-semibold text-ink tabular-nums"
                  >
                    {step.numero}
                  </span>
                  <h3 className="text-xl font-semibold text-ivory">{step.titre}</h3>
                </div>
                {step.description && <p className="mt-4 leading-relaxed text-ivory/75">{step.description}</p>}
                {isRealMedia(step.video) ? (
                  <div className="mt-auto pt-5">
                    <ExpandableVideo src={step.video} title={`Étape ${step.numero} : ${step.titre}`} />
                  </div>
                ) : isRealMedia(step.image) ? (
                  <div className="mt-auto overflow-hidden rounded-2xl pt-5">
                    <Img
                      src={step.image}
                      alt={step.image_alt?.trim() || ""}
                      width={800}
                      height={600}
                      sizes="(min-width: 1024px) 380px, (min-width: 768px) 45vw, 100vw"
                      maxWidth={640}
                      className="aspect-[4/3] w-full rounded-2xl object-cover"
                    />
                  </div>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}

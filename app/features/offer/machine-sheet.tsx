// The machine view of the offer page: /notre-offre?machine=<id>, an address of its own. The page's
// loader reads the machine and the server renders the view open, in place, so the address opens it
// when shared, before the app starts and without JavaScript; its close control is a link back to
// /notre-offre, and Back closes it. It ends with the way to ask for that machine.
// Opened in the app (from the machines dialog, or by Forward), it is portaled like that dialog: a modal
// dialog hides from assistive technologies everything outside its own layer, the page's root included,
// so a view standing in place under an open machines dialog would be hidden with the page.
import { ChevronLeft, ChevronRight, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { useAppStarted } from "~/lib/use-app-started";
import { wrapIndex } from "~/lib/wrap";
import { contactMachineUrl } from "~/rules/contact-machine";
import { FreeInstallBadge } from "./badges";
import { DialogMessage, OfferDialog } from "./offer-dialog";
import type { MachineDetail, OfferLoaderData } from "./view";

export function MachineSheet({
  view,
  onClose,
  onBack,
}: {
  view: NonNullable<OfferLoaderData["view"]>;
  onClose: () => void;
  /** Back to the machines list it was opened from (none when the address was opened directly). */
  onBack?: () => void;
}) {
  const { machine } = view;
  // Where it first rendered: in place while the app takes over the server's HTML, portaled when the
  // app opens it. Kept for its life, so that the view is never rendered anew where it stands.
  const hydrating = !useAppStarted();
  const [inPlace] = useState(hydrating);
  return (
    <OfferDialog
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      inPlace={inPlace}
      raised
      closeHref="/notre-offre"
      eyebrow="Choisir la machine parfaite"
      title={machine?.nom ?? "Machine non trouvée"}
      level={`machine-${view.id}`}
      back={onBack ? { label: "Machines", onClick: onBack } : undefined}
      testId="machine-view"
    >
      {machine ? <MachineView machine={machine} /> : <DialogMessage>Machine non trouvée</DialogMessage>}
    </OfferDialog>
  );
}

function MachineView({ machine }: { machine: MachineDetail }) {
  const [index, setIndex] = useState(0);
  const images = machine.images;
  const current = images[Math.min(index, images.length - 1)];
  return (
    // Columns that may shrink below their content: a long word or button never widens the view past the screen.
    <article className="grid grid-cols-[minmax(0,1fr)] gap-10 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:gap-14">
      <div>
        <div className="relative aspect-[4/5] overflow-hidden rounded-[var(--radius-card)] bg-sand">
          {current ? (
            <Img
              src={current}
              alt={
                machine.imageAlts?.[Math.min(index, images.length - 1)] ||
                `${machine.nom}, image ${index + 1} sur ${images.length}`
              }
              width={800}
              height={1000}
              sizes="(min-width: 1024px) 520px, 100vw"
              maxWidth={800}
              className="size-full object-cover"
            />
          ) : (
            <p className="flex size-full items-center justify-center text-stone">Aucun média disponible</p>
          )}
          {images.length > 1 && (
            <>
              <button
                type="button"
                aria-label="Image précédente"
                onClick={() => setIndex((i) => wrapIndex(i, -1, images.length))}
                className="absolute top-1/2 left-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-ivory/90 text-ink shadow hover:bg-white"
              >
                <ChevronLeft className="size-5" aria-hidden="true" />
              </button>
              <button
                type="button"
                aria-label="Image suivante"
                onClick={() => setIndex((i) => wrapIndex(i, 1, images.length))}
                className="absolute top-1/2 right-3 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-ivory/90 text-ink shadow hover:bg-white"
              >
                <ChevronRight className="size-5" aria-hidden="true" />
              </button>
            </>
          )}
        </div>
        {images.length > 1 && (
          <ul className="mt-3 -mx-1 flex gap-3 overflow-x-auto p-1">
            {images.map((src, i) => (
              <li key={src + i}>
                <button
                  type="button"
                  onClick={() => setIndex(i)}
                  aria-label={`Afficher l'image ${i + 1}`}
                  aria-current={i === index || undefined}
                  className={cn(
                    "block size-20 overflow-hidden rounded-xl ring-2 ring-offset-2 ring-offset-ivory transition",
                    i === index ? "ring-brass" : "ring-transparent opacity-70 hover:opacity-100",
                  )}
                >
                  <Img
                    src={src}
                    alt=""
                    width={160}
                    height={160}
                    sizes="80px"
                    maxWidth={160}
                    className="size-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <span
            className={cn(
              "inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold",
              machine.disponible ? "bg-success text-white" : "bg-brass-light text-ink",
            )}
          >
            {machine.disponible
              ? "✓ Disponible en entrepôt"
              : `⏱ Sur commande${machine.tempsCommande ? ` (${machine.tempsCommande})` : ""}`}
          </span>
          <FreeInstallBadge />
        </div>
        <h3 className="mt-5 text-3xl font-semibold sm:text-4xl">{machine.nom}</h3>
        <p className="mt-4 text-lg leading-relaxed text-stone">{machine.description}</p>
        {machine.avantages.length > 0 && (
          <section className="mt-8">
            <h4 className="font-display text-xl font-semibold">Avantages</h4>
            <ul className="mt-4 space-y-2.5">
              {machine.avantages.map((a) => (
                <li key={a} className="flex gap-3">
                  <span className="mt-2 size-1.5 shrink-0 rounded-full bg-brass" aria-hidden="true" />
                  <span>{a}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        {machine.specifications.length > 0 && (
          <section className="mt-8">
            <h4 className="font-display text-xl font-semibold">Spécifications techniques</h4>
            <table className="mt-4 w-full text-left text-sm">
              <tbody>
                {machine.specifications.map((s, i) => (
                  <tr key={s.label + i} className="border-b border-ink/8 last:border-b-0">
                    <th scope="row" className="py-3 pr-4 font-medium text-ink">
                      {s.label}
                    </th>
                    <td className="py-3 text-stone">{s.value}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <div className="mt-10 flex flex-col gap-4 border-t border-ink/8 pt-8 sm:flex-row sm:flex-wrap sm:items-center">
          <Link
            to={contactMachineUrl(machine.id)}
            // The button's look, but its label may wrap on a narrow phone (buttonClass keeps one line).
            className="inline-flex min-h-13 w-full items-center justify-center rounded-full bg-ink px-6 py-3 text-center text-base font-medium text-ivory shadow-sm transition-colors duration-200 hover:bg-ink-3 sm:w-auto sm:px-7"
          >
            Demander une soumission pour cette machine
          </Link>
          {machine.categorieId && (
            <Link
              to={`/machines/${machine.categorieId}/${machine.id}`}
              className="inline-flex items-center justify-center gap-2 py-2 font-medium text-brass-ink underline underline-offset-4"
            >
              Voir la fiche complète
              <ExternalLink className="size-4" aria-hidden="true" />
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}

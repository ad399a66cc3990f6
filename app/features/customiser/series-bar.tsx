import { Check, Layers } from "lucide-react";
import { Img } from "~/components/img";
import type { ChosenProduct } from "./state";

/** The quick way to fill a machine: choose a product once, then one tap a slot. Shows which product
 * is being placed while the mode lasts, with the way out ('Terminer'). */
export function SeriesBar({
  placing,
  onStart,
  onStop,
}: {
  placing: ChosenProduct | null;
  onStart: () => void;
  onStop: () => void;
}) {
  if (!placing) {
    return (
      <div className="mb-3 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <p className="text-sm text-stone">Touchez un emplacement pour choisir son produit.</p>
        <button
          type="button"
          onClick={onStart}
          className="inline-flex h-11 items-center gap-2 rounded-full border border-ink/15 bg-white px-4 text-sm font-medium text-ink shadow-sm transition-colors hover:border-ink/40"
        >
          <Layers className="size-4 text-brass-ink" aria-hidden="true" />
          Placer un produit en série
        </button>
      </div>
    );
  }
  return (
    <div
      data-testid="series-mode"
      className="sticky top-20 z-30 mb-3 flex items-center gap-3 rounded-2xl bg-ink p-2.5 pr-3 text-ivory shadow-lg print:hidden"
    >
      <span className="size-11 shrink-0 overflow-hidden rounded-xl bg-white">
        <Img
          src={placing.image}
          alt=""
          width={88}
          height={88}
          sizes="44px"
          maxWidth={88}
          className="size-full object-contain"
        />
      </span>
      <p className="min-w-0 flex-1 text-sm leading-snug">
        <span className="block text-xs font-semibold tracking-wide text-brass-light uppercase">Placement en série</span>
        <span className="block truncate font-semibold">{placing.nom}</span>
        <span className="block text-xs text-ivory/75">Touchez chaque emplacement où le placer.</span>
      </p>
      <button
        type="button"
        onClick={onStart}
        className="hidden h-10 shrink-0 items-center rounded-full px-3 text-sm font-medium text-ivory/90 underline-offset-4 hover:underline sm:inline-flex"
      >
        Changer de produit
      </button>
      <button
        type="button"
        onClick={onStop}
        className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-full bg-brass-light px-4 text-sm font-semibold text-ink transition-colors hover:bg-white"
      >
        <Check className="size-4" aria-hidden="true" />
        Terminer
      </button>
    </div>
  );
}

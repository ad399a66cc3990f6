import { LayoutTemplate, Minus, Plus, RotateCcw, Star, Trash2 } from "lucide-react";
import { typography } from "~/lib/typography";
import { LIMITS, type Section } from "./state";
import { positionText, sizeText } from "./texts";

type Props = {
  section: Section;
  index: number;
  filled: number;
  canRemove: boolean;
  onRows: (delta: number) => void;
  onCols: (delta: number) => void;
  onReset: () => void;
  onRemove: () => void;
  /** 'Remplir avec le Top 10' (absent: no best-seller in the catalogue). */
  onFillTop?: () => void;
  /** 'Appliquer le modèle' (absent: the machine's template has no such section). */
  onApplyTemplate?: () => void;
};

const fillButton =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-ink/12 bg-ivory/60 px-3.5 text-sm font-semibold text-ink transition-colors hover:border-brass hover:bg-white aria-disabled:cursor-not-allowed aria-disabled:text-ink/35 aria-disabled:hover:border-ink/12 aria-disabled:hover:bg-ivory/60";

/** One section's toolbar: rows and columns (1–10), reset to the machine's defaults, remove. */
export function SectionControls({
  section,
  index,
  filled,
  canRemove,
  onRows,
  onCols,
  onReset,
  onRemove,
  onFillTop,
  onApplyTemplate,
}: Props) {
  const number = index + 1;
  const total = section.rows * section.cols;
  return (
    <section
      aria-labelledby={`section-controls-${section.id}`}
      data-testid={`controls-${number}`}
      className="rounded-2xl border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)]"
    >
      <div className="flex items-center gap-2.5">
        <span className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-ink font-semibold text-brass-light tabular-nums">
          {number}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id={`section-controls-${section.id}`} className="font-sans text-base font-semibold">
            Section {number}
          </h2>
          <p className="text-xs text-stone tabular-nums">
            {filled} / {total} remplis
          </p>
        </div>
        <button
          type="button"
          onClick={onReset}
          aria-label={`Réinitialiser la section ${number}`}
          title="Réinitialiser"
          className="-mr-1 inline-flex size-11 items-center justify-center rounded-full text-ink/70 transition-colors hover:bg-ink/5 hover:text-ink"
        >
          <RotateCcw className="size-[1.1rem]" aria-hidden="true" />
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-disabled={!canRemove || undefined}
          aria-label={`Supprimer la section ${number}`}
          title={canRemove ? "Supprimer" : "Il faut au moins une section"}
          className="-mr-2 inline-flex size-11 items-center justify-center rounded-full text-danger/85 transition-colors hover:bg-danger/8 hover:text-danger aria-disabled:cursor-not-allowed aria-disabled:text-ink/25 aria-disabled:hover:bg-transparent"
        >
          <Trash2 className="size-[1.1rem]" aria-hidden="true" />
        </button>
      </div>
      <div className="mt-4 grid grid-cols-2 gap-3">
        <Stepper label="Rangées" sectionNumber={number} value={section.rows} onChange={onRows} noun="une rangée" />
        <Stepper label="Colonnes" sectionNumber={number} value={section.cols} onChange={onCols} noun="une colonne" />
      </div>
      {(onFillTop || onApplyTemplate) && (
        <div className="mt-3 flex flex-wrap gap-2">
          {onFillTop && (
            <button
              type="button"
              onClick={filled < total ? onFillTop : undefined}
              aria-disabled={filled >= total || undefined}
              aria-label={`Remplir avec le Top 10 (section ${number})`}
              title={filled < total ? undefined : "La section est pleine"}
              className={fillButton}
            >
              <Star className="size-4 text-brass" aria-hidden="true" />
              Remplir avec le Top 10
            </button>
          )}
          {onApplyTemplate && (
            <button
              type="button"
              onClick={onApplyTemplate}
              aria-label={`Appliquer le modèle (section ${number})`}
              className={fillButton}
            >
              <LayoutTemplate className="size-4 text-brass" aria-hidden="true" />
              Appliquer le modèle
            </button>
          )}
        </div>
      )}
      <p className="mt-3 text-xs text-stone tabular-nums">
        {typography(`Position ${positionText(section.position)} — ${sizeText(section.size)}`)}
      </p>
    </section>
  );
}

function Stepper({
  label,
  sectionNumber,
  value,
  onChange,
  noun,
}: {
  label: string;
  sectionNumber: number;
  value: number;
  onChange: (delta: number) => void;
  noun: string;
}) {
  const id = `${label}-${sectionNumber}`;
  const button =
    "inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink transition-colors hover:bg-ink/8 aria-disabled:cursor-not-allowed aria-disabled:text-ink/25 aria-disabled:hover:bg-transparent";
  return (
    <div role="group" aria-labelledby={id} className="rounded-xl bg-ivory/80 p-1 ring-1 ring-ink/6">
      <p id={id} className="px-2 pt-1 text-[0.7rem] font-semibold tracking-[0.12em] text-stone uppercase">
        {label}
      </p>
      <div className="flex items-center justify-between">
        <button
          type="button"
          className={button}
          aria-disabled={value <= LIMITS.minGrid || undefined}
          aria-label={`Retirer ${noun} (section ${sectionNumber})`}
          onClick={() => onChange(-1)}
        >
          <Minus className="size-4" aria-hidden="true" />
        </button>
        <output
          className="min-w-6 text-center text-lg font-semibold tabular-nums"
          aria-label={`${label} de la section ${sectionNumber}`}
        >
          {value}
        </output>
        <button
          type="button"
          className={button}
          aria-disabled={value >= LIMITS.maxGrid || undefined}
          aria-label={`Ajouter ${noun} (section ${sectionNumber})`}
          onClick={() => onChange(1)}
        >
          <Plus className="size-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

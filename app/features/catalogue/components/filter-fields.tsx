// The catalogue filter form's fields and buttons. Each works before the app starts, as part of a plain
// GET form; `on…` handlers only add the instant updates once it runs.
import { Award, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { priceFieldValue } from "../filter-form";
import { MAX_QUERY_LENGTH, type ProductFilters } from "~/rules/catalogue-filters";
import { PRICE_DELAY_MS, TYPING_DELAY_MS } from "./use-filter-navigation";

// While the phone's filter panel is open (its popover state, see product-filters.tsx). Written out
// whole: the styles are generated from the class names found in the source.
const OPEN_TOGGLE =
  "group-has-[[data-filtres]:popover-open]/filtres:border-ink group-has-[[data-filtres]:popover-open]/filtres:bg-ink group-has-[[data-filtres]:popover-open]/filtres:text-ivory group-has-[[data-filtres]:popover-open]/filtres:hover:border-ink";
const OPEN_COUNT =
  "group-has-[[data-filtres]:popover-open]/filtres:bg-ivory group-has-[[data-filtres]:popover-open]/filtres:text-ink";

const fieldClass =
  "h-11 w-full rounded-xl border border-ink/12 bg-white px-3.5 text-[0.95rem] text-ink placeholder:text-stone/80 shadow-[inset_0_1px_2px_rgb(15_17_21/0.04)] transition focus:border-ink/40 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brass";

type Typing = {
  applyLater: (field: string, delay: number) => void;
  endTyping: () => void;
};

/** Sets an input's value from the URL when the URL changes, unless the visitor is typing in it. Not when
 * the app starts: the field holds the page's value, or what was typed before the app started. */
function useSyncedValue(ref: React.RefObject<HTMLInputElement | null>, value: string) {
  const last = useRef(value);
  useEffect(() => {
    if (last.current === value) return;
    last.current = value;
    const input = ref.current;
    if (input && input !== document.activeElement && input.value !== value) input.value = value;
  }, [ref, value]);
}

export function NameSearch({ q, applyLater, endTyping }: { q: string } & Typing) {
  const ref = useRef<HTMLInputElement>(null);
  useSyncedValue(ref, q);
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor="filtre-q" className="mb-1.5 block text-sm font-medium text-ink">
        Rechercher par nom
      </label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          ref={ref}
          id="filtre-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={MAX_QUERY_LENGTH}
          placeholder="Café, barre, eau…"
          autoComplete="off"
          enterKeyHint="search"
          className={cn(fieldClass, "pl-10")}
          onChange={() => applyLater("q", TYPING_DELAY_MS)}
          onBlur={endTyping}
        />
      </div>
    </div>
  );
}

/** The phone's 'Filtres' button: it toggles the popover that holds the panel's open state. */
export function FiltersToggle({
  popoverId,
  panelId,
  expanded,
  count,
}: {
  popoverId: string;
  panelId: string;
  expanded: boolean | undefined;
  count: number;
}) {
  return (
    <button
      type="button"
      popoverTarget={popoverId}
      className={cn(
        "relative inline-flex h-11 shrink-0 items-center gap-2 rounded-xl border border-ink/12 bg-white px-3.5 text-sm font-medium text-ink transition hover:border-ink/30 lg:hidden",
        OPEN_TOGGLE,
      )}
      aria-expanded={expanded}
      aria-controls={panelId}
    >
      <SlidersHorizontal className="size-4" aria-hidden="true" />
      Filtres
      {count > 0 && (
        <span
          className={cn(
            "ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-ink px-1.5 text-xs font-semibold text-ivory tabular-nums",
            OPEN_COUNT,
          )}
        >
          <span className="sr-only">(</span>
          {count}
          <span className="sr-only"> actif(s))</span>
        </span>
      )}
    </button>
  );
}

export function PriceFields({ filters, applyLater, endTyping }: { filters: ProductFilters } & Typing) {
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const min = priceFieldValue(filters.min);
  const max = priceFieldValue(filters.max);
  useSyncedValue(minRef, min);
  useSyncedValue(maxRef, max);
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-ink">Prix</legend>
      <div className="grid grid-cols-2 gap-2">
        <div>
          <label htmlFor="filtre-min" className="mb-1 block text-xs text-stone">
            Prix min. ($)
          </label>
          <input
            ref={minRef}
            id="filtre-min"
            name="min"
            type="text"
            inputMode="decimal"
            defaultValue={min}
            placeholder="0"
            autoComplete="off"
            className={fieldClass}
            onChange={() => applyLater("min", PRICE_DELAY_MS)}
            onBlur={endTyping}
          />
        </div>
        <div>
          <label htmlFor="filtre-max" className="mb-1 block text-xs text-stone">
            Prix max. ($)
          </label>
          <input
            ref={maxRef}
            id="filtre-max"
            name="max"
            type="text"
            inputMode="decimal"
            defaultValue={max}
            placeholder="Aucun"
            autoComplete="off"
            className={fieldClass}
            onChange={() => applyLater("max", PRICE_DELAY_MS)}
            onBlur={endTyping}
          />
        </div>
      </div>
    </fieldset>
  );
}

export function Top10Choice({ checked, onChange }: { checked: boolean; onChange: () => void }) {
  return (
    <label
      className={cn(
        "group flex cursor-pointer items-center gap-3 rounded-xl border border-ink/12 bg-white px-3.5 py-3 text-sm font-medium text-ink transition hover:border-ink/30",
        "has-[:checked]:border-ink has-[:checked]:bg-ink has-[:checked]:text-ivory",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brass",
      )}
    >
      <input
        type="checkbox"
        name="top10"
        value="1"
        defaultChecked={checked}
        onChange={onChange}
        className="size-4 accent-brass"
      />
      <Award className="size-4 text-brass-ink group-has-[:checked]:text-brass-light" aria-hidden="true" />
      Top 10 vendeurs
    </label>
  );
}

export function TagChoices({
  tags,
  selected,
  onChange,
}: {
  tags: string[];
  selected: ProductFilters["tags"];
  onChange: () => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-ink">Étiquettes</legend>
      <div className="flex flex-wrap gap-2">
        {tags.map((tag) => {
          return (
            <label key={tag} className="tag-filter">
              <input
                type="checkbox"
                name="tag"
                value={tag}
                defaultChecked={selected.includes(tag)}
                onChange={onChange}
                className="sr-only"
              />
              {tag}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** 'Effacer', the phone's 'Voir les résultats', and 'Appliquer' until the app runs. */
export function FilterActions({
  started,
  onClear,
  onShowResults,
}: {
  started: boolean;
  onClear: () => void;
  onShowResults: () => void;
}) {
  return (
    <div className="flex items-center gap-3 border-t border-ink/8 pt-4">
      <Link
        to="/produits"
        preventScrollReset
        className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink underline-offset-4 hover:bg-ink/5"
        onClick={onClear}
      >
        <X className="size-4" aria-hidden="true" />
        Effacer
      </Link>
      {/* Before the app runs it submits the form and lands on the results. */}
      <button
        type="submit"
        formAction="/produits#resultats"
        className="ml-auto inline-flex h-10 items-center rounded-full bg-ink px-4 text-sm font-medium text-ivory transition hover:bg-ink-3 lg:hidden"
        onClick={(event) => {
          event.preventDefault();
          onShowResults();
        }}
      >
        Voir les résultats
      </button>
      {/* Once the app runs every change applies at once. */}
      {!started && (
        <button
          type="submit"
          className="ml-auto hidden h-10 items-center rounded-full bg-ink px-4 text-sm font-medium text-ivory transition hover:bg-ink-3 lg:inline-flex"
        >
          Appliquer
        </button>
      )}
    </div>
  );
}

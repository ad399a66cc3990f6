import { Award, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import { useAppStarted } from "~/lib/use-app-started";
import {
  activeFilterCount,
  filtersToSearchParams,
  MAX_QUERY_LENGTH,
  parseFilters,
  type ProductFilters,
} from "~/rules/catalogue-filters";

const TYPING_DELAY_MS = 300;
const PRICE_DELAY_MS = 450;

type Props = {
  filters: ProductFilters;
  tags: string[];
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

// While the phone's filter panel is open (its popover state, see below). Written out whole: the styles
// are generated from the class names found in the source.
const OPEN_TOGGLE =
  "group-has-[[data-filtres]:popover-open]/filtres:border-ink group-has-[[data-filtres]:popover-open]/filtres:bg-ink group-has-[[data-filtres]:popover-open]/filtres:text-ivory group-has-[[data-filtres]:popover-open]/filtres:hover:border-ink";
const OPEN_COUNT =
  "group-has-[[data-filtres]:popover-open]/filtres:bg-ivory group-has-[[data-filtres]:popover-open]/filtres:text-ink";
const OPEN_PANEL = "group-has-[[data-filtres]:popover-open]/filtres:flex";

const fieldClass =
  "h-11 w-full rounded-xl border border-ink/12 bg-white px-3.5 text-[0.95rem] text-ink placeholder:text-stone/80 shadow-[inset_0_1px_2px_rgb(15_17_21/0.04)] transition focus:border-ink/40 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brass";

/**
 * The catalogue filters: one GET form whose fields are the URL's parameters. Before the app runs (and
 * without JavaScript) it submits normally; with it, every change updates the URL (and the list) without
 * a full reload, the name and prices after a short pause in typing. The phone's 'Filtres' button toggles
 * a native popover that only holds the panel's open state (the panel shows in CSS while it is open), so
 * it works before the app runs too.
 */
export function ProductFilterForm({ filters, tags }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const qRef = useRef<HTMLInputElement>(null);
  const minRef = useRef<HTMLInputElement>(null);
  const maxRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const typing = useRef<string | null>(null);
  const started = useAppStarted();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const panelState = useRef<HTMLDivElement>(null);

  useSyncedValue(qRef, filters.q);
  useSyncedValue(minRef, filters.min != null ? String(filters.min).replace(".", ",") : "");
  useSyncedValue(maxRef, filters.max != null ? String(filters.max).replace(".", ",") : "");
  useEffect(() => () => clearTimeout(timer.current), []);
  // Checkboxes follow the URL too (back button, 'Effacer'); a click shows at once, before the list loads.
  const lastFilters = useRef(filters);
  useEffect(() => {
    const form = formRef.current;
    if (!form || lastFilters.current === filters) return;
    lastFilters.current = filters;
    for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"][name="tag"]')) {
      input.checked = filters.tags.includes(input.value);
    }
    const top10 = form.querySelector<HTMLInputElement>('input[name="top10"]');
    if (top10) top10.checked = filters.top10;
  }, [filters]);

  /** Navigates to the form's current filters (always back to page 1). */
  const apply = (replace = false) => {
    clearTimeout(timer.current);
    const form = formRef.current;
    if (!form) return;
    const data = new FormData(form);
    const next = parseFilters(
      // The form has no file field: every value is a string.
      new URLSearchParams([...data.entries()].map(([k, v]) => [k, v as string] as [string, string])),
      tags,
    );
    const query = filtersToSearchParams({ ...next, page: 1 }).toString();
    if (`?${query}` === location.search || (query === "" && location.search === "")) return;
    void navigate(query ? `/produits?${query}` : "/produits", { preventScrollReset: true, replace });
  };

  // What was ticked or typed before the app started is applied now, and a 'Filtres' tap kept.
  useEffect(() => {
    setOpen(panelState.current?.matches(":popover-open") ?? false);
    if (!formRef.current) return;
    const data = new URLSearchParams([...new FormData(formRef.current).entries()].map(([k, v]) => [k, v as string]));
    const typed = filtersToSearchParams({ ...parseFilters(data, tags), page: 1 }).toString();
    if (typed !== filtersToSearchParams({ ...filters, page: 1 }).toString()) apply();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app starts
  }, []);

  /** Debounced apply while typing; consecutive keystrokes in one field make one history entry. */
  const applyLater = (field: string, delay: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const replace = typing.current === field;
      typing.current = field;
      apply(replace);
    }, delay);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    typing.current = null;
    apply();
  };

  const count = activeFilterCount(filters);

  return (
    <Form
      ref={formRef}
      method="get"
      action="/produits"
      onSubmit={onSubmit}
      role="search"
      aria-label="Filtrer les produits"
      className="group/filtres flex flex-col gap-4"
    >
      <div
        ref={panelState}
        id={`${panelId}-etat`}
        popover="manual"
        data-filtres
        className="hidden"
        onToggle={(event) => setOpen(event.newState === "open")}
      />
      <div className="flex items-end gap-2">
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
              ref={qRef}
              id="filtre-q"
              name="q"
              type="search"
              defaultValue={filters.q}
              maxLength={MAX_QUERY_LENGTH}
              placeholder="Café, barre, eau…"
              autoComplete="off"
              enterKeyHint="search"
              className={cn(fieldClass, "pl-10")}
              onChange={() => applyLater("q", TYPING_DELAY_MS)}
              onBlur={() => (typing.current = null)}
            />
          </div>
        </div>
        <button
          type="button"
          popoverTarget={`${panelId}-etat`}
          className={cn(
            "relative inline-flex h-11 shrink-0 items-center gap-2 rounded-xl border border-ink/12 bg-white px-3.5 text-sm font-medium text-ink transition hover:border-ink/30 lg:hidden",
            OPEN_TOGGLE,
          )}
          aria-expanded={started ? open : undefined}
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
      </div>

      <div id={panelId} className={cn("hidden flex-col gap-6 pt-1 lg:flex", OPEN_PANEL)} data-testid="filtres-panneau">
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
                defaultValue={filters.min != null ? String(filters.min).replace(".", ",") : ""}
                placeholder="0"
                autoComplete="off"
                className={fieldClass}
                onChange={() => applyLater("min", PRICE_DELAY_MS)}
                onBlur={() => (typing.current = null)}
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
                defaultValue={filters.max != null ? String(filters.max).replace(".", ",") : ""}
                placeholder="Aucun"
                autoComplete="off"
                className={fieldClass}
                onChange={() => applyLater("max", PRICE_DELAY_MS)}
                onBlur={() => (typing.current = null)}
              />
            </div>
          </div>
        </fieldset>

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
            defaultChecked={filters.top10}
            onChange={() => {
              typing.current = null;
              apply();
            }}
            className="size-4 accent-brass"
          />
          <Award className="size-4 text-brass-ink group-has-[:checked]:text-brass-light" aria-hidden="true" />
          Top 10 vendeurs
        </label>

        {tags.length > 0 && (
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
                      defaultChecked={filters.tags.includes(tag)}
                      onChange={() => {
                        typing.current = null;
                        apply();
                      }}
                      className="sr-only"
                    />
                    {tag}
                  </label>
                );
              })}
            </div>
          </fieldset>
        )}

        <div className="flex items-center gap-3 border-t border-ink/8 pt-4">
          <Link
            to="/produits"
            preventScrollReset
            className="inline-flex h-10 items-center gap-1.5 rounded-full px-3 text-sm font-medium text-ink underline-offset-4 hover:bg-ink/5"
            onClick={() => {
              clearTimeout(timer.current);
              typing.current = null;
            }}
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
              panelState.current?.hidePopover();
              document.getElementById("resultats")?.scrollIntoView({ block: "start" });
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
      </div>
    </Form>
  );
}

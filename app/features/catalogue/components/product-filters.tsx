import { Award, Search, SlidersHorizontal, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Form, Link, useLocation, useNavigate } from "react-router";
import { cn } from "~/lib/cn";
import {
  activeFilterCount,
  filtersToSearchParams,
  MAX_QUERY_LENGTH,
  parseFilters,
  type ProductFilters,
} from "../filters";

const TYPING_DELAY_MS = 300;
const PRICE_DELAY_MS = 450;

type Props = {
  filters: ProductFilters;
  tags: string[];
};

/** Sets an input's value from the URL unless the visitor is typing in it. */
function useSyncedValue(ref: React.RefObject<HTMLInputElement | null>, value: string) {
  useEffect(() => {
    const input = ref.current;
    if (input && input !== document.activeElement && input.value !== value) input.value = value;
  }, [ref, value]);
}

const fieldClass =
  "h-11 w-full rounded-xl border border-ink/12 bg-white px-3.5 text-[0.95rem] text-ink placeholder:text-stone/80 shadow-[inset_0_1px_2px_rgb(15_17_21/0.04)] transition focus:border-ink/40 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brass";

/**
 * The catalogue filters: one GET form whose fields are the URL's parameters. Without JavaScript it
 * submits normally; with it, every change updates the URL (and the list) without a full reload,
 * the name and prices after a short pause in typing.
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
  const [open, setOpen] = useState(false);
  const panelId = useId();

  useSyncedValue(qRef, filters.q);
  useSyncedValue(minRef, filters.min != null ? String(filters.min).replace(".", ",") : "");
  useSyncedValue(maxRef, filters.max != null ? String(filters.max).replace(".", ",") : "");
  useEffect(() => () => clearTimeout(timer.current), []);
  // Checkboxes follow the URL too (back button, 'Effacer'); a click shows at once, before the list loads.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
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
      className="flex flex-col gap-4"
    >
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
          className={cn(
            "relative inline-flex h-11 shrink-0 items-center gap-2 rounded-xl border px-3.5 text-sm font-medium transition lg:hidden",
            open ? "border-ink bg-ink text-ivory" : "border-ink/12 bg-white text-ink hover:border-ink/30",
          )}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
        >
          <SlidersHorizontal className="size-4" aria-hidden="true" />
          Filtres
          {count > 0 && (
            <span
              className={cn(
                "ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full px-1.5 text-xs font-semibold tabular-nums",
                open ? "bg-ivory text-ink" : "bg-ink text-ivory",
              )}
            >
              <span className="sr-only">(</span>
              {count}
              <span className="sr-only"> actif(s))</span>
            </span>
          )}
        </button>
      </div>

      <div
        id={panelId}
        className={cn("flex-col gap-6 pt-1 lg:flex", open ? "flex" : "hidden")}
        data-testid="filtres-panneau"
      >
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
          <button
            type="button"
            className="ml-auto inline-flex h-10 items-center rounded-full bg-ink px-4 text-sm font-medium text-ivory transition hover:bg-ink-3 lg:hidden"
            onClick={() => {
              setOpen(false);
              document.getElementById("resultats")?.scrollIntoView({ block: "start" });
            }}
          >
            Voir les résultats
          </button>
          <noscript>
            <button type="submit" className="h-10 rounded-full bg-ink px-4 text-sm font-medium text-ivory">
              Appliquer
            </button>
          </noscript>
        </div>
      </div>
    </Form>
  );
}

import * as Dialog from "@radix-ui/react-dialog";
import { Check, ChevronDown, ChevronLeft, ChevronRight, LoaderCircle, Search, SearchX, X } from "lucide-react";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import {
  ALL,
  DEFAULT_PICKER_FILTERS,
  isDefaultPickerFilters,
  pickerSearchParams,
  type PickerFilters,
  type PickerOptions,
  type PickerPage,
  type PickerProduct,
} from "./filters";

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** 'Section 1 · emplacement 7 (rangée 2, colonne 1)' */
  target: string;
  currentProductId: string | null;
  machineId: string;
  options: PickerOptions;
  firstPage: PickerPage;
  onChoose: (product: PickerProduct) => void;
};

type PickerData = { picker: PickerPage };

const fieldClass =
  "h-11 w-full rounded-full border border-ink/15 bg-white text-sm text-ink outline-none transition-colors focus:border-ink/40 focus:ring-2 focus:ring-brass/40";

/** The product picker (spec: 12 per page in 4 columns, filters name / category / tag, 'all' = no
 * filter). Pages come from the server; the filters stay as they were between two slots. */
export function ProductPicker({
  open,
  onOpenChange,
  target,
  currentProductId,
  machineId,
  options,
  firstPage,
  onChoose,
}: Props) {
  const [filters, setFilters] = useState<PickerFilters>(DEFAULT_PICKER_FILTERS);
  const [query, setQuery] = useState("");
  const fetcher = useFetcher<PickerData>();
  // The page last shown, kept on screen while the next one loads.
  const [lastPage, setLastPage] = useState<PickerPage>(firstPage);
  const ids = { q: useId(), category: useId(), tag: useId(), results: useId() };

  // The name field waits for a pause in typing.
  useEffect(() => {
    if (query === filters.q) return;
    const timer = setTimeout(() => setFilters((f) => ({ ...f, q: query, page: 1 })), 250);
    return () => clearTimeout(timer);
  }, [query, filters.q]);

  const isDefault = isDefaultPickerFilters(filters);
  const wanted = pickerSearchParams(filters).toString();
  const requested = useRef<string | null>(null);
  const load = useRef(fetcher.load);
  useLayoutEffect(() => {
    load.current = fetcher.load;
  });
  useEffect(() => {
    if (!open || isDefault) return;
    requested.current = wanted;
    void load.current(`/creer-machine/${machineId}?${wanted}`);
  }, [open, isDefault, wanted, machineId]);

  // Only an answer to the filters shown counts: until the effect above has asked for them, the data is older.
  // eslint-disable-next-line react-hooks/refs -- never stale: the effect sets it as it calls load, whose loading state renders again
  const fetched = fetcher.state === "idle" && requested.current === wanted ? fetcher.data?.picker : undefined;
  const fresh = isDefault ? firstPage : (fetched ?? null);
  if (fresh && fresh !== lastPage) setLastPage(fresh);
  const page = fresh ?? lastPage;
  const loading = !fresh;

  const set = (patch: Partial<PickerFilters>) => setFilters((f) => ({ ...f, ...patch, page: patch.page ?? 1 }));
  const clear = () => {
    setQuery("");
    setFilters(DEFAULT_PICKER_FILTERS);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/55 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_200ms_ease-out]" />
        <Dialog.Content
          className="fixed inset-x-0 bottom-0 z-50 flex max-h-[94dvh] flex-col overflow-hidden rounded-t-[1.5rem] bg-ivory shadow-2xl outline-none sm:inset-auto sm:top-1/2 sm:left-1/2 sm:max-h-[90dvh] sm:w-[min(64rem,calc(100vw-3rem))] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-[1.5rem] data-[state=open]:animate-[picker-in_240ms_var(--ease-out-soft)]"
          aria-describedby={undefined}
        >
          <div className="flex items-start justify-between gap-4 border-b border-ink/8 px-5 pt-5 pb-4 sm:px-7">
            <div className="min-w-0">
              <Dialog.Title className="font-display text-2xl font-semibold">Choisir un produit</Dialog.Title>
              <p className="mt-1 text-sm text-stone">{target}</p>
            </div>
            <Dialog.Close
              className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-ink hover:bg-ink/8"
              aria-label="Fermer"
            >
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>

          <div
            role="search"
            aria-label="Filtrer les produits"
            className="grid gap-2.5 border-b border-ink/8 px-5 py-3.5 sm:grid-cols-[1.4fr_1fr_1fr] sm:px-7"
          >
            <div className="relative">
              <label htmlFor={ids.q} className="sr-only">
                Nom du produit
              </label>
              <Search
                className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone"
                aria-hidden="true"
              />
              <input
                id={ids.q}
                type="search"
                value={query}
                maxLength={100}
                autoComplete="off"
                placeholder="Rechercher par nom…"
                onChange={(event) => setQuery(event.currentTarget.value)}
                onKeyDown={(event) => {
                  if (event.key === "Enter") {
                    event.preventDefault();
                    set({ q: query });
                  }
                }}
                className={cn(fieldClass, "pr-3 pl-10")}
              />
            </div>
            <FilterSelect
              id={ids.category}
              label="Catégorie"
              allLabel="Toutes les catégories"
              value={filters.category}
              values={options.categories}
              onChange={(category) => set({ category })}
            />
            <FilterSelect
              id={ids.tag}
              label="Tag"
              allLabel="Tous les tags"
              value={filters.tag}
              values={options.tags}
              onChange={(tag) => set({ tag })}
            />
          </div>

          <div className="flex items-center justify-between gap-3 px-5 pt-3 text-sm text-stone sm:px-7">
            <p aria-live="polite" data-testid="picker-count">
              {page.total} produit{page.total > 1 ? "s" : ""} · Page {page.page} sur {page.pageCount}
            </p>
            {loading && <LoaderCircle className="size-4 animate-spin text-brass-ink" aria-label="Chargement" />}
          </div>

          <div id={ids.results} className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-3 pb-5 sm:px-7">
            {page.items.length === 0 ? (
              <div className="flex flex-col items-center py-16 text-center">
                <SearchX className="size-9 text-stone" aria-hidden="true" />
                <p className="mt-3 font-medium">Aucun produit trouvé avec les critères sélectionnés</p>
                <button
                  type="button"
                  onClick={clear}
                  className="mt-4 text-sm font-semibold text-brass-ink underline underline-offset-4"
                >
                  Effacer les filtres
                </button>
              </div>
            ) : (
              <ul
                aria-busy={loading}
                className={cn(
                  "grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 md:grid-cols-4",
                  loading && "opacity-55",
                )}
              >
                {page.items.map((product) => {
                  const current = product.id === currentProductId;
                  return (
                    <li key={product.id}>
                      <button
                        type="button"
                        onClick={() => onChoose(product)}
                        className={cn(
                          "group relative flex h-full w-full flex-col overflow-hidden rounded-2xl bg-white text-left shadow-sm ring-1 transition-[box-shadow,transform] duration-200 hover:-translate-y-0.5 hover:shadow-md",
                          current ? "ring-2 ring-brass" : "ring-ink/8 hover:ring-brass/60",
                        )}
                      >
                        <span className="relative block aspect-square overflow-hidden bg-sand/60">
                          <Img
                            src={product.image}
                            alt=""
                            width={320}
                            height={320}
                            sizes="(min-width: 768px) 220px, (min-width: 640px) 30vw, 45vw"
                            maxWidth={320}
                            className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-105"
                          />
                          {current && (
                            <span className="absolute top-2 right-2 inline-flex size-7 items-center justify-center rounded-full bg-brass text-ink">
                              <Check className="size-4" aria-hidden="true" />
                            </span>
                          )}
                        </span>
                        <span className="flex flex-1 flex-col gap-1 p-3">
                          {/* The button's name is its text: name, price, and whether it is the current product. */}
                          <span className="line-clamp-2 text-sm leading-snug font-semibold">{product.nom}</span>
                          <span className="sr-only">, </span>
                          <span className="mt-auto text-sm text-stone tabular-nums">{formatPrice(product.prix)}</span>
                          {current && <span className="sr-only"> (produit actuel)</span>}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>

          {page.pageCount > 1 && (
            <Pager
              page={page.page}
              pageCount={page.pageCount}
              onPage={(p) => set({ page: p })}
              controls={ids.results}
            />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function FilterSelect({
  id,
  label,
  allLabel,
  value,
  values,
  onChange,
}: {
  id: string;
  label: string;
  allLabel: string;
  value: string;
  values: string[];
  onChange: (value: string) => void;
}) {
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={cn(fieldClass, "appearance-none pr-10 pl-4")}
      >
        <option value={ALL}>{allLabel}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {v}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3.5 size-4 -translate-y-1/2 text-stone"
        aria-hidden="true"
      />
    </div>
  );
}

/** Previous / next and up to 5 page numbers around the current one. */
function Pager({
  page,
  pageCount,
  onPage,
  controls,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  controls: string;
}) {
  const start = Math.max(1, Math.min(page - 2, pageCount - 4));
  const pages = Array.from({ length: Math.min(5, pageCount) }, (_, i) => start + i);
  const item =
    "inline-flex h-11 min-w-11 items-center justify-center rounded-full px-3 text-sm font-medium transition-colors";
  return (
    <nav
      aria-label="Pages de produits"
      className="flex items-center justify-center gap-1 border-t border-ink/8 bg-white/60 px-4 py-3"
    >
      <button
        type="button"
        className={cn(item, "gap-1 hover:bg-ink/6 disabled:pointer-events-none disabled:opacity-40")}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        aria-controls={controls}
      >
        <ChevronLeft className="size-4" aria-hidden="true" />
        <span className="max-sm:sr-only">Précédent</span>
      </button>
      {pages.map((p) => (
        <button
          key={p}
          type="button"
          className={cn(item, p === page ? "bg-ink text-ivory" : "hover:bg-ink/6")}
          aria-current={p === page ? "page" : undefined}
          aria-label={`Page ${p}`}
          onClick={() => onPage(p)}
          aria-controls={controls}
        >
          {p}
        </button>
      ))}
      <button
        type="button"
        className={cn(item, "gap-1 hover:bg-ink/6 disabled:pointer-events-none disabled:opacity-40")}
        disabled={page >= pageCount}
        onClick={() => onPage(page + 1)}
        aria-controls={controls}
      >
        <span className="max-sm:sr-only">Suivant</span>
        <ChevronRight className="size-4" aria-hidden="true" />
      </button>
    </nav>
  );
}

// The product picker's filter bar and its results.
import { Check, ChevronDown, Search, SearchX } from "lucide-react";
import { Img } from "~/components/img";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { ALL, type PickerFilters, type PickerOptions, type PickerPage, type PickerProduct } from "./filters";

const fieldClass =
  "h-11 w-full rounded-full border border-ink/15 bg-white text-sm text-ink outline-none transition-colors focus:border-ink/40 focus:ring-2 focus:ring-brass/40";

/** Name (applied after a pause in typing, or at once with Enter), category and tag. */
export function PickerFilterBar({
  ids,
  query,
  setQuery,
  filters,
  options,
  set,
}: {
  ids: { q: string; category: string; tag: string };
  query: string;
  setQuery: (query: string) => void;
  filters: PickerFilters;
  options: PickerOptions;
  set: (patch: Partial<PickerFilters>) => void;
}) {
  return (
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
  );
}

/** The page's products, or what to do when none matches. */
export function PickerResults({
  page,
  loading,
  currentProductId,
  onChoose,
  onClear,
}: {
  page: PickerPage;
  loading: boolean;
  currentProductId: string | null;
  onChoose: (product: PickerProduct) => void;
  onClear: () => void;
}) {
  return page.items.length === 0 ? (
    <div className="flex flex-col items-center py-16 text-center">
      <SearchX className="size-9 text-stone" aria-hidden="true" />
      <p className="mt-3 font-medium">Aucun produit trouvé avec les critères sélectionnés</p>
      <button
        type="button"
        onClick={onClear}
        className="mt-4 text-sm font-semibold text-brass-ink underline underline-offset-4"
      >
        Effacer les filtres
      </button>
    </div>
  ) : (
    <ul
      aria-busy={loading}
      className={cn("grid grid-cols-2 gap-3 transition-opacity sm:grid-cols-3 md:grid-cols-4", loading && "opacity-55")}
    >
      {page.items.map((product) => (
        <PickerProductCard
          key={product.id}
          product={product}
          current={product.id === currentProductId}
          onChoose={onChoose}
        />
      ))}
    </ul>
  );
}

function PickerProductCard({
  product,
  current,
  onChoose,
}: {
  product: PickerProduct;
  current: boolean;
  onChoose: (product: PickerProduct) => void;
}) {
  return (
    <li>
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

import { LoaderCircle, Search } from "lucide-react";
import { useEffect, useId, useState, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";
import type { AdminProductSearch } from "~/features/catalogue/products.server";
import type { ProductsPageData } from "./queries.server";
import type { Product } from "../../../server/db/schema";
import { formatNumber, formatPrice } from "~/lib/format";
import { cn } from "~/lib/cn";
import { ProductThumb } from "./product-thumb";
import { typography } from "~/lib/typography";

/** Search the catalogue by name on the server (a small page of results, fast at 10,000 products) and
 * pick one product: an always-open combobox, usable with the mouse, a finger or the keyboard. */
export function ProductSelector({
  initial,
  initialQuery = "",
  total,
  selectedId,
  onSelect,
}: {
  initial: AdminProductSearch;
  /** The query the initial results answer (?q= in the page's address). */
  initialQuery?: string;
  total: number;
  selectedId: string | null;
  onSelect: (product: Product) => void;
}) {
  const fetcher = useFetcher<ProductsPageData>({ key: "product-search" });
  const [query, setQuery] = useState(initialQuery);
  const [active, setActive] = useState(-1);
  // Until the user types, the page's own results stand.
  const [typed, setTyped] = useState(false);
  const id = useId();
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (!typed) return;
    const timer = setTimeout(() => {
      void fetcher.load(`/edit-products?search=1&q=${encodeURIComponent(query.trim())}`);
    }, 180);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a search only when the query changes: fetcher itself changes with every load it makes
  }, [query]);

  const results = typed && fetcher.data ? fetcher.data.search : initial;
  const items = results.items;
  const searching = fetcher.state === "loading";

  // New results: no option is active.
  const [activeIn, setActiveIn] = useState(results);
  if (activeIn !== results) {
    setActiveIn(results);
    setActive(-1);
  }
  useEffect(() => {
    const option = active >= 0 && items[active] ? document.getElementById(`${id}-opt-${items[active].id}`) : null;
    option?.scrollIntoView({ block: "nearest" });
  }, [active, items, id]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (items.length === 0) return;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setActive((i) => Math.min(items.length - 1, i + 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => Math.max(0, i - 1));
    } else if (event.key === "Home" && active >= 0) {
      event.preventDefault();
      setActive(0);
    } else if (event.key === "End" && active >= 0) {
      event.preventDefault();
      setActive(items.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      const product = items[active >= 0 ? active : 0];
      if (product) onSelect(product);
    } else if (event.key === "Escape" && query) {
      event.preventDefault();
      setTyped(true);
      setQuery("");
    }
  }

  const summary = resultsSummary(items.length, results.total);

  return (
    <div className="flex min-h-0 flex-col">
      <label htmlFor={`${id}-input`} className="text-sm font-medium text-ink">
        Rechercher un produit
      </label>
      <div className="relative mt-1.5">
        <Search
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-stone"
          aria-hidden="true"
        />
        <input
          id={`${id}-input`}
          type="search"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-describedby={hintId}
          aria-activedescendant={active >= 0 && items[active] ? `${id}-opt-${items[active].id}` : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Nom du produit…"
          value={query}
          onChange={(event) => {
            setTyped(true);
            setQuery(event.target.value);
          }}
          onKeyDown={onKeyDown}
          className="h-11 w-full rounded-xl border border-ink/15 bg-white pr-10 pl-10 text-[0.95rem] outline-none placeholder:text-stone/70 focus:border-ink/40 focus:ring-2 focus:ring-brass/40"
        />
        {searching && (
          <LoaderCircle
            className="absolute top-1/2 right-3.5 size-4 -translate-y-1/2 animate-spin text-stone"
            aria-hidden="true"
          />
        )}
      </div>
      <p id={hintId} className="mt-2 text-xs text-stone" aria-live="polite">
        {summary}
      </p>
      <ul
        id={listId}
        role="listbox"
        aria-label="Produits"
        className={cn(
          "-mx-1 mt-3 max-h-[24rem] space-y-1 overflow-y-auto overscroll-contain px-1 transition-opacity lg:max-h-[calc(100dvh-19rem)]",
          searching && "opacity-60",
        )}
      >
        {items.map((product, index) => (
          <ProductOption
            key={product.id}
            id={`${id}-opt-${product.id}`}
            product={product}
            selected={product.id === selectedId}
            active={index === active}
            onSelect={() => onSelect(product)}
            onHover={() => setActive(index)}
          />
        ))}
      </ul>
      {items.length === 0 && (
        <p className="mt-3 rounded-xl border border-dashed border-ink/15 px-4 py-6 text-center text-sm text-stone">
          {total === 0
            ? typography("Le catalogue est vide : ajoutez votre premier produit.")
            : "Aucun produit ne porte ce nom."}
        </p>
      )}
    </div>
  );
}

/** What the search found, in a line read out to screen readers. */
function resultsSummary(shown: number, total: number): string {
  if (total === 0) return "Aucun produit trouvé";
  if (total > shown) return typography(`${shown} premiers sur ${formatNumber(total)} : précisez la recherche`);
  return `${formatNumber(total)} produit${total > 1 ? "s" : ""}`;
}

/** One product of the results: a click picks it; the keyboard picks from the search box. */
function ProductOption({
  id,
  product,
  selected,
  active,
  onSelect,
  onHover,
}: {
  id: string;
  product: Product;
  selected: boolean;
  active: boolean;
  onSelect: () => void;
  onHover: () => void;
}) {
  return (
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard picks options from the combobox input (aria-activedescendant, Enter)
    <li
      id={id}
      role="option"
      aria-selected={selected}
      onClick={onSelect}
      onMouseEnter={onHover}
      className={cn(
        "flex cursor-pointer items-center gap-3 rounded-xl border px-2.5 py-2 transition-colors",
        selected
          ? "border-ink bg-ink text-ivory"
          : active
            ? "border-ink/20 bg-white"
            : "border-transparent hover:bg-white",
      )}
    >
      <ProductThumb src={product.image} className="size-11" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium">{product.nom}</span>
        <span className={cn("block text-xs tabular-nums", selected ? "text-ivory/75" : "text-stone")}>
          {formatPrice(product.prix)}
          {product.dans_notre_top_10_des_plus_gros_vendeur ? " · Top 10" : ""}
        </span>
      </span>
    </li>
  );
}

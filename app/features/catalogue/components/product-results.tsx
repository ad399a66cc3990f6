import { ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/img";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { MSG } from "~/lib/messages";
import type { ProductListItem } from "../../../../server/data/product-search";
import { pageHref, pagerWindow, type ProductFilters } from "../filters";
import { Top10Badge, TagList } from "./badges";

export const EMPTY_RESULTS_TEXT = "Aucun produit trouvé avec les critères sélectionnés";

/** One product: a compact row below 1024 px, a card in the grid above. */
export function ProductItem({ product, priority, belowFold }: { product: ProductListItem; priority?: boolean; belowFold?: boolean }) {
  return (
    <li className={cn("min-w-0", belowFold && "below-fold [--below-fold-size:6.5rem] sm:[--below-fold-size:7.5rem] lg:[--below-fold-size:24rem]")}>
      <Link
        to={`/produits/${product.id}`}
        prefetch="intent"
        className={cn(
          "group flex h-full items-center gap-4 rounded-2xl bg-white p-3 ring-1 ring-ink/6 transition duration-300",
          "hover:shadow-[var(--shadow-card)] hover:ring-ink/12",
          "lg:flex-col lg:items-stretch lg:gap-0 lg:overflow-hidden lg:rounded-[var(--radius-card)] lg:p-0",
        )}
      >
        <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-white ring-1 ring-ink/5 lg:ring-0 sm:size-24 lg:aspect-square lg:size-auto lg:w-full lg:rounded-none">
          <Img
            src={product.image}
            alt=""
            width={400}
            height={400}
            sizes="(min-width: 1024px) 260px, 96px"
            maxWidth={320}
            priority={priority}
            className="size-full object-cover transition-transform duration-500 ease-[var(--ease-out-soft)] group-hover:scale-[1.04]"
          />
          {product.top10 && <Top10Badge shown="wide" className="absolute top-3 left-3" />}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 lg:border-t lg:border-ink/6 lg:p-4">
          <div className="flex items-start justify-between gap-3">
            <h2 className="min-w-0 font-sans text-[0.95rem] leading-snug font-semibold text-ink group-hover:text-ink-3">
              {product.nom}
            </h2>
            <p className="shrink-0 text-[0.95rem] font-semibold text-ink tabular-nums lg:hidden">{formatPrice(product.prix)}</p>
          </div>
          <div className="flex min-w-0 flex-wrap items-center gap-1.5">
            {product.top10 && <Top10Badge shown="narrow" />}
            <TagList tags={product.tags} max={2} phoneMax={1} />
          </div>
          <div className="mt-auto hidden items-baseline justify-between gap-2 pt-2 lg:flex">
            <p className="font-display text-lg font-semibold text-ink tabular-nums">{formatPrice(product.prix)}</p>
            <p className="text-xs font-medium text-success">{MSG.installationGratuite}</p>
          </div>
        </div>
      </Link>
    </li>
  );
}

export function EmptyResults({ showClear }: { showClear: boolean }) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/50 px-6 py-16 text-center">
      <SearchX className="size-9 text-brass-ink/80" aria-hidden="true" />
      <p className="mt-4 max-w-sm text-lg font-medium text-ink">{EMPTY_RESULTS_TEXT}</p>
      <p className="mt-2 max-w-sm text-sm text-stone">Essayez un autre nom, élargissez la plage de prix ou retirez une étiquette.</p>
      {showClear && (
        <Link to="/produits" className={cn(buttonClass("outline", "sm"), "mt-6")}>
          Effacer les filtres
        </Link>
      )}
    </div>
  );
}

/** Previous / up to 5 page links around the current page / next. */
export function Pager({ filters, page, pageCount }: { filters: ProductFilters; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const pages = pagerWindow(page, pageCount);
  const edge = "flex h-11 items-center gap-1 rounded-full px-3 text-sm font-medium";
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-center gap-1 sm:gap-2">
      {page > 1 ? (
        <Link to={pageHref(filters, page - 1)} className={cn(edge, "text-ink hover:bg-ink/5")} rel="prev" aria-label="Page précédente">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Précédent</span>
        </Link>
      ) : (
        <span role="link" aria-disabled="true" aria-label="Page précédente" className={cn(edge, "cursor-not-allowed text-ink/35")}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="hidden sm:inline">Précédent</span>
        </span>
      )}
      <ul className="flex items-center gap-1">
        {pages.map((n) => (
          <li key={n}>
            <Link
              to={pageHref(filters, n)}
              aria-label={`Page ${n}`}
              aria-current={n === page ? "page" : undefined}
              className={cn(
                "flex size-11 items-center justify-center rounded-full text-sm font-medium tabular-nums transition-colors",
                n === page ? "bg-ink text-ivory" : "text-ink hover:bg-ink/5",
              )}
            >
              {n}
            </Link>
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={pageHref(filters, page + 1)} className={cn(edge, "text-ink hover:bg-ink/5")} rel="next" aria-label="Page suivante">
          <span className="hidden sm:inline">Suivant</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span role="link" aria-disabled="true" aria-label="Page suivante" className={cn(edge, "cursor-not-allowed text-ink/35")}>
          <span className="hidden sm:inline">Suivant</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}

import { ChevronLeft, ChevronRight, SearchX } from "lucide-react";
import { Link } from "react-router";
import { Img } from "~/components/img";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { MSG } from "~/lib/messages";
import type { ProductListItem } from "~/features/catalogue/products.server";
import { pageHref, pagerWindow, type ProductFilters } from "~/rules/catalogue-filters";
import { Top10Badge, TagList } from "./badges";

const EMPTY_RESULTS_TEXT = "Aucun produit trouvé avec les critères sélectionnés";

/** One product: a compact row below 1024 px, a card in the grid above (classes in app.css). */
export function ProductItem({
  product,
  priority,
  belowFold,
}: {
  product: ProductListItem;
  priority?: boolean;
  belowFold?: boolean;
}) {
  return (
    <li className={belowFold ? "below-fold product-slot min-w-0" : "min-w-0"}>
      <Link to={`/produits/${product.id}`} prefetch="intent" className="product-card group">
        <div className="product-card-media">
          <Img
            src={product.image}
            alt={product.image_alt ?? ""}
            width={400}
            height={400}
            sizes="(min-width: 1024px) 260px, 96px"
            maxWidth={320}
            priority={priority}
            className="product-card-image"
          />
        </div>
        <div className="product-card-body">
          <h2 className="product-card-name">{product.nom}</h2>
          <div className="product-card-tags">
            {product.top10 && <Top10Badge className="product-card-top10" />}
            <TagList tags={product.tags} max={2} phoneMax={1} />
          </div>
          <div className="product-card-foot">
            <p className="product-card-price">{formatPrice(product.prix)}</p>
            <p className="product-card-free">{MSG.installationGratuite}</p>
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
      <p className="mt-2 max-w-sm text-sm text-stone">
        Essayez un autre nom, élargissez la plage de prix ou retirez une étiquette.
      </p>
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
        <Link to={pageHref(filters, page - 1)} className={cn(edge, "text-ink hover:bg-ink/5")} rel="prev">
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Précédent</span>
        </Link>
      ) : (
        <span role="link" aria-disabled="true" className={cn(edge, "cursor-not-allowed text-ink/35")}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          <span className="max-sm:sr-only">Précédent</span>
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
        <Link to={pageHref(filters, page + 1)} className={cn(edge, "text-ink hover:bg-ink/5")} rel="next">
          <span className="max-sm:sr-only">Suivant</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
      ) : (
        <span role="link" aria-disabled="true" className={cn(edge, "cursor-not-allowed text-ink/35")}>
          <span className="max-sm:sr-only">Suivant</span>
          <ChevronRight className="size-4" aria-hidden="true" />
        </span>
      )}
    </nav>
  );
}

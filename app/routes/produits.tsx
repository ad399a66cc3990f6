import { data, useNavigation } from "react-router";
import { hasFilters } from "~/rules/catalogue-filters";
import { resultCountLabel } from "~/features/catalogue/display";
import { ProductFilterForm } from "~/features/catalogue/components/product-filters";
import { EmptyResults, Pager, ProductItem } from "~/features/catalogue/components/product-results";
import { breadcrumbJsonLd } from "~/features/catalogue/seo";
import { cn } from "~/lib/cn";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { searchCatalogue } from "~/features/catalogue/queries.server";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/produits";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const started = performance.now();
  const url = new URL(request.url);
  // Tag names, filters and list in one round trip (see searchCatalogue).
  const { tags, filters, result } = await searchCatalogue(db, url.searchParams);
  // Time spent in the database, for the bench and the browser's network panel.
  const headers = { "Server-Timing": `db;desc="catalogue";dur=${(performance.now() - started).toFixed(1)}` };
  return data({ filters: { ...filters, page: result.page }, result, tags }, { headers });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const timing = loaderHeaders.get("Server-Timing");
  return timing ? { "Server-Timing": timing } : new Headers();
};

const DESCRIPTION =
  "Collations, boissons et repas offerts dans nos distributrices : recherchez par nom, prix et étiquette, et découvrez nos 10 meilleurs vendeurs.";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const base = siteFromMatches(matches)?.publicUrl ?? "";
  const filters = loaderData?.filters;
  const onlyPage = filters && !hasFilters(filters) && filters.page > 1;
  return pageMeta(matches, {
    title: filters && filters.page > 1 ? `Produits, page ${filters.page}` : "Produits",
    description: DESCRIPTION,
    path: onlyPage ? `/produits?page=${filters.page}` : "/produits",
    jsonLd: breadcrumbJsonLd(base, [
      { name: "Accueil", path: "/" },
      { name: "Produits", path: "/produits" },
    ]),
  });
};

export default function ProduitsPage({ loaderData }: Route.ComponentProps) {
  const { filters, result, tags } = loaderData;
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/produits";

  return (
    <div className="container-page pt-10 pb-24 sm:pt-14">
      <header className="max-w-2xl">
        <p className="eyebrow">Catalogue</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Nos produits</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone">
          Des collations, boissons et repas choisis avec soin pour vos équipes. Filtrez par nom, prix ou étiquette.
        </p>
      </header>

      <div className="mt-8 lg:mt-12 lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)] lg:items-start lg:gap-10 xl:grid-cols-[18rem_minmax(0,1fr)] xl:gap-14">
        <aside
          aria-label="Filtres"
          className={cn(
            "sticky top-16 z-20 -mx-5 max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-ink/8 bg-ivory/95 px-5 py-3 backdrop-blur-md sm:-mx-8 sm:px-8",
            "lg:top-24 lg:mx-0 lg:max-h-[calc(100dvh-7rem)] lg:rounded-[var(--radius-card)] lg:border lg:border-ink/8 lg:bg-white/70 lg:p-5 lg:backdrop-blur-none",
          )}
        >
          <h2 className="mb-4 hidden font-display text-xl font-semibold lg:block">Filtres</h2>
          <ProductFilterForm filters={filters} tags={tags} />
        </aside>

        <section id="resultats" aria-label="Résultats" className="mt-6 scroll-mt-24 lg:mt-0" aria-busy={loading}>
          <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-b border-ink/8 pb-3">
            <p className="font-medium text-ink" role="status" data-testid="nombre-resultats">
              {resultCountLabel(result.total)}
            </p>
            <p className="text-sm text-stone tabular-nums" data-testid="page-courante">
              Page {result.page} sur {result.pageCount}
            </p>
          </div>

          <div className={cn("transition-opacity duration-200", loading && "opacity-55")}>
            {result.items.length === 0 ? (
              <EmptyResults showClear={hasFilters(filters)} />
            ) : (
              <ul
                className="grid gap-3 sm:grid-cols-2 lg:grid-cols-2 lg:gap-5 xl:grid-cols-3"
                data-testid="liste-produits"
              >
                {result.items.map((product, index) => (
                  <ProductItem key={product.id} product={product} priority={index < 2} belowFold={index >= 6} />
                ))}
              </ul>
            )}
            <Pager filters={filters} page={result.page} pageCount={result.pageCount} />
          </div>
        </section>
      </div>
    </div>
  );
}

import { ArrowLeft, Award, Check } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { buttonClass } from "~/components/ui/button";
import { TagPill, Top10Badge } from "~/features/catalogue/components/badges";
import { MediaCarousel } from "~/features/catalogue/components/media-carousel";
import { productPageData } from "~/features/catalogue/queries.server";
import { breadcrumbJsonLd, productJsonLd } from "~/features/catalogue/seo";
import { cn } from "~/lib/cn";
import { formatPrice } from "~/lib/format";
import { MSG } from "~/lib/messages";
import { getServices } from "~/lib/loader-context.server";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import type { Route } from "./+types/produit";
import { elide } from "~/lib/elision";

const NOT_FOUND = "Produit non trouvé";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await productPageData(getServices(context).db, params.produitId);
  if (!page) throw data({ notFound: "produit" }, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, { title: NOT_FOUND, description: NOT_FOUND, noindex: true });
  const { product, meta } = loaderData;
  const site = siteFromMatches(matches);
  const base = site?.publicUrl ?? "";
  const path = `/produits/${product.id}`;
  return pageMeta(matches, {
    ...meta,
    path,
    jsonLd: [
      productJsonLd(base, {
        ...product,
        images: product.images.map((i) => i.src),
        path,
        categories: product.categorie,
      }),
      breadcrumbJsonLd(base, [
        { name: "Accueil", path: "/" },
        { name: "Produits", path: "/produits" },
        { name: product.nom, path },
      ]),
    ],
  });
};

export default function ProduitPage({ loaderData }: Route.ComponentProps) {
  const { product } = loaderData;
  const tags = product.tags.slice(0, 4);
  return (
    <div className="container-page pt-6 pb-24 sm:pt-10">
      <nav aria-label="Fil d'Ariane" className="text-sm text-stone">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link
              to="/produits"
              className="inline-flex items-center gap-1.5 rounded-full py-1 font-medium text-ink hover:text-brass-ink"
            >
              <ArrowLeft className="size-4" aria-hidden="true" />
              Produits
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate">
            {product.nom}
          </li>
        </ol>
      </nav>

      {product.top10 && (
        <div
          className="mt-6 flex items-center gap-3 rounded-2xl bg-ink px-5 py-3.5 text-ivory shadow-[var(--shadow-card)]"
          data-testid="bandeau-top10"
        >
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brass/20">
            <Award className="size-5 text-brass-light" aria-hidden="true" />
          </span>
          <p className="text-sm sm:text-base">
            <strong className="font-semibold text-brass-light">Dans notre top 10 des plus gros vendeurs.</strong>{" "}
            <span className="text-ivory/80">Un favori de nos clients, tous emplacements confondus.</span>
          </p>
        </div>
      )}

      <div className="mt-6 grid gap-10 md:mt-10 md:grid-cols-2 md:gap-12 lg:gap-20">
        <MediaCarousel
          items={product.images.map(({ src }) => ({ type: "image" as const, src }))}
          label={`Images ${elide("de", product.nom)}`}
          altOf={(_, i) => product.images[i]?.alt ?? product.nom}
          nav="dots"
          width={800}
          height={800}
          sizes="(min-width: 1280px) 560px, (min-width: 768px) 45vw, 100vw"
          fit="cover"
          priority
          emptyText="Aucune image disponible"
          className="md:sticky md:top-24 md:self-start"
        />

        <div className="flex flex-col">
          {product.categorie.length > 0 && (
            <ul className="flex flex-wrap gap-x-3 gap-y-1" aria-label="Catégories">
              {product.categorie.map((categorie) => (
                <li key={categorie} className="eyebrow">
                  {categorie}
                </li>
              ))}
            </ul>
          )}
          <h1 className="mt-3 text-4xl leading-tight font-semibold sm:text-5xl">{product.nom}</h1>
          <div className="mt-5 flex flex-wrap items-center gap-3">
            <p className="font-display text-3xl font-semibold tabular-nums" data-testid="prix">
              {formatPrice(product.prix)}
            </p>
            {product.top10 && <Top10Badge size="md" />}
          </div>

          {product.description && (
            <p className="mt-6 text-lg leading-relaxed whitespace-pre-line text-ink/85">{product.description}</p>
          )}

          {tags.length > 0 && (
            <ul className="mt-6 flex flex-wrap gap-2" aria-label="Étiquettes">
              {tags.map((tag) => (
                <li key={tag}>
                  <TagPill size="md">{tag}</TagPill>
                </li>
              ))}
            </ul>
          )}

          <p className="mt-8 flex items-center gap-2 text-sm font-medium text-success">
            <Check className="size-4" aria-hidden="true" />
            {MSG.installationGratuite} de la distributrice
          </p>

          {product.ingredients && product.ingredients.trim() !== "" && (
            <section
              className="mt-8 rounded-[var(--radius-card)] border border-ink/8 bg-white/70 p-6"
              aria-labelledby="ingredients"
            >
              <h2 id="ingredients" className="text-xl font-semibold">
                Ingrédients
              </h2>
              <p className="mt-3 leading-relaxed whitespace-pre-line text-ink/80">{product.ingredients}</p>
            </section>
          )}

          <div className="mt-10 flex flex-wrap gap-3">
            <Link to="/contact" className={buttonClass("primary", "lg")}>
              Offrir ce produit à mes équipes
            </Link>
            <Link to="/produits" className={cn(buttonClass("outline", "lg"))}>
              Voir tous les produits
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundScreen variant="item" title={NOT_FOUND} backTo={{ to: "/produits", label: "Retour aux produits" }} />
    );
  }
  throw error;
}

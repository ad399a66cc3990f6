import { CategoryCard } from "~/features/machines/components/cards";
import { cn } from "~/lib/cn";
import { breadcrumbJsonLd } from "~/features/catalogue/seo";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { listCategoriesWithCounts } from "~/features/machines/queries.server";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/machines";

export async function loader({ context }: Route.LoaderArgs) {
  return { categories: await listCategoriesWithCounts(getServices(context).db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Machines",
    description:
      "Nos catégories de distributrices haut de gamme : collations, boissons, café et repas frais, installées gratuitement à Québec et Lévis.",
    path: "/machines",
    jsonLd: breadcrumbJsonLd(siteFromMatches(matches)?.publicUrl ?? "", [
      { name: "Accueil", path: "/" },
      { name: "Machines", path: "/machines" },
    ]),
  });

const EMPTY_CATEGORIES = "Aucune catégorie de machine disponible pour le moment.";

export default function MachinesPage({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="container-page pt-10 pb-24 sm:pt-14">
      <header className="max-w-2xl">
        <p className="eyebrow">Nos machines</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">Une distributrice pour chaque espace</h1>
        <p className="mt-4 text-lg leading-relaxed text-stone">
          Choisissez une catégorie pour découvrir nos modèles. Chacun est installé, rempli et entretenu par notre équipe
          locale, sans frais pour votre entreprise.
        </p>
      </header>
      {categories.length === 0 ? (
        <p className="mt-12 rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/50 px-6 py-16 text-center text-lg text-stone">
          {EMPTY_CATEGORIES}
        </p>
      ) : (
        <ul
          className={cn(
            "mt-12 grid gap-6 md:grid-cols-2 lg:gap-8",
            categories.length % 3 !== 1 && categories.length > 2 && "xl:grid-cols-3",
          )}
          data-testid="categories"
        >
          {/* Only the first card is on a phone's first screen: a second urgent picture would share the
              phone's bandwidth with the fonts and the first one. */}
          {categories.map((category, index) => (
            <CategoryCard key={category.id} category={category} priority={index === 0} />
          ))}
        </ul>
      )}
    </div>
  );
}

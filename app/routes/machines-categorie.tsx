import { ArrowLeft } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { MachineCard } from "~/features/machines/components/cards";
import { breadcrumbJsonLd } from "~/features/catalogue/seo";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { categoryPageData } from "~/features/machines/queries.server";
import { categoryDerivedSeo, searchAndSharing } from "~/features/machines/seo";
import { isRealMedia } from "~/features/catalogue/media";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/machines-categorie";

const NOT_FOUND = "Catégorie non trouvée";
const EMPTY_MACHINES = "Aucune machine disponible";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await categoryPageData(getServices(context).db, params.categorieId);
  if (!page) throw data({ notFound: "categorie" }, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, { title: NOT_FOUND, description: NOT_FOUND, noindex: true });
  const { category, machines } = loaderData;
  const path = `/machines/${category.id}`;
  // Shared with the category's own picture, else its first machine's.
  const firstMachine = machines.find((m) => m.image);
  return pageMeta(matches, {
    ...searchAndSharing(category.search, categoryDerivedSeo(category), [
      isRealMedia(category.image) ? { src: category.image.trim(), alt: category.image_alt } : null,
      firstMachine?.image ? { src: firstMachine.image, alt: firstMachine.image_alt } : null,
    ]),
    path,
    jsonLd: breadcrumbJsonLd(siteFromMatches(matches)?.publicUrl ?? "", [
      { name: "Accueil", path: "/" },
      { name: "Machines", path: "/machines" },
      { name: category.nom, path },
    ]),
  });
};

export default function MachinesCategoriePage({ loaderData }: Route.ComponentProps) {
  const { category, machines } = loaderData;
  return (
    <div className="container-page pt-6 pb-24 sm:pt-10">
      <Link
        to="/machines"
        className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-ink hover:text-brass-ink"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Toutes les catégories
      </Link>
      <header className="mt-6 max-w-2xl">
        <p className="eyebrow">Catégorie</p>
        <h1 className="mt-3 text-4xl font-semibold sm:text-5xl">{category.nom}</h1>
        {category.description && <p className="mt-4 text-lg leading-relaxed text-stone">{category.description}</p>}
      </header>
      {machines.length === 0 ? (
        <p className="mt-12 rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/50 px-6 py-16 text-center text-lg text-stone">
          {EMPTY_MACHINES}
        </p>
      ) : (
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:gap-8 xl:grid-cols-3" data-testid="machines">
          {/* Only the first card is on a phone's first screen: a second urgent picture would share the
              phone's bandwidth with the fonts and the first one. */}
          {machines.map((machine, index) => (
            <MachineCard key={machine.id} machine={machine} categoryId={category.id} priority={index === 0} />
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundScreen variant="item" title={NOT_FOUND} backTo={{ to: "/machines", label: "Voir les catégories" }} />
    );
  }
  throw error;
}

import { ArrowLeft, Check } from "lucide-react";
import { data, isRouteErrorResponse, Link, useParams, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { buttonClass } from "~/components/ui/button";
import { MediaCarousel } from "~/features/catalogue/components/media-carousel";
import { isUuid } from "~/rules/id";
import { breadcrumbJsonLd } from "~/features/catalogue/seo";
import { SpecTable } from "~/features/machines/components/spec-table";
import { StepsSection } from "~/features/machines/components/steps";
import { cn } from "~/lib/cn";
import { MSG } from "~/lib/messages";
import { pageMeta, siteFromMatches } from "~/lib/seo";
import { machinePhotoAlt } from "~/features/machines/media";
import { machinePageData } from "~/features/machines/queries.server";
import { machineDerivedSeo, searchAndSharing } from "~/features/machines/seo";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/machine";
import { StaticMarkup } from "~/lib/static-markup";
import { elide } from "~/lib/elision";
import { contactMachineUrl } from "~/rules/contact-machine";

const NOT_FOUND = "Machine non trouvée";

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await machinePageData(getServices(context).db, params.machineId, params.categorieId);
  if (!page) throw data({ notFound: "machine" }, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  if (!loaderData) return pageMeta(matches, { title: NOT_FOUND, description: NOT_FOUND, noindex: true });
  const { machine, category } = loaderData;
  const categoryPath = category ? `/machines/${category.id}` : "/machines";
  const path = `${categoryPath}/${machine.id}`;
  return pageMeta(matches, {
    ...searchAndSharing(machine.search, machineDerivedSeo(machine), [machine.picture]),
    path: category ? path : undefined,
    jsonLd: breadcrumbJsonLd(siteFromMatches(matches)?.publicUrl ?? "", [
      { name: "Accueil", path: "/" },
      { name: "Machines", path: "/machines" },
      ...(category ? [{ name: category.nom, path: categoryPath }] : []),
      { name: machine.nom, path },
    ]),
  });
};

export default function MachinePage({ loaderData }: Route.ComponentProps) {
  const { machine, category, steps } = loaderData;
  const params = useParams();
  const back = category ? `/machines/${category.id}` : `/machines/${params.categorieId}`;
  return (
    <>
      <div className="container-page pt-6 pb-20 sm:pt-10">
        <Link
          to={back}
          className="inline-flex items-center gap-1.5 rounded-full py-1 text-sm font-medium text-ink hover:text-brass-ink"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Retour à la catégorie
        </Link>

        <div className="mt-6 grid gap-10 md:grid-cols-[minmax(0,1.05fr)_minmax(0,1fr)] md:gap-12 lg:gap-20">
          <MediaCarousel
            items={machine.media}
            label={`Photos et vidéo ${elide("de", machine.nom)}`}
            altOf={(item, i) =>
              item.type === "video"
                ? `Vidéo ${elide("de", machine.nom)}`
                : (item.alt ?? machinePhotoAlt(machine.nom, i))
            }
            nav="thumbnails"
            width={800}
            height={1000}
            sizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw"
            fit="cover"
            priority
            emptyText="Aucun média disponible"
            className="md:sticky md:top-24 md:self-start"
          />

          <StaticMarkup className="flex flex-col">
            {category && <p className="eyebrow">{category.nom}</p>}
            <h1 className="mt-3 text-4xl leading-tight font-semibold sm:text-5xl">{machine.nom}</h1>
            <div className="mt-5 flex flex-wrap items-center gap-3">
              <p
                className={cn(
                  "inline-flex items-center gap-2 rounded-full px-4 py-1.5 text-sm font-semibold",
                  machine.disponible_en_entrepot ? "bg-white text-success ring-1 ring-success/30" : "bg-sand text-ink",
                )}
                data-testid="disponibilite"
              >
                {machine.disponible_en_entrepot ? "✓ Disponible en entrepôt" : "⏱ Sur commande"}
                {!machine.disponible_en_entrepot && machine.temps_commande && (
                  <span className="font-normal text-ink/75">· {machine.temps_commande}</span>
                )}
              </p>
              <p className="inline-flex items-center gap-1.5 text-sm font-medium text-success">
                <Check className="size-4" aria-hidden="true" />
                {MSG.installationGratuite}
              </p>
            </div>
            {machine.description && (
              <p className="mt-6 text-lg leading-relaxed whitespace-pre-line text-ink/85">{machine.description}</p>
            )}
            {machine.dimensions?.trim() && (
              <p className="mt-4 text-sm text-stone">
                <span className="font-medium text-ink">Dimensions&nbsp;:</span> {machine.dimensions}
              </p>
            )}

            {machine.avantages.length > 0 && (
              <section aria-labelledby="avantages" className="mt-10">
                <h2 id="avantages" className="text-2xl font-semibold">
                  Avantages
                </h2>
                <ul className="mt-5 grid gap-3">
                  {machine.avantages.map((avantage, i) => (
                    <li key={`${avantage}-${i}`} className="flex items-start gap-3">
                      <span className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-brass/15">
                        <Check className="size-3.5 text-brass-ink" aria-hidden="true" />
                      </span>
                      <span className="leading-relaxed text-ink/85">{avantage}</span>
                    </li>
                  ))}
                </ul>
              </section>
            )}

            <div className="mt-10 flex flex-wrap gap-3">
              <Link to={contactMachineUrl(machine.id)} className={buttonClass("primary", "lg")}>
                Demander une soumission
              </Link>
              <Link to="/produits" className={buttonClass("outline", "lg")}>
                Voir nos produits
              </Link>
            </div>
          </StaticMarkup>
        </div>
      </div>

      <StepsSection steps={steps} processVideo={machine.process_video} machineName={machine.nom} />
      <StaticMarkup>
        <SpecTable lines={machine.specifications} />
      </StaticMarkup>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const params = useParams();
  if (isRouteErrorResponse(error) && error.status === 404) {
    const to = isUuid(params.categorieId) ? `/machines/${params.categorieId}` : "/machines";
    return <NotFoundScreen variant="item" title={NOT_FOUND} backTo={{ to, label: "Retour à la sélection" }} />;
  }
  throw error;
}

import { Suspense } from "react";
import { Await } from "react-router";
import { GalleryGrid, GalleryGridSkeleton } from "~/features/gallery/gallery-grid";
import { galleryPhotos } from "~/features/gallery/queries.server";
import { getServices, readyOrDeferred } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/galerie";

export async function loader({ request, context }: Route.LoaderArgs) {
  // In the page when they come at once; else it streams with 12 placeholder tiles until they are in.
  const photos = galleryPhotos(getServices(context));
  return { photos: (await readyOrDeferred(request, photos)).data };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Galerie de nos réalisations",
    description:
      "Nos réalisations en photos : des distributrices haut de gamme installées dans des bureaux, écoles, gyms et commerces de Québec et Lévis.",
    path: "/galerie",
  });

export default function GaleriePage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="bg-ivory">
      <header className="container-page pt-16 pb-12 sm:pt-24 sm:pb-16">
        <p className="eyebrow">Galerie</p>
        <h1 className="mt-3 max-w-3xl text-4xl leading-[1.02] font-semibold sm:text-6xl">
          Nos réalisations, en images
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-stone">
          On pourrait en parler... mais on préfère vous le montrer. Des distributrices installées chez nos clients de
          Québec et Lévis.
        </p>
      </header>
      <section aria-label="Photos" className="container-page pb-24 sm:pb-32">
        <Suspense fallback={<GalleryGridSkeleton />}>
          <Await resolve={loaderData.photos} errorElement={<GalleryGrid photos={[]} />}>
            {(photos) => <GalleryGrid photos={photos} />}
          </Await>
        </Suspense>
      </section>
    </div>
  );
}

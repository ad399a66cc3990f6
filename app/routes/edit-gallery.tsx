import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-gallery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Galerie Photos", description: "Édition de la galerie.", noindex: true, });

export default function EditGalleryPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Galerie Photos</h1>
    </section>
  );
}

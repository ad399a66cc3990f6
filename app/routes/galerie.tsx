import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/galerie";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Galerie", description: "Nos réalisations en photos : des distributrices installées dans des entreprises de Québec et Lévis.", path: "/galerie", });

export default function GaleriePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Galerie</h1>
    </section>
  );
}

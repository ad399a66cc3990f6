import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Accueil", description: "Distributrices haut de gamme installées gratuitement dans les entreprises de Québec et Lévis.", path: "/", });

export default function HomePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Accueil</h1>
    </section>
  );
}

import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/notre-offre";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Notre offre", description: "Choisissez la machine parfaite, des produits qui se démarquent, et laissez-nous faire le reste.", path: "/notre-offre", });

export default function NotreOffrePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Notre offre</h1>
    </section>
  );
}

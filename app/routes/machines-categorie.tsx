import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/machines-categorie";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Machines", description: "Les machines d'une catégorie.", });

export default function MachinesCategoriePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Machines</h1>
    </section>
  );
}

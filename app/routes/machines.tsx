import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/machines";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Machines", description: "Nos catégories de distributrices.", path: "/machines", });

export default function MachinesPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Machines</h1>
    </section>
  );
}

import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-machines";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Éditer les Machines", description: "Édition des machines.", noindex: true, });

export default function EditMachinesPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Éditer les Machines</h1>
    </section>
  );
}

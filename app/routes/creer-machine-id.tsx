import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/creer-machine-id";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Créer ma machine", description: "Personnalisez la machine.", noindex: true, });

export default function CreerMachineIdPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Créer ma machine</h1>
    </section>
  );
}

import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/creer-machine";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Créer ma machine", description: "Choisissez une machine à personnaliser.", noindex: true, });

export default function CreerMachinePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Créer ma machine</h1>
    </section>
  );
}

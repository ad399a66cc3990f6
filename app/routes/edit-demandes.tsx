import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-demandes";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Demandes de contact", description: "Demandes reçues.", noindex: true, });

export default function EditDemandesPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Demandes de contact</h1>
    </section>
  );
}

import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/politique-de-confidentialite";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Politique de confidentialité", description: "Comment nous protégeons les renseignements personnels transmis par notre formulaire de contact.", path: "/politique-de-confidentialite", });

export default function PolitiqueDeConfidentialitePage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Politique de confidentialité</h1>
    </section>
  );
}

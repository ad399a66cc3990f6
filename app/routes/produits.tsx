import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/produits";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Produits", description: "Collations et boissons offertes dans nos distributrices.", path: "/produits", });

export default function ProduitsPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Produits</h1>
    </section>
  );
}

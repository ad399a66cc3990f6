import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/produit";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Produit", description: "Détail d'un produit.", });

export default function ProduitPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Produit</h1>
    </section>
  );
}

import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Éditer les Produits", description: "Édition des produits.", noindex: true, });

export default function EditProductsPage() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-semibold">Éditer les Produits</h1>
    </section>
  );
}

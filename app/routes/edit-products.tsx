import { productsAction } from "~/features/admin-products/actions.server";
import { productsPageData } from "~/features/admin-products/queries.server";
import { EditProductsScreen } from "~/features/admin-products/edit-products-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-products";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Éditer les Produits", description: "Édition des produits.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return productsPageData(getServices(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return productsAction(getServices(context), request);
}

export default function EditProductsPage({ loaderData }: Route.ComponentProps) {
  return <EditProductsScreen loaderData={loaderData} />;
}

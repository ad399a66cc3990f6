import { galleryAction } from "~/features/admin-gallery/actions.server";
import { galleryPageData } from "~/features/admin-gallery/queries.server";
import { EditGalleryScreen } from "~/features/admin-gallery/edit-gallery-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-gallery";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Galerie Photos", description: "Édition de la galerie.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return galleryPageData(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return galleryAction(getServices(context), request);
}

export default function EditGalleryPage({ loaderData }: Route.ComponentProps) {
  return <EditGalleryScreen loaderData={loaderData} />;
}

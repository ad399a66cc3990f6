import { noteActivity } from "~/features/journal/record.server";
import { editPagesAction } from "~/features/site-texts/staff-actions.server";
import { editPagesData, pageOf } from "~/features/site-texts/staff-queries.server";
import { EditPagesScreen } from "~/features/site-texts/edit-pages-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-pages";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Éditer les Pages", description: "Textes, images et réglages du site.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return editPagesData(getServices(context), pageOf(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return editPagesAction(getServices(context), request, user.name, (summary) => noteActivity(context, summary));
}

export default function EditPagesPage({ loaderData }: Route.ComponentProps) {
  return <EditPagesScreen key={loaderData.page} data={loaderData} />;
}

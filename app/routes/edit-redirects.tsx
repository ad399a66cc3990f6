import { noteActivity } from "~/features/journal/record.server";
import { redirectsAction } from "~/features/redirects/staff-actions.server";
import { redirectsData } from "~/features/redirects/staff-queries.server";
import { RedirectsScreen } from "~/features/redirects/redirects-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-redirects";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Redirections", description: "Redirections et adresses manquées.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return redirectsData(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return redirectsAction(getServices(context), request, (summary) => noteActivity(context, summary));
}

export default function EditRedirectsPage({ loaderData }: Route.ComponentProps) {
  return <RedirectsScreen data={loaderData} />;
}

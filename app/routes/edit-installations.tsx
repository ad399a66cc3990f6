import { installationsListData } from "~/features/installations/staff-queries.server";
import { InstallationsList } from "~/features/installations/list-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-installations";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Parc installé",
    description: "Les machines installées chez les clients.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return installationsListData(getServices(context).db, new URL(request.url));
}

export default function EditInstallationsPage({ loaderData }: Route.ComponentProps) {
  return <InstallationsList {...loaderData} />;
}

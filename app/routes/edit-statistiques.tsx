import { StatisticsView } from "~/features/statistics/dashboard-view";
import { statisticsPageData } from "~/features/statistics/dashboard-queries.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-statistiques";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Statistiques", description: "Fréquentation du site.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return statisticsPageData(getServices(context), new URL(request.url));
}

export default function EditStatistiquesPage({ loaderData }: Route.ComponentProps) {
  return <StatisticsView {...loaderData} />;
}

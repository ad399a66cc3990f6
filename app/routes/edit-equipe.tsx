import { noteActivity } from "~/features/journal/record.server";
import { teamAction } from "~/features/team/staff-actions.server";
import { teamData } from "~/features/team/staff-queries.server";
import { TeamScreen } from "~/features/team/team-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-equipe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Équipe", description: "Comptes du personnel et leurs rôles.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return teamData(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return teamAction(getServices(context), request, user, (summary) => noteActivity(context, summary));
}

export default function EditTeamPage({ loaderData }: Route.ComponentProps) {
  return <TeamScreen data={loaderData} />;
}

import { proposalsListAction } from "~/features/proposals/staff-actions.server";
import { listProposals } from "~/features/proposals/queries.server";
import { StaffProposals } from "~/features/proposals/staff-view";
import { emailConfigured } from "~/features/proposals/staff.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-propositions";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Propositions", description: "Propositions envoyées.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const services = getServices(context);
  return { proposals: await listProposals(services.db), emailConfigured: emailConfigured(services.config) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return proposalsListAction(getServices(context), request, user.name);
}

export default function EditPropositionsPage({ loaderData }: Route.ComponentProps) {
  return <StaffProposals {...loaderData} />;
}

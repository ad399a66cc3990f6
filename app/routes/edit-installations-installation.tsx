import { data } from "react-router";
import { noteActivity } from "~/features/journal/record.server";
import { installationsAction } from "~/features/installations/staff-actions.server";
import { installationPageData } from "~/features/installations/staff-queries.server";
import { InstallationView } from "~/features/installations/detail-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-installations-installation";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.installation.client_name} · ${loaderData.installation.code}` : "Installation",
    description: "Une installation du parc.",
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await installationPageData(getServices(context).db, params.installationId, new URL(request.url));
  if (!page) throw data("Installation introuvable : elle a peut-être été supprimée.", { status: 404 });
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return installationsAction(getServices(context), request, user.name, (summary) => noteActivity(context, summary));
}

export default function InstallationPage({ loaderData }: Route.ComponentProps) {
  return <InstallationView key={loaderData.installation.id} {...loaderData} />;
}

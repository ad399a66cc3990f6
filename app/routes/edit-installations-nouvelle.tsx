import { noteActivity } from "~/features/journal/record.server";
import { installationsAction } from "~/features/installations/staff-actions.server";
import { newInstallationData } from "~/features/installations/staff-queries.server";
import { PlanInstallationForm } from "~/features/installations/plan-form";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-installations-nouvelle";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData?.proposal ? "Planifier l'installation" : "Nouvelle installation",
    description: "Planifier l'installation d'une machine chez un client.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const services = getServices(context);
  const data = await newInstallationData(services.db, new URL(request.url));
  return { ...data, emailConfigured: Boolean(services.config.mail) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return installationsAction(getServices(context), request, user.name, (summary) => noteActivity(context, summary));
}

export default function NewInstallationPage({ loaderData }: Route.ComponentProps) {
  return <PlanInstallationForm key={loaderData.proposal?.id ?? "main"} {...loaderData} />;
}

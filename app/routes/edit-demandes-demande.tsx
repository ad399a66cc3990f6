import { noteActivity } from "~/features/journal/record.server";
import { data } from "react-router";
import { contactRequestsAction } from "~/features/contact-requests/staff-actions.server";
import { requestPageData } from "~/features/contact-requests/staff-queries.server";
import { RequestView } from "~/features/contact-requests/request-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-demandes-demande";
import { elide } from "~/lib/elision";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `Demande ${elide("de", loaderData.request.nom_complet)}` : "Demande",
    description: "Une demande de contact.",
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const page = await requestPageData(getServices(context), params.demandeId);
  if (!page) throw data("Demande introuvable : elle a peut-être été supprimée.", { status: 404 });
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return contactRequestsAction(getServices(context), request, user, (summary) => noteActivity(context, summary), {
    onRequestPage: true,
  });
}

export default function EditDemandePage({ loaderData }: Route.ComponentProps) {
  return <RequestView key={loaderData.request.id} {...loaderData} />;
}

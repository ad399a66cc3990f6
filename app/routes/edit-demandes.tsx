import { noteActivity } from "~/features/journal/record.server";
import { contactRequestsAction } from "~/features/contact-requests/staff-actions.server";
import { contactRequestsPageData } from "~/features/contact-requests/staff-queries.server";
import { InboxView } from "~/features/contact-requests/inbox-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-demandes";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Demandes de contact", description: "Demandes reçues.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdmin(request, context);
  return contactRequestsPageData(getServices(context), new URL(request.url), user.id);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return contactRequestsAction(getServices(context), request, user, (summary) => noteActivity(context, summary));
}

export default function EditDemandesPage({ loaderData }: Route.ComponentProps) {
  return <InboxView {...loaderData} />;
}

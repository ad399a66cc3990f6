import { contactRequestsAction, contactRequestsPageData } from "../../server/admin/contact-requests";
import { requireAdmin } from "../../server/auth/guard";
import { getServices } from "../../server/context";
import { InboxView } from "~/features/admin-contact-requests/inbox-view";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-demandes";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Demandes de contact", description: "Demandes reçues.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return contactRequestsPageData(getServices(context), new URL(request.url));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return contactRequestsAction(getServices(context), await request.formData());
}

export default function EditDemandesPage({ loaderData }: Route.ComponentProps) {
  return <InboxView {...loaderData} />;
}

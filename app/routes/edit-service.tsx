import { serviceInboxData } from "~/features/service/staff-queries.server";
import { ServiceInbox } from "~/features/service/inbox-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-service";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Service",
    description: "Les problèmes et les remboursements signalés aux machines.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireAdmin(request, context);
  const { db, config } = getServices(context);
  const mail = config.mail;
  return serviceInboxData(db, new URL(request.url), {
    notified: mail ? (mail.service ?? mail.leads) : null,
    me: user.id,
  });
}

export default function EditServicePage({ loaderData }: Route.ComponentProps) {
  return <ServiceInbox {...loaderData} />;
}

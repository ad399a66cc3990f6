import { data } from "react-router";
import { noteActivity } from "~/features/journal/record.server";
import { ticketAction } from "~/features/service/staff-actions.server";
import { ticketPageData } from "~/features/service/staff-queries.server";
import { TicketView } from "~/features/service/ticket-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-service-ticket";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.ticket.code} · ${loaderData.machine.client}` : "Signalement",
    description: "Un signalement reçu par le code QR d'une machine.",
    noindex: true,
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const services = getServices(context);
  const page = await ticketPageData(services.db, params.ticketId, { mail: Boolean(services.config.mail) });
  if (!page) throw data("Signalement introuvable : il a peut-être été effacé.", { status: 404 });
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireAdmin(request, context);
  return ticketAction(getServices(context), request, user.name, (summary) => noteActivity(context, summary));
}

export default function TicketPage({ loaderData }: Route.ComponentProps) {
  return <TicketView key={loaderData.ticket.id} {...loaderData} />;
}

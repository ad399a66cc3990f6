import { refundLogData } from "~/features/service/staff-queries.server";
import { RefundLog } from "~/features/service/refunds-view";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-service-remboursements";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Journal des remboursements",
    description: "Les remboursements donnés, par mois et par machine.",
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return refundLogData(getServices(context).db, new URL(request.url));
}

export default function RefundLogPage({ loaderData }: Route.ComponentProps) {
  return <RefundLog {...loaderData} />;
}

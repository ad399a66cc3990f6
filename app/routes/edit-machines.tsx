import { machinesAction } from "~/features/admin-machines/actions.server";
import { machinesPageData } from "~/features/admin-machines/queries.server";
import { EditMachinesScreen } from "~/features/admin-machines/edit-machines-screen";
import { pageMeta } from "~/lib/seo";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-machines";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Éditer les Machines", description: "Machines, étapes et catégories.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return machinesPageData(getServices(context));
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return machinesAction(getServices(context), request);
}

export default function EditMachinesPage({ loaderData }: Route.ComponentProps) {
  return <EditMachinesScreen {...loaderData} />;
}

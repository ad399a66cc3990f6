import { data } from "react-router";
import { clearTemplate } from "~/features/proposals/staff-actions.server";
import { templateStatus } from "~/features/proposals/queries.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-propositions-modele";
import { isUuid } from "~/rules/id";

// A machine's proposal template, for the machine editor: whether one exists, and clearing it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return templateStatus(getServices(context).db, params.machineId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  if (!isUuid(params.machineId)) throw data(null, { status: 404 });
  await clearTemplate(getServices(context).db, params.machineId);
  return { exists: false, updatedAt: null, products: 0 };
}

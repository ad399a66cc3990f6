import { templateAction } from "~/features/proposals/staff-actions.server";
import { templateStatus } from "~/features/proposals/queries.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-propositions-modele";

// A machine's proposal template, for the machine editor: whether one exists, and clearing it.
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return templateStatus(getServices(context).db, params.machineId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return templateAction(getServices(context), request, params.machineId);
}

import { data } from "react-router";
import { installationLabelResponse } from "~/features/installations/label-route.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-installations-etiquette";

/** An installation's label to print: its QR code, its code and the site's phone, on an A6 page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const response = await installationLabelResponse(getServices(context), params.installationId);
  if (!response) throw data("Installation introuvable : elle a peut-être été supprimée.", { status: 404 });
  return response;
}

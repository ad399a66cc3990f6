import { data } from "react-router";
import { labelSheetResponse } from "~/features/installations/label-route.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-installations-etiquettes";

/** Labels to print for several installations (`id=…&id=…`, or every installed one): four to a letter
 * page with cut lines (`format=lettre`, the default), or one per A6 page (`format=a6`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const response = await labelSheetResponse(getServices(context), new URL(request.url));
  if (!response) throw data("Aucune installation à étiqueter.", { status: 404 });
  return response;
}

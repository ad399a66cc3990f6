import { data } from "react-router";
import { ticketPhotoResponse } from "~/features/service/staff-queries.server";
import { getServices, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-service-ticket-photo";

/** A ticket's photo, for the staff only (the session checked here, on the server). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  const response = await ticketPhotoResponse(getServices(context), params.ticketId);
  if (!response) throw data("Photo introuvable : elle a peut-être été effacée.", { status: 404 });
  return response;
}

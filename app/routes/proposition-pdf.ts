import { proposalPdfResponse } from "~/features/proposals/pdf-route.server";
import { getServices } from "~/lib/loader-context.server";
import type { Route } from "./+types/proposition-pdf";

export async function loader({ params, context }: Route.LoaderArgs) {
  return proposalPdfResponse(getServices(context), params.jeton);
}

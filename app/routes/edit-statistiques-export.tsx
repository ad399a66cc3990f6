// GET /edit-statistiques/export?jours=N: the dashboard's figures as a CSV file for the signed-in staff.
// Anyone else gets the guarded layout's 'Page non trouvée' screen with 404, like every staff page.
import { statisticsCsvMiddleware } from "~/features/statistics/dashboard-queries.server";
import { requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-statistiques-export";

export const middleware: Route.MiddlewareFunction[] = [statisticsCsvMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

/** Never shown: signed out, the guarded layout's boundary answers; signed in, the middleware does. */
export default function StatisticsExport() {
  return null;
}

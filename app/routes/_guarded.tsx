import { Outlet, isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { recordActivityMiddleware } from "~/features/journal/record.server";
import { guardMutationsMiddleware, requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/_guarded";

// Protected pages: signed out, every page here answers 'Page non trouvée' with status 404, on first
// load and on client navigation alike; every mutation answers 401. Child loaders and actions call
// requireAdmin themselves too, so their data never leaves the server for a visitor.
// Then every change that went through is written to the activity log (/edit-journal).
export const middleware: Route.MiddlewareFunction[] = [guardMutationsMiddleware, recordActivityMiddleware];

export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return null;
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function Guarded() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && (error.status === 404 || error.status === 401)) {
    return <NotFoundScreen variant="guarded" />;
  }
  throw error;
}

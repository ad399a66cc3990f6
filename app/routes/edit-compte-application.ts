import { authenticatorAction } from "~/features/account/authenticator-actions.server";
import { requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-compte-application";

// Mon compte's authenticator app: its forms post here; the screen is /edit-compte.
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw new Response(null, { status: 404 });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return authenticatorAction(request, context);
}

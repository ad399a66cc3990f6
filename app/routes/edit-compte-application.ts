import { redirect } from "react-router";
import { authenticatorAction } from "~/features/account/authenticator-actions.server";
import { requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-compte-application";

// Mon compte's authenticator app: its forms post here; the address itself opens Mon compte.
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  throw redirect("/edit-compte");
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return authenticatorAction(request, context);
}

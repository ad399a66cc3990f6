import { redirect } from "react-router";
import { ownPasskeysAction } from "~/features/passkeys/staff-actions.server";
import { requireAdmin } from "~/lib/loader-context.server";
import type { Route } from "./+types/edit-compte-cles";

// Mon compte's passkeys: adding one (its prompt's options, then its answer) and removing one.
export function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return redirect("/edit-compte");
}

export function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return ownPasskeysAction(request, context);
}

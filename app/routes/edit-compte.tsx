import { ownAccountAction } from "~/features/account/staff-actions.server";
import { ownAccountData } from "~/features/account/staff-queries.server";
import { AccountScreen } from "~/features/account/account-screen";
import { requireAdmin } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/edit-compte";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Mon compte", description: "Mot de passe et sessions ouvertes.", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAdmin(request, context);
  return ownAccountData(request, context);
}

export async function action({ request, context }: Route.ActionArgs) {
  requireAdmin(request, context);
  return ownAccountAction(request, context);
}

export default function EditAccountPage({ loaderData }: Route.ComponentProps) {
  return <AccountScreen data={loaderData} />;
}

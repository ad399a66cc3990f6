import { choosePassword, resetPage } from "~/features/staff-session/reset.server";
import { ChoosePasswordScreen } from "~/features/staff-session/reset-screens";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mot-de-passe";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Nouveau mot de passe", description: "Accès réservé au personnel.", noindex: true });

export function loader({ context, params }: Route.LoaderArgs) {
  return resetPage(context, params.token);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return choosePassword(request, context, params.token);
}

export default function ChoosePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ChoosePasswordScreen usable={loaderData.usable} result={actionData} />;
}

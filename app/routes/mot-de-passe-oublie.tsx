import { requestPasswordReset } from "~/features/staff-session/reset.server";
import { ResetRequestScreen } from "~/features/staff-session/reset-screens";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/mot-de-passe-oublie";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Mot de passe oublié", description: "Accès réservé au personnel.", noindex: true });

export function action({ request, context }: Route.ActionArgs) {
  return requestPasswordReset(request, context);
}

export default function ForgottenPasswordPage({ actionData }: Route.ComponentProps) {
  return <ResetRequestScreen result={actionData} />;
}

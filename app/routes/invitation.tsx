import { acceptInvitationAction, invitationPage } from "~/features/team/invitation.server";
import { InvitationScreen } from "~/features/team/invitation-screen";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Invitation", description: "Rejoindre l'équipe.", noindex: true });

export function loader({ request, context, params }: Route.LoaderArgs) {
  return invitationPage(request, context, params.token);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return acceptInvitationAction(request, context, params.token);
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  return <InvitationScreen invitation={loaderData.invitation} passkey={loaderData.passkey} result={actionData} />;
}

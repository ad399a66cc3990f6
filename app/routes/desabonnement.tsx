import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { OptOutPage } from "~/features/monthly-report/opt-out-view";
import { optOutAction, optOutPageData } from "~/features/monthly-report/opt-out.server";
import { getServices } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/desabonnement";

// The monthly report's opt-out, reached from the email's link or by a mail client's one-click POST
// (RFC 8058): a personal page (app/rules/personal-pages.ts): never cached or indexed, its token kept
// out of the statistics and the request log. Works without JavaScript and without a cookie.
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Rapport mensuel",
    description: "Ne plus recevoir le rapport mensuel de votre machine.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ params, context }: Route.LoaderArgs) {
  return optOutPageData(getServices(context), params.jeton);
}

export async function action({ params, context }: Route.ActionArgs) {
  return optOutAction(getServices(context), params.jeton);
}

export default function OptOutRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <OptOutPage page={actionData ?? loaderData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen variant="oops" />;
  throw error;
}

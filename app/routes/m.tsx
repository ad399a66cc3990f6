import { isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { machinePageAction, machinePageData } from "~/features/machine-page/page.server";
import { MachinePage } from "~/features/machine-page/machine-view";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/m";

// A machine's public page, reached by the QR code on its label: never indexed, never in the visitors'
// page cache (app/rules/personal-pages.ts), no cookie. Its three forms post here, without JavaScript too.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.machine.name} (${loaderData.machine.code})` : "Page non trouvée",
    description: "Signaler un problème, demander un remboursement ou suggérer un produit.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return machinePageData(getServices(context), params.code, request);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return machinePageAction(getServices(context), params.code, request, getRequestInfo(context).ip);
}

export default function MachineRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MachinePage {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen variant="oops" />;
  throw error;
}

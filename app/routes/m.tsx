import { data, isRouteErrorResponse, useRouteError } from "react-router";
import type { MachineMissing } from "~/features/machine-page/forms";
import { machinePageAction, machinePageData } from "~/features/machine-page/page.server";
import { MachinePage } from "~/features/machine-page/machine-view";
import { MachineMissingScreen } from "~/features/machine-page/missing-view";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/m";

// A machine's public page, reached by the QR code on its label: never indexed, no cookie. The page itself
// is served from the visitors' page cache (the installation's changes move the content version on); a
// form, a search or a confirmation (its query) is rendered for its request and kept by no one. Its three
// forms post here, without JavaScript too.
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title: loaderData ? `${loaderData.machine.name} (${loaderData.machine.code})` : "Page non trouvée",
    description: "Signaler un problème, demander un remboursement ou suggérer un produit.",
    noindex: true,
  });

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { "X-Robots-Tag": "noindex, nofollow", ...(cacheControl ? { "Cache-Control": cacheControl } : {}) };
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const page = await machinePageData(getServices(context), params.code, request);
  return new URL(request.url).search ? data(page, { headers: { "Cache-Control": "private, no-store" } }) : page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return machinePageAction(getServices(context), params.code, request, getRequestInfo(context).ip);
}

export default function MachineRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <MachinePage {...loaderData} result={actionData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <MachineMissingScreen {...(error.data as MachineMissing)} />;
  }
  throw error;
}

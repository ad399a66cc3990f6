import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { clientPageAction, clientPageData } from "~/features/proposals/client.server";
import { ClientProposal, ExpiredProposal } from "~/features/proposals/client-view";
import { proposalPdfResponse } from "~/features/proposals/pdf-route.server";
import { pdfSegmentToken } from "~/features/proposals/rules";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/proposition";

// A client's own proposal: personal, so never indexed, never in the sitemap nor the visitors' page
// cache (server/pages/handler.ts renders it for each request).
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, {
    title:
      loaderData && !loaderData.expired
        ? `Votre proposition : ${loaderData.proposal.machine_name}`
        : "Proposition expirée",
    description: "Votre machine, produit par produit.",
    noindex: true,
  });

// The PDF's address is the page's with '.pdf' on the end ({jeton}.pdf): a route segment cannot hold a
// parameter and a suffix, so this route answers it before its loader runs. An unknown token goes on to
// the loader, which answers the site's 404.
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, params, context }) => {
    const token = pdfSegmentToken(params.jeton);
    if (!token || (request.method !== "GET" && request.method !== "HEAD")) return;
    return (await proposalPdfResponse(getServices(context), token)) ?? undefined;
  },
];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow" });

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await clientPageData(getServices(context), params.jeton, {
    staff: Boolean(getRequestInfo(context).user),
  });
  if (!page) throw data(null, { status: 404 });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return clientPageAction(getServices(context), params.jeton, await request.formData());
}

export default function PropositionPage({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.expired) return <ExpiredProposal />;
  return <ClientProposal proposal={loaderData.proposal} promises={loaderData.promises} result={actionData} />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen variant="oops" />;
  throw error;
}

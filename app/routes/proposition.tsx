import { data, isRouteErrorResponse, useRouteError } from "react-router";
import { NotFoundScreen } from "~/components/not-found";
import { clientPageAction, clientPageData } from "~/features/proposals/client.server";
import { ClientProposal, ExpiredProposal } from "~/features/proposals/client-view";
import { missingProposalStatus } from "~/features/proposals/erased.server";
import { ErasedProposal } from "~/features/proposals/erased-view";
import { proposalPdfResponse } from "~/features/proposals/pdf-route.server";
import { pdfSegmentToken } from "~/features/proposals/rules";
import { ProposalSeen } from "~/features/proposals/seen";
import { useNonce } from "~/lib/nonce";
import { getRequestInfo, getServices } from "~/lib/loader-context.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/proposition";

// A client's own proposal: personal, so never indexed, never in the sitemap nor the visitors' page
// cache (server/pages/handler.ts renders it for each request).
export const meta: Route.MetaFunction = ({ matches, loaderData, error }) =>
  pageMeta(matches, {
    title:
      loaderData && !loaderData.expired
        ? `Votre proposition : ${loaderData.proposal.machine_name}`
        : isRouteErrorResponse(error) && error.status === 410
          ? "Proposition retirée"
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
  const page = await clientPageData(getServices(context), params.jeton);
  // An erased proposal's page and PDF answer 410 (gone), an unknown token 404.
  if (!page) throw data(null, { status: await missingProposalStatus(getServices(context).db, params.jeton) });
  return page;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return clientPageAction(getServices(context), params.jeton, request, getRequestInfo(context).ip);
}

export default function PropositionPage({ loaderData, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  if (loaderData.expired) return <ExpiredProposal />;
  return (
    <>
      <ProposalSeen nonce={nonce} />
      <ClientProposal proposal={loaderData.proposal} promises={loaderData.promises} result={actionData} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen variant="oops" />;
  if (isRouteErrorResponse(error) && error.status === 410) return <ErasedProposal />;
  throw error;
}

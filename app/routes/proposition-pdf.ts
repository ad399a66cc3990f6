import { data, redirect } from "react-router";
import { isProposalToken, proposalPdfPath } from "~/features/proposals/rules";
import type { Route } from "./+types/proposition-pdf";

// The PDF's first address (/proposition/{jeton}/pdf), kept for the emails that carry it.
export function loader({ params }: Route.LoaderArgs) {
  if (!isProposalToken(params.jeton)) throw data(null, { status: 404 });
  throw redirect(proposalPdfPath(params.jeton), 301);
}

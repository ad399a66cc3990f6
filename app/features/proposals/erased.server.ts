// A proposal link that leads nowhere: 410 when the proposal was erased (at the person's request, or
// at the end of its retention period), 404 when there never was one.
import { isErasedProposalLink } from "./store.server";
import type { Db } from "../../../server/db/client";
import { isProposalToken, pdfSegmentToken } from "./rules";

/** The status for the client's page or its PDF ('{jeton}.pdf') when no proposal has the token. */
export async function missingProposalStatus(db: Db, segment: string | undefined): Promise<404 | 410> {
  const token = pdfSegmentToken(segment) ?? segment;
  return isProposalToken(token) && (await isErasedProposalLink(db, token)) ? 410 : 404;
}

// /proposition/{jeton}/pdf: the PDF of a client's proposal, made for each request (never cached: it is
// personal).
import { shownTexts } from "../../../server/data/site-texts";
import { siteConfigOf } from "~/rules/site-texts";
import type { Services } from "../../../server/context";
import { fileSlug } from "~/features/customiser/texts";
import { renderProposalPdf } from "./pdf.server";
import { getClientProposal } from "./queries.server";
import { isProposalToken } from "./rules";

const PERSONAL = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function proposalPdfResponse(
  { db, config, storage }: Pick<Services, "db" | "config" | "storage">,
  token: string | undefined,
): Promise<Response> {
  const p = isProposalToken(token) ? await getClientProposal(db, token) : null;
  if (!p)
    return new Response("Page non trouvée", {
      status: 404,
      headers: { ...PERSONAL, "Content-Type": "text/plain; charset=utf-8" },
    });
  if (p.expired && p.status !== "acceptee")
    return new Response("Cette proposition a expiré. Demandez-nous-en une nouvelle.", {
      status: 410,
      headers: { ...PERSONAL, "Content-Type": "text/plain; charset=utf-8" },
    });
  // The business facts as published in 'Éditer les Pages'.
  const site = siteConfigOf(await shownTexts(db, "settings", config.site), config.site.publicUrl);
  const pdf = await renderProposalPdf(p, site, storage);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PERSONAL,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="proposition-${fileSlug(p.machine_name)}.pdf"`,
    },
  });
}

// /proposition/{jeton}.pdf: the PDF of a client's proposal, made for each request (never cached: it is
// personal). The client's page route answers it (app/routes/proposition.tsx).
import { shownTexts } from "../../../server/data/site-texts";
import { siteConfigOf } from "~/rules/site-texts";
import type { Services } from "../../../server/context";
import { fileSlug } from "~/features/customiser/texts";
import { servicePromises } from "./promises";
import { getClientProposal } from "./queries.server";

const PERSONAL = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

/** The PDF, or null when no proposal has this token (the caller answers the site's 404). */
export async function proposalPdfResponse(
  { db, config, storage }: Pick<Services, "db" | "config" | "storage">,
  token: string,
): Promise<Response | null> {
  const p = await getClientProposal(db, token);
  if (!p) return null;
  if (p.expired && p.status !== "acceptee")
    return new Response("Cette proposition a expiré. Demandez-nous-en une nouvelle.", {
      status: 410,
      headers: { ...PERSONAL, "Content-Type": "text/plain; charset=utf-8" },
    });
  // The business facts and the promises as published in 'Éditer les Pages'.
  const [settings, home] = await Promise.all([
    shownTexts(db, "settings", config.site),
    shownTexts(db, "home", config.site),
  ]);
  // The PDF library (about 60 MB of memory) loads with the first PDF asked for, not with the server.
  const { renderProposalPdf } = await import("./pdf.server");
  const pdf = await renderProposalPdf(p, siteConfigOf(settings, config.site.publicUrl), servicePromises(home), storage);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PERSONAL,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="proposition-${fileSlug(p.machine_name)}.pdf"`,
    },
  });
}

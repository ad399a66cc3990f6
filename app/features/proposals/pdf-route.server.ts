// /proposition/{jeton}.pdf: the PDF of a client's proposal. Personal, so never in a shared cache; drawn
// in a worker thread and kept on this server's disk until what it shows changes (pdf-renderer.server.ts).
// The client's page route answers it (app/routes/proposition.tsx).
import { shownTexts } from "../site-texts/store.server";
import { siteConfigOf } from "~/features/site-texts/site-texts";
import type { Services } from "../../../server/context";
import { fileSlug } from "~/features/customiser/texts";
import { pdfContent, withPictures } from "./pdf-input.server";
import { PdfQueueFullError, renderInWorker, storedPdf } from "./pdf-renderer.server";
import { servicePromises } from "./promises";
import { getClientProposal, type ClientProposal } from "./queries.server";

const PERSONAL = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
const TEXT = { ...PERSONAL, "Content-Type": "text/plain; charset=utf-8" };
const RETRY_AFTER_SECONDS = 10;

type PdfServices = Pick<Services, "db" | "config" | "storage">;

/** The proposal's PDF as it is now: kept, or drawn (in a worker) and kept. */
async function proposalPdf({ db, config, storage }: PdfServices, p: ClientProposal): Promise<Buffer> {
  // The business facts and the promises as published in 'Éditer les Pages'.
  const [settings, home] = await Promise.all([
    shownTexts(db, "settings", config.site),
    shownTexts(db, "home", config.site),
  ]);
  const content = pdfContent(p, siteConfigOf(settings, config.site.publicUrl), servicePromises(home));
  return storedPdf(config.dataDir, p.id, content.key, () =>
    renderInWorker(async () => ({ kind: "proposal", input: await withPictures(content, storage) })),
  );
}

/** Draws the proposal's PDF now that it has been sent or accepted, so that the client who opens it gets
 * it at once. Nothing waits for it; a failure is logged, and the PDF is drawn when asked for. */
export function drawProposalPdfAhead(services: PdfServices & Pick<Services, "log">, token: string): void {
  void (async () => {
    const p = await getClientProposal(services.db, token);
    if (p) await proposalPdf(services, p);
  })().catch((error: unknown) => {
    if (error instanceof PdfQueueFullError) return;
    services.log.error({ err: error }, "Drawing a proposal's PDF ahead failed");
  });
}

/** The PDF, or null when no proposal has this token (the caller answers the site's 404). */
export async function proposalPdfResponse(services: PdfServices, token: string): Promise<Response | null> {
  const p = await getClientProposal(services.db, token);
  if (!p) return null;
  if (p.expired && p.status !== "acceptee")
    return new Response("Cette proposition a expiré. Demandez-nous-en une nouvelle.", { status: 410, headers: TEXT });
  let pdf: Buffer;
  try {
    pdf = await proposalPdf(services, p);
  } catch (error) {
    if (!(error instanceof PdfQueueFullError)) throw error;
    return new Response(
      "Beaucoup de propositions sont en préparation en ce moment. Réessayez dans quelques secondes.",
      { status: 503, headers: { ...TEXT, "Retry-After": String(RETRY_AFTER_SECONDS) } },
    );
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PERSONAL,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="proposition-${fileSlug(p.machine_name)}.pdf"`,
    },
  });
}

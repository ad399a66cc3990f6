// The staff's label PDFs (their addresses: label-paths.ts): /edit-installations/{id}/etiquette.pdf (one machine's label on an A6 page) and
// /edit-installations/etiquettes.pdf (a sheet: the installations named by `id=…`, or every installed
// one; `format=lettre`, four to a letter page, or `format=a6`). Each label shows the site's phone and
// name as published in 'Éditer les Pages'. Drawn in the PDF worker; never kept, never in a shared cache.
import type { Services } from "../../../server/context";
import { publishedSite } from "../site-texts/store.server";
import { isUuid } from "~/rules/id";
import { PdfQueueFullError } from "../proposals/pdf-renderer.server";
import type { LabelFormat } from "./label-document.server";
import { labelPdf, machineLabel } from "./label-pdf.server";
import { getInstallation, listInstallations } from "./store.server";

type LabelServices = Pick<Services, "db" | "config">;

const PERSONAL = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
const TEXT = { ...PERSONAL, "Content-Type": "text/plain; charset=utf-8" };
const RETRY_AFTER_SECONDS = 10;
/** Labels in one PDF at most (125 letter pages, a few seconds of the worker). */
const MAX_LABELS = 500;

/** The labels' PDF as a response, or 503 when too many PDFs are waiting for the worker. */
async function pdfResponse(
  { db, config }: LabelServices,
  codes: string[],
  format: LabelFormat,
  fileName: string,
): Promise<Response> {
  const site = await publishedSite(db, config.site);
  let pdf: Buffer;
  try {
    pdf = await labelPdf(
      codes.map((code) => machineLabel(code, site)),
      format,
      site.name,
    );
  } catch (error) {
    if (!(error instanceof PdfQueueFullError)) throw error;
    return new Response("Beaucoup de documents sont en préparation en ce moment. Réessayez dans quelques secondes.", {
      status: 503,
      headers: { ...TEXT, "Retry-After": String(RETRY_AFTER_SECONDS) },
    });
  }
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PERSONAL,
      "Content-Type": "application/pdf",
      "Content-Disposition": `inline; filename="${fileName}"`,
    },
  });
}

/** One installation's label on an A6 page, or null when there is no such installation (a 404). */
export async function installationLabelResponse(
  services: LabelServices,
  installationId: string | undefined,
): Promise<Response | null> {
  if (!isUuid(installationId)) return null;
  const installation = await getInstallation(services.db, installationId);
  if (!installation) return null;
  return pdfResponse(services, [installation.code], "a6", `etiquette-${installation.code}.pdf`);
}

/** A sheet of labels: the installations named by `id` (in that order, whatever their status), or every
 * installed one; four to a letter page unless `format=a6`. 404 (null) when none is left to print. */
export async function labelSheetResponse(services: LabelServices, url: URL): Promise<Response | null> {
  const format: LabelFormat = url.searchParams.get("format") === "a6" ? "a6" : "lettre";
  const ids = [...new Set(url.searchParams.getAll("id"))].filter(isUuid).map((id) => id.toLowerCase());
  ids.splice(MAX_LABELS);
  let codes: string[];
  if (ids.length > 0) {
    // The staff's list holds them in one query (up to its 500 rows); any other is read on its own.
    const byId = new Map((await listInstallations(services.db)).map((row) => [row.id, row.code]));
    for (const id of ids.filter((id) => !byId.has(id))) {
      const installation = await getInstallation(services.db, id);
      if (installation) byId.set(id, installation.code);
    }
    codes = ids.flatMap((id) => byId.get(id) ?? []);
  } else {
    codes = (await listInstallations(services.db, { status: "installee" })).map((row) => row.code);
  }
  if (codes.length === 0) return null;
  return pdfResponse(services, codes, format, format === "a6" ? "etiquettes-a6.pdf" : "etiquettes.pdf");
}

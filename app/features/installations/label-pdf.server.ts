// Machine labels as a PDF, drawn in the PDF worker (../proposals/pdf-renderer.server.ts) like the
// proposals: a bounded number at a time, away from the thread that answers visitors. Each label's texts
// are set here, on the server's thread; the worker draws (label-document.server.tsx).
import type { SiteConfig } from "~/rules/site";
import { typography } from "~/lib/typography";
import { renderInWorker } from "../proposals/pdf-renderer.server";
import type { Label, LabelFormat } from "./label-document.server";

/** A machine's label: its code, its public page's absolute address on the site's configured origin
 * (/m/BD-7K3Q) and the site's phone as published, set in French (no-break spaces). */
export function machineLabel(code: string, site: Pick<SiteConfig, "phone" | "publicUrl">): Label {
  return { code, url: new URL(`/m/${code}`, site.publicUrl).toString(), phone: typography(site.phone) };
}

/** The labels' PDF bytes: one label per A6 page ('a6') or four per letter page with cut lines
 * ('lettre'), under the brand's name. Throws PdfQueueFullError at once when too many PDFs are waiting. */
export function labelPdf(labels: Label[], format: LabelFormat, brand: string): Promise<Buffer> {
  return renderInWorker(() => Promise.resolve({ kind: "labels", input: { format, brand, labels } }));
}

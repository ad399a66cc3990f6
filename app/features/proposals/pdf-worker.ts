// The PDF worker thread: draws the PDFs the server asks for (a proposal, or a sheet of machine labels),
// one at a time, away from the thread that answers visitors (pdf-renderer.server.ts starts it; the build
// writes it to build/server/pdf-worker.js).
import { parentPort } from "node:worker_threads";
import { renderLabels, type LabelSheet } from "~/features/installations/label-document.server";
import { renderPdf, type PdfInput } from "./pdf-document.server";

/** What a worker draws: a proposal, or machine labels. */
export type PdfDocument = { kind: "proposal"; input: PdfInput } | { kind: "labels"; input: LabelSheet };
export type PdfJob = { id: number; document: PdfDocument };
export type PdfDone = { id: number; pdf: Uint8Array } | { id: number; error: string };

async function draw({ id, document }: PdfJob) {
  try {
    const drawn = document.kind === "labels" ? await renderLabels(document.input) : await renderPdf(document.input);
    // A copy of its own, so that its memory moves to the server's thread instead of being copied.
    const pdf = new Uint8Array(drawn);
    parentPort!.postMessage({ id, pdf } satisfies PdfDone, [pdf.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).stack ?? String(error) } satisfies PdfDone);
  }
}

parentPort!.on("message", (job: PdfJob) => void draw(job));

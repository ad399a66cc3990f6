// The PDF worker thread: draws the PDFs the server asks for, one at a time, away from the thread that
// answers visitors (pdf-renderer.server.ts starts it; the build writes it to build/server/pdf-worker.js).
import { parentPort } from "node:worker_threads";
import { renderPdf, type PdfInput } from "./pdf-document.server";

export type PdfJob = { id: number; input: PdfInput };
export type PdfDone = { id: number; pdf: Uint8Array } | { id: number; error: string };

async function draw({ id, input }: PdfJob) {
  try {
    // A copy of its own, so that its memory moves to the server's thread instead of being copied.
    const pdf = new Uint8Array(await renderPdf(input));
    parentPort!.postMessage({ id, pdf } satisfies PdfDone, [pdf.buffer]);
  } catch (error) {
    parentPort!.postMessage({ id, error: (error as Error).stack ?? String(error) } satisfies PdfDone);
  }
}

parentPort!.on("message", (job: PdfJob) => void draw(job));

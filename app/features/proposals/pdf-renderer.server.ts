// PDFs (proposals, machine labels) are drawn in worker threads, a bounded number at a time; a proposal's
// is kept on disk until what it shows changes (docs/decisions/2026-12-02-pdf-rendering.md). Drawing a
// 300-slot PDF takes a core for about a second: on the server's own thread it held every other visitor
// back.
import { readdir, readFile, rename, rm, stat, writeFile, mkdir } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { createLimiter, LimiterFullError } from "../../../server/lib/limiter";
import { projectRoot } from "../../../server/lib/paths";
import { SAMPLE_PDF_INPUT } from "./pdf-sample";
import type { PdfDocument, PdfDone, PdfJob } from "./pdf-worker";

export { LimiterFullError as PdfQueueFullError };

/** One worker on 2 cores (the other answers visitors), two from 3 cores on. */
const PDF_WORKERS = Math.max(1, Math.min(2, availableParallelism() - 1));
/** PDFs waiting for a worker; beyond, the request is answered 503 at once. */
const PDF_QUEUE = 24;
/** A worker with nothing to draw for this long ends, giving back its memory (about 80 MB). Long enough
 * for the owner to prepare a proposal in the customiser after it was started for them. */
const IDLE_MS = 15 * 60_000;
/** A PDF not ready after this long is given up, its worker ended: one stuck job (a worker that stopped
 * answering, pictures that never come) must not hold every later PDF in the queue. The largest take a
 * few seconds. */
const JOB_LIMIT_MS = 60_000;
/** Stored PDFs written longer ago are removed when another is written (drawn again if asked for). */
const KEEP_MS = 90 * 24 * 60 * 60 * 1000;

// The worker's entry: in the build, its own file next to the server's (vite.config.ts); from the
// sources (development), the TypeScript file through tsx, registered in the worker before it loads.
function startWorker(): Worker {
  const options = { resourceLimits: { maxOldGenerationSizeMb: 512 } };
  const source = pathToFileURL(join(projectRoot, "app/features/proposals/pdf-worker.ts")).href;
  const worker = import.meta.env.PROD
    ? new Worker(join(projectRoot, "build/server/pdf-worker.js"), options)
    : new Worker(
        `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(source)}); })`,
        { ...options, eval: true },
      );
  worker.unref();
  // A worker that ended while waiting for work (its memory limit, a crash) is not handed a job.
  worker.once("exit", () => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) clearTimeout(idle.splice(at, 1)[0]!.timer);
  });
  return worker;
}

const limiter = createLimiter({ concurrency: PDF_WORKERS, queue: PDF_QUEUE });
const idle: { worker: Worker; timer: NodeJS.Timeout }[] = [];
let jobs = 0;

function draw(worker: Worker, document: PdfDocument): Promise<Buffer> {
  const id = ++jobs;
  return new Promise<Buffer>((resolve, reject) => {
    const done = () => {
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
    };
    const onMessage = (message: PdfDone) => {
      if (message.id !== id) return;
      done();
      if ("error" in message) reject(new Error(message.error));
      else resolve(Buffer.from(message.pdf.buffer, message.pdf.byteOffset, message.pdf.byteLength));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onExit = (code: number) => {
      done();
      reject(new Error(`The PDF worker stopped (${code})`));
    };
    worker.on("message", onMessage);
    worker.on("error", onError);
    worker.on("exit", onExit);
    worker.postMessage({ id, document } satisfies PdfJob);
  });
}

/** Draws a PDF in a worker once one is free; `prepare` runs when its turn comes (the pictures are
 * made then, not while it waits). Throws PdfQueueFullError at once when too many are waiting. */
export function renderInWorker(prepare: () => Promise<PdfDocument>): Promise<Buffer> {
  return drawInWorker(prepare);
}

let warming = false;

/** Readies a worker for a PDF to come (the owner has opened the customiser): a new worker draws a
 * sample first, since a worker's first drawing takes about three times as long as the next ones (its
 * code is not yet compiled). Nothing is done when a worker is ready or busy. */
export function warmPdfWorker(): void {
  if (warming || idle.length > 0 || limiter.running > 0) return;
  warming = true;
  drawInWorker(() => Promise.resolve({ kind: "proposal", input: SAMPLE_PDF_INPUT }))
    .catch(() => undefined)
    .finally(() => (warming = false));
}

/** The job's outcome, or an error once JOB_LIMIT_MS have passed (then `onLate` runs). */
function withinLimit<T>(job: Promise<T>, onLate: () => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onLate();
      reject(new Error(`The PDF was not ready after ${JOB_LIMIT_MS} ms`));
    }, JOB_LIMIT_MS);
    timer.unref();
  });
  return Promise.race([job, late]).finally(() => clearTimeout(timer));
}

function drawInWorker(prepare: () => Promise<PdfDocument>): Promise<Buffer> {
  return limiter.run(() => {
    let givenUp = false;
    let worker: Worker | undefined;
    const job = async () => {
      const document = await prepare();
      if (givenUp) throw new Error("The PDF was given up");
      const spare = idle.pop();
      if (spare) clearTimeout(spare.timer);
      worker = spare?.worker ?? startWorker();
      try {
        const pdf = await draw(worker, document);
        keepIdle(worker);
        return pdf;
      } catch (error) {
        // A worker that failed is not used again.
        void worker.terminate();
        throw error;
      }
    };
    return withinLimit(job(), () => {
      givenUp = true;
      void worker?.terminate();
    });
  });
}

/** Keeps a worker for the next PDF, ending it after IDLE_MS without one. */
function keepIdle(worker: Worker): void {
  const timer = setTimeout(() => {
    const at = idle.findIndex((entry) => entry.worker === worker);
    if (at >= 0) idle.splice(at, 1);
    void worker.terminate();
  }, IDLE_MS);
  timer.unref();
  idle.push({ worker, timer });
}

const inFlight = new Map<string, Promise<Buffer>>();

/** The stored PDF `{proposalId}-{key}.pdf` of DATA_DIR/cache/proposal-pdfs, or the one `make` draws,
 * stored then. Asked for again while it is drawn, it is drawn once. Writing a proposal's new PDF
 * removes its previous ones. */
export async function storedPdf(
  dataDir: string,
  proposalId: string,
  key: string,
  make: () => Promise<Buffer>,
): Promise<Buffer> {
  const dir = pdfCacheDir(dataDir);
  const file = join(dir, `${proposalId}-${key}.pdf`);
  const kept = await readFile(file).catch(() => null);
  if (kept) return kept;
  let job = inFlight.get(file);
  if (!job) {
    job = (async () => {
      const pdf = await make();
      await mkdir(dir, { recursive: true });
      const partial = `${file}.${process.pid}.part`;
      await writeFile(partial, pdf);
      await rename(partial, file);
      await sweep(dir, proposalId, file);
      return pdf;
    })().finally(() => inFlight.delete(file));
    inFlight.set(file, job);
  }
  return job;
}

function pdfCacheDir(dataDir: string): string {
  return join(dataDir, "cache", "proposal-pdfs");
}

/** Removes the stored PDFs of a proposal (erased or deleted). */
export async function forgetProposalPdfs(dataDir: string, proposalId: string): Promise<void> {
  await sweep(pdfCacheDir(dataDir), proposalId, null);
}

async function sweep(dir: string, proposalId: string, keep: string | null): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const path = join(dir, name);
    if (path === keep || !name.endsWith(".pdf")) continue;
    const old =
      name.startsWith(`${proposalId}-`) || now - ((await stat(path).catch(() => null))?.mtimeMs ?? now) > KEEP_MS;
    if (old) await rm(path, { force: true });
  }
}

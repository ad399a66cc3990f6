// Machine labels: a sheet of 100 labels (100 machines, each its own QR code: 25 letter pages, four to a
// page), drawn by the production build's PDF worker (build/server/pdf-worker.js) as the server has it
// drawn: by a worker that has just started (its code not yet compiled), then by one that has drawn
// before; and the same 100 labels one per A6 page. The time is the worker's, from the job posted to the
// PDF's bytes back on the calling thread.
import { Worker } from "node:worker_threads";
import { newMachineCode } from "../../app/features/installations/model";
import type { PdfDocument, PdfDone, PdfJob } from "../../app/features/proposals/pdf-worker";
import { table } from "./lib";

const LABELS = 100;
const RUNS = 5;

/** 100 distinct codes, the same at each run. */
function codes(): string[] {
  let seed = 42;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const found = new Set<string>();
  while (found.size < LABELS) found.add(newMachineCode(random));
  return [...found];
}

function startWorker(): Worker {
  return new Worker(new URL("../../build/server/pdf-worker.js", import.meta.url), {
    env: { ...process.env, NODE_ENV: "production" },
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
}

let jobs = 0;

/** Draws `document` in `worker`: its time in ms and its size in bytes. */
function drawn(worker: Worker, document: PdfDocument): Promise<{ ms: number; bytes: number }> {
  const id = ++jobs;
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const onMessage = (message: PdfDone) => {
      if (message.id !== id) return;
      worker.off("message", onMessage);
      if ("error" in message) reject(new Error(message.error));
      else resolve({ ms: Math.round(performance.now() - started), bytes: message.pdf.byteLength });
    };
    worker.on("message", onMessage);
    worker.postMessage({ id, document } satisfies PdfJob);
  });
}

export default async function bench(): Promise<string> {
  const labels = codes().map((code) => ({
    code,
    url: `https://boreal-distributrices.ca/m/${code}`,
    phone: "418\u00a0555-0142",
  }));
  const sheet = (format: "lettre" | "a6"): PdfDocument => ({
    kind: "labels",
    input: { format, brand: "Boréal Distributrices", labels },
  });
  const worker = startWorker();
  try {
    const cold = await drawn(worker, sheet("lettre"));
    const warm: number[] = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await drawn(worker, sheet("lettre"));
      warm.push(run.ms);
      bytes = run.bytes;
    }
    const a6: number[] = [];
    let a6Bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const run = await drawn(worker, sheet("a6"));
      a6.push(run.ms);
      a6Bytes = run.bytes;
    }
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
    const max = (values: number[]) => sorted(values).at(-1)!;
    return [
      `### Labels (${LABELS} machines, each its own QR code, drawn by the PDF worker)`,
      table(
        ["PDF", "runs", "median ms", "max ms", "size KB"],
        [
          ["sheet of 100, 4 per letter page (new worker)", 1, cold.ms, cold.ms, Math.round(cold.bytes / 1024)],
          ["sheet of 100, 4 per letter page", RUNS, median(warm), max(warm), Math.round(bytes / 1024)],
          ["100 labels, one per A6 page", RUNS, median(a6), max(a6), Math.round(a6Bytes / 1024)],
        ],
      ),
      "",
      "Target: a sheet of 100 labels ≤ 5000 ms.",
    ].join("\n");
  } finally {
    await worker.terminate();
  }
}

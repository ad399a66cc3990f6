// Machine labels: a sheet of 100 labels (100 machines, each its own QR code: 25 letter pages, four to a
// page), drawn by the production build's PDF worker (build/server/pdf-worker.js) as the server has it
// drawn: by a worker that has just started (its code not yet compiled), then by one that has drawn
// before; and the same 100 labels one per A6 page. The time is the worker's, from the job posted to the
// PDF's bytes back on the calling thread. Then the same through the built site: 100 installations
// entered by hand in the staff's form, and their sheet asked for at /edit-installations/etiquettes.pdf
// (the installations read, the site's phone, the worker's drawing and the bytes sent).
import { Worker } from "node:worker_threads";
import { labelSheetPath } from "../../app/features/installations/label-paths";
import { newMachineCode } from "../../app/features/installations/model";
import type { PdfDocument, PdfDone, PdfJob } from "../../app/features/proposals/pdf-worker";
import { startBuiltServer, table } from "./lib";

const ADMIN = { username: "bench", password: "mot-de-passe-du-banc-d-essai" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

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

const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)]!;
const max = (values: number[]) => sorted(values).at(-1)!;

/** 100 installations entered by hand on the built site (demo catalogue), then their sheet asked for:
 * the first request (the server's worker not yet started) and the next ones. */
async function throughTheSite() {
  const server = await startBuiltServer(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "1", PICTURE_WIDTHS_AHEAD: "off" },
    3963,
  );
  try {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url },
      body: new URLSearchParams(ADMIN),
    });
    await login.arrayBuffer();
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const headers = { cookie, origin: server.url };
    const chooser = await (await fetch(`${server.url}/creer-machine`, { headers })).text();
    const machineId = /\/creer-machine\/([0-9a-f-]{36})/.exec(chooser)?.[1];
    if (!machineId) throw new Error("no machine in the demo catalogue");
    for (let i = 0; i < LABELS; i++) {
      const planned = await fetch(`${server.url}/edit-installations/nouvelle`, {
        method: "POST",
        redirect: "manual",
        headers,
        body: new URLSearchParams({
          intent: "planifier",
          machine_id: machineId,
          client_name: `Client ${i + 1}`,
          address: `${i + 1} rue Saint-Jean, Québec`,
          contact_name: "Éloïse Côté",
        }),
      });
      await planned.arrayBuffer();
      if (planned.status >= 400) throw new Error(`planifier: HTTP ${planned.status}`);
    }
    const list = await (await fetch(`${server.url}/edit-installations`, { headers })).text();
    const ids = [...new Set(list.match(UUID) ?? [])].filter((id) => id !== machineId);
    if (ids.length < LABELS) throw new Error(`${ids.length} installations listed`);
    const sheetUrl = `${server.url}${labelSheetPath({ ids: ids.slice(0, LABELS) })}`;
    const get = async () => {
      const started = performance.now();
      const response = await fetch(sheetUrl, { headers });
      const bytes = (await response.arrayBuffer()).byteLength;
      if (!response.ok) throw new Error(`sheet: HTTP ${response.status}`);
      return { ms: Math.round(performance.now() - started), bytes };
    };
    const first = await get();
    const next: number[] = [];
    for (let i = 0; i < RUNS; i++) next.push((await get()).ms);
    return { first: first.ms, next, kb: Math.round(first.bytes / 1024) };
  } finally {
    await server.stop();
  }
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
    const site = await throughTheSite();
    return [
      `### Labels (${LABELS} machines, each its own QR code, drawn by the PDF worker)`,
      table(
        ["PDF", "runs", "median ms", "max ms", "size KB"],
        [
          ["sheet of 100, 4 per letter page (new worker)", 1, cold.ms, cold.ms, Math.round(cold.bytes / 1024)],
          ["sheet of 100, 4 per letter page", RUNS, median(warm), max(warm), Math.round(bytes / 1024)],
          ["100 labels, one per A6 page", RUNS, median(a6), max(a6), Math.round(a6Bytes / 1024)],
          ["GET /edit-installations/etiquettes.pdf?id=… (100), first", 1, site.first, site.first, site.kb],
          ["GET /edit-installations/etiquettes.pdf?id=… (100)", RUNS, median(site.next), max(site.next), site.kb],
        ],
      ),
      "",
      "Target: a sheet of 100 labels ≤ 5000 ms.",
    ].join("\n");
  } finally {
    await worker.terminate();
  }
}

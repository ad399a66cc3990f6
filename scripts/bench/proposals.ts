// Proposals: a machine of 3 sections of 10 × 10 slots, every slot filled from the demo catalogue, sent
// through the customiser's form; its PDF asked for the moment it is sent (the first proposal's
// pictures are resized then; a second proposal's are ready), then kept, with its size, and the
// client's page, one request after another (the server's time on this machine). Then 20 proposals' PDFs
// drawn again at once (as after a change to the site's phone number) while /healthz and a cached page
// are asked for one after another: their p99 while the PDFs are drawn.
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BROWSER_HEADERS, startBuiltServer, table, timedGet } from "./lib";

const ADMIN = { username: "bench", password: "mot-de-passe-du-banc-d-essai" };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

async function timed(count: number, run: () => Promise<Response>) {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await run();
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), max: at(1), bytes };
}

type SessionHeaders = { cookie: string; origin: string };
type Timing = Awaited<ReturnType<typeof timed>>;

export default async function bench(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-"));
  const pdfDir = join(dataDir, "cache", "proposal-pdfs");
  const server = await startBuiltServer(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "1", DATA_DIR: dataDir },
    3962,
  );
  try {
    const headers = await signIn(server.url);
    const layout = await fullLayout(server.url, headers);
    const send = (clientName: string) => sendProposal(server.url, headers, layout, clientName);
    // The customiser readies a PDF worker when it opens; filling 300 slots takes a person minutes.
    await new Promise((resolve) => setTimeout(resolve, 8_000));

    // The PDF asked for the moment the proposal is listed as sent (its drawing started with 'Envoyer').
    const token = await send("Éloïse Côté");
    const pdfUrl = `${server.url}/proposition/${token}.pdf`;
    const cold = await timed(1, () => fetch(pdfUrl));
    const another = await send("Éloïse Côté");
    const again = await timed(1, () => fetch(`${server.url}/proposition/${another}.pdf`));
    const warm = await timed(10, () => fetch(pdfUrl));
    if (process.env.PROPOSAL_PDF_OUT)
      await writeFile(process.env.PROPOSAL_PDF_OUT, Buffer.from(await (await fetch(pdfUrl)).arrayBuffer()));
    const pageUrl = `${server.url}/proposition/${token}`;
    const page = await timed(50, () => fetch(pageUrl));

    const tokens: string[] = [];
    for (let i = 0; i < 20; i++) tokens.push(await send(`Client ${i + 1}`));
    const burst = await pdfBurst(server.url, pdfDir, tokens);

    return [
      `### Proposals (3 sections of 10 × 10, all ${layout.slots.length} slots filled from ${layout.productCount} demo products)`,
      soloTable({ cold, again, warm, page }),
      "",
      `20 PDFs of 300 slots drawn again, asked for at once: all answered in ${burst.ms} ms (${[...burst.statuses].map(([status, count]) => `${count} × ${status}`).join(", ")}); meanwhile, one after another:`,
      "",
      table(
        ["request", "runs", "p99 ms", "max ms"],
        [
          ["GET /healthz", burst.healthz.length, p99(burst.healthz), Math.round(Math.max(...burst.healthz))],
          ["GET / (page cache)", burst.page.length, p99(burst.page), Math.round(Math.max(...burst.page))],
        ],
      ),
      "",
      `Targets: PDF ≤ 2000 ms and ≤ 3072 KB; client's page ≤ 50 ms; /healthz and a cached page ≤ 50 ms p99 while PDFs are drawn. Server peak RSS: ${Math.round(server.peakRssMb())} MB`,
    ].join("\n");
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** The bench account's session, as the headers of its requests. */
async function signIn(url: string): Promise<SessionHeaders> {
  const login = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url },
    body: new URLSearchParams(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .find((c) => c.startsWith("sid="))!
    .split(";")[0]!;
  return { cookie, origin: url };
}

/** A demo machine with 3 sections of 10 × 10, every slot filled from the picker's first pages. */
async function fullLayout(url: string, headers: SessionHeaders) {
  const chooser = await (await fetch(`${url}/creer-machine`, { headers })).text();
  const machineId = /\/creer-machine\/([0-9a-f-]{36})/.exec(chooser)?.[1];
  if (!machineId) throw new Error("no machine in the demo catalogue");
  const pickerPages = await Promise.all(
    [1, 2, 3].map((page) =>
      fetch(`${url}/creer-machine/${machineId}.data?picker=1&page=${page}`, { headers }).then((r) => r.text()),
    ),
  );
  const productIds = [...new Set(pickerPages.join("").match(UUID) ?? [])].filter((id) => id !== machineId);
  if (productIds.length < 10) throw new Error("too few products in the demo catalogue");

  const sections = [20, 50, 80].map((x) => ({
    rows: 10,
    cols: 10,
    position: { x, y: 50 },
    size: { width: 170, height: 500 },
  }));
  const slots = sections.flatMap((_, section) =>
    Array.from({ length: 100 }, (_, slot) => ({
      section,
      slot,
      productId: productIds[(section * 100 + slot) % productIds.length]!,
    })),
  );
  return { machineId, sections, slots, productCount: productIds.length };
}

/** Sends a proposal of the 300 slots and returns its token. */
async function sendProposal(
  url: string,
  headers: SessionHeaders,
  { machineId, sections, slots }: Awaited<ReturnType<typeof fullLayout>>,
  client_name: string,
) {
  const sent = await fetch(`${url}/creer-machine/${machineId}`, {
    method: "POST",
    headers,
    body: new URLSearchParams({
      intent: "send-proposal",
      client_name,
      client_email: "eloise@exemple.ca",
      message: "Bonjour Éloïse, voici la machine dont nous avons parlé au téléphone : livrée mardi !",
      layout: JSON.stringify({ sections, slots }),
    }),
  });
  if (!sent.ok) throw new Error(`send: HTTP ${sent.status}`);
  const list = await (await fetch(`${url}/edit-propositions`, { headers })).text();
  const token = /\/proposition\/([0-9a-f]{32})/.exec(list)?.[1];
  if (!token) throw new Error("the proposal is not listed");
  return token;
}

/** The proposals' PDFs at once (each drawn, none kept yet), while /healthz and the home page (from
 * the page cache) are asked for one after another until the last PDF is answered. */
async function pdfBurst(url: string, pdfDir: string, tokens: string[]) {
  // Each was drawn when sent: once they all are, they are removed, to be drawn again at once.
  const deadline = Date.now() + 300_000;
  while ((await readdir(pdfDir).catch(() => [])).filter((name) => name.endsWith(".pdf")).length < 22) {
    if (Date.now() > deadline) throw new Error("the PDFs drawn when sent did not all appear");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await rm(pdfDir, { recursive: true, force: true });
  await timedGet(`${url}/`);
  const probes = { healthz: [] as number[], page: [] as number[] };
  const statuses = new Map<number, number>();
  let pending = true;
  const burstStarted = performance.now();
  const burst = Promise.all(
    tokens.map(async (t) => {
      const response = await fetch(`${url}/proposition/${t}.pdf`);
      await response.arrayBuffer();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
    }),
  ).finally(() => (pending = false));
  while (pending) {
    probes.healthz.push((await timedGet(`${url}/healthz`, {})).ms);
    probes.page.push((await timedGet(`${url}/`, BROWSER_HEADERS)).ms);
  }
  await burst;
  return { ...probes, statuses, ms: Math.round(performance.now() - burstStarted) };
}

function p99(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))]! * 10) / 10;
}

/** The PDF and the client's page, one request after another. */
function soloTable({ cold, again, warm, page }: Record<"cold" | "again" | "warm" | "page", Timing>) {
  return table(
    ["request", "runs", "p50 ms", "p95 ms", "max ms", "size KB"],
    [
      [
        "GET /proposition/{jeton}.pdf once sent (first: pictures resized)",
        1,
        cold.p50,
        cold.p50,
        cold.max,
        Math.round(cold.bytes / 1024),
      ],
      [
        "GET /proposition/{jeton}.pdf once sent (another: pictures ready)",
        1,
        again.p50,
        again.p50,
        again.max,
        Math.round(again.bytes / 1024),
      ],
      ["GET /proposition/{jeton}.pdf, kept", 10, warm.p50, warm.p95, warm.max, Math.round(warm.bytes / 1024)],
      [
        "GET /proposition/{jeton} (client's page, never cached)",
        50,
        page.p50,
        page.p95,
        page.max,
        Math.round(page.bytes / 1024),
      ],
    ],
  );
}

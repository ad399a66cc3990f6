// Proposals: a machine of 3 sections of 10 × 10 slots, every slot filled from the demo catalogue, sent
// through the customiser's form; then its PDF (first one, pictures not yet resized, then warm) with
// its size, and the client's page, one request after another (the server's time on this machine).
import { writeFile } from "node:fs/promises";
import { startBuiltServer, table } from "./lib";

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

export default async function bench(): Promise<string> {
  const server = await startBuiltServer(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "1" },
    3962,
  );
  try {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url },
      body: new URLSearchParams(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const headers = { cookie, origin: server.url };

    const chooser = await (await fetch(`${server.url}/creer-machine`, { headers })).text();
    const machineId = /\/creer-machine\/([0-9a-f-]{36})/.exec(chooser)?.[1];
    if (!machineId) throw new Error("no machine in the demo catalogue");
    const pickerPages = await Promise.all(
      [1, 2, 3].map((page) =>
        fetch(`${server.url}/creer-machine/${machineId}.data?picker=1&page=${page}`, { headers }).then((r) => r.text()),
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
    const sent = await fetch(`${server.url}/creer-machine/${machineId}`, {
      method: "POST",
      headers,
      body: new URLSearchParams({
        intent: "send-proposal",
        client_name: "Éloïse Côté",
        client_email: "eloise@exemple.ca",
        layout: JSON.stringify({ sections, slots }),
      }),
    });
    if (!sent.ok) throw new Error(`send: HTTP ${sent.status}`);
    const list = await (await fetch(`${server.url}/edit-propositions`, { headers })).text();
    const token = /\/proposition\/([0-9a-f]{32})/.exec(list)?.[1];
    if (!token) throw new Error("the proposal is not listed");

    const pdfUrl = `${server.url}/proposition/${token}.pdf`;
    const cold = await timed(1, () => fetch(pdfUrl));
    const warm = await timed(10, () => fetch(pdfUrl));
    if (process.env.PROPOSAL_PDF_OUT)
      await writeFile(process.env.PROPOSAL_PDF_OUT, Buffer.from(await (await fetch(pdfUrl)).arrayBuffer()));
    const pageUrl = `${server.url}/proposition/${token}`;
    const page = await timed(50, () => fetch(pageUrl));

    return [
      `### Proposals (3 sections of 10 × 10, all ${slots.length} slots filled from ${productIds.length} demo products)`,
      table(
        ["request", "runs", "p50 ms", "p95 ms", "max ms", "size KB"],
        [
          [
            "GET /proposition/{jeton}.pdf, first (pictures resized)",
            1,
            cold.p50,
            cold.p50,
            cold.max,
            Math.round(cold.bytes / 1024),
          ],
          ["GET /proposition/{jeton}.pdf, warm", 10, warm.p50, warm.p95, warm.max, Math.round(warm.bytes / 1024)],
          [
            "GET /proposition/{jeton} (client's page, never cached)",
            50,
            page.p50,
            page.p95,
            page.max,
            Math.round(page.bytes / 1024),
          ],
        ],
      ),
      "",
      `Targets: PDF ≤ 2000 ms and ≤ 3072 KB; client's page ≤ 50 ms. Server peak RSS: ${Math.round(server.peakRssMb())} MB`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

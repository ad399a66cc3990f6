// /edit-machines: the page and its loader (every machine, step and category of the demo catalogue)
// under load, the machine save (machine, then its steps in one transaction) one after another, and the
// JavaScript the page adds.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { load, startBuiltServer, table } from "./lib";

const ADMIN = { username: "bench", password: "mot-de-passe-du-banc-d-essai" };

async function timed(
  count: number,
  run: () => Promise<Response>,
): Promise<{ p50: number; p95: number; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await run();
    await response.arrayBuffer();
    if (!response.ok) failures++;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), failures };
}

export default async function bench(): Promise<string> {
  const server = await startBuiltServer(
    { ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, SEED_DEMO: "1" },
    3956,
  );
  try {
    const origin = { origin: server.url };
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: origin,
      body: new URLSearchParams(ADMIN),
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))!
      .split(";")[0]!;
    const headers = { cookie };

    // A seeded machine with its steps, saved again and again as the form would send it.
    const html = await (await fetch(`${server.url}/edit-machines`, { headers })).text();
    const id = /machine=([0-9a-f-]{36})/.exec(html)?.[1];
    if (!id) throw new Error("no machine in the demo catalogue");
    const dataUrl = `${server.url}/edit-machines.data`;
    const pageData = await (await fetch(dataUrl, { headers })).text();
    const counts = { machines: (html.match(/data-testid="machine-card"/g) ?? []).length, bytes: pageData.length };

    const rows: (string | number)[][] = [];
    for (const [label, url] of [
      ["GET /edit-machines (SSR)", `${server.url}/edit-machines`],
      ["GET /edit-machines.data (loader)", dataUrl],
    ] as const) {
      await load(url, { connections: 5, duration: 2, headers }); // warm-up
      const r = await load(url, { connections: 10, duration: 6, headers });
      rows.push([label, 10, r.rps, r.p50, r.p99, r.errors + r.non2xx]);
    }

    const steps = [1, 2, 3, 4, 5, 6].map((n) => ({
      id: null,
      numero: n,
      titre: `Étape du banc ${n}`,
      description: "Texte.",
      image: null,
      video: null,
    }));
    // First save creates the steps; later saves update them (ids read back from the list).
    const first = await fetch(dataUrl, {
      method: "POST",
      headers: { ...headers, ...origin, "content-type": "application/json" },
      body: JSON.stringify({
        intent: "save-machine",
        id: null,
        machine: { nom: "Machine du banc", description: "Banc d'essai" },
        steps,
      }),
    });
    if (!first.ok) throw new Error(`first save failed: ${first.status}`);
    const save = await timed(50, () =>
      fetch(dataUrl, {
        method: "POST",
        headers: { ...headers, ...origin, "content-type": "application/json" },
        body: JSON.stringify({
          intent: "save-machine",
          id,
          machine: {
            nom: "Boréal Classique",
            description: "Mise à jour du banc d'essai.",
            nombre_de_rangees: "6",
            produits_par_rangee: "6",
          },
          steps: steps.slice(0, 3),
        }),
      }),
    );

    const assets = join(process.cwd(), "build/client/assets");
    const chunk = (await readdir(assets)).find((f) => /^edit-machines-.*\.js$/.test(f));
    const js = chunk ? gzipSync(await readFile(join(assets, chunk))).length : 0;

    return [
      `### /edit-machines (demo catalogue: ${counts.machines} machines; loader answer ${Math.round(counts.bytes / 1024)} KB)`,
      table(["request", "connections", "req/s", "p50 ms", "p99 ms", "errors"], rows),
      "",
      table(
        ["sequential", "runs", "p50 ms", "p95 ms", "failures"],
        [["POST save-machine (machine + 3 new steps, one transaction)", 50, save.p50, save.p95, save.failures]],
      ),
      "",
      `Route chunk edit-machines: ${Math.round(js / 1024)} KB gzip. Server peak RSS: ${Math.round(server.peakRssMb())} MB`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

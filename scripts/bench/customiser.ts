// The customiser's pages as the signed-in admin sees them: SSR latency and throughput of the machine
// list, the customiser and the product picker's pages (40 demo products on PGlite; 10,000 products on
// PostgreSQL when one is reachable), and the JavaScript the customiser route adds.
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import pg from "pg";
import { load, startBuiltServer, table } from "./lib";

const ADMIN = { ADMIN_USERNAME: "bench", ADMIN_PASSWORD: "bench-mot-de-passe" };

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin: url },
    body: new URLSearchParams({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD }),
  });
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="));
  if (!cookie) throw new Error(`login failed (${response.status})`);
  return cookie.split(";")[0]!;
}

/** A server already listening there would answer our health check instead of ours. */
async function assertPortFree(port: number) {
  const busy = await fetch(`http://127.0.0.1:${port}/healthz`).then(
    () => true,
    () => false,
  );
  if (busy) throw new Error(`port ${port} is already in use`);
}

async function latency(url: string, cookie: string, count = 60) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    await response.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95) };
}

async function measure(label: string, env: Record<string, string>, port: number): Promise<(string | number)[][]> {
  await assertPortFree(port);
  const server = await startBuiltServer({ ...ADMIN, ...env }, port);
  try {
    const cookie = await signIn(server.url);
    const html = await (await fetch(`${server.url}/creer-machine`, { headers: { cookie } })).text();
    const id = /href="\/creer-machine\/([0-9a-f-]{36})"/.exec(html)?.[1];
    if (!id) throw new Error("no machine to customise");
    const paths = [
      "/creer-machine",
      `/creer-machine/${id}`,
      `/creer-machine/${id}.data?picker=1&page=2`,
      `/creer-machine/${id}.data?picker=1&q=cho&tag=Local`,
    ];
    const rows: (string | number)[][] = [];
    for (const path of paths) {
      const seq = await latency(server.url + path, cookie);
      const r = await load(server.url + path, { connections: 10, duration: 5, headers: { cookie } });
      rows.push([label, path.replace(id, ":id"), seq.p50, seq.p95, r.rps, r.p99, r.errors + r.non2xx]);
    }
    rows.push([label, "peak RSS (MB)", Math.round(server.peakRssMb()), "", "", "", ""]);
    return rows;
  } finally {
    await server.stop();
  }
}

/** A throwaway PostgreSQL database with the demo seed plus 10,000 products, or null without PostgreSQL. */
async function bigPostgres(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const admin = new pg.Client({
    connectionString: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
  });
  admin.on("error", (error) => console.error("bench admin connection:", error.message));
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `bench_customiser_${process.pid}_${Date.now()}`;
  await admin.query(`create database "${name}"`);
  const url = `postgres://postgres@127.0.0.1:5432/${name}`;
  return {
    url,
    async drop() {
      await admin.query(`drop database if exists "${name}" with (force)`);
      await admin.end();
    },
  };
}

async function addProducts(url: string, count: number) {
  const client = new pg.Client({ connectionString: url });
  client.on("error", (error) => console.error("bench insert connection:", error.message));
  await client.connect();
  const words = ["Chocolat", "Érable", "Bleuets", "Café", "Thé", "Pomme", "Caramel", "Noix", "Citron", "Vanille"];
  const categories = ["Collations", "Boissons froides", "Boissons chaudes", "Santé", "Repas"];
  const tags = ["Local", "Sans gluten", "Végétalien", "Nouveau", "Bio"];
  for (let start = 0; start < count; start += 1000) {
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = start; i < Math.min(count, start + 1000); i++) {
      const nom = `${words[i % 10]} ${words[(i * 7) % 10]} n° ${i}`;
      const p = params.length;
      values.push(`($${p + 1}, $${p + 2}, 2.5, $${p + 3}, $${p + 4})`);
      params.push(
        nom,
        nom
          .normalize("NFD")
          .replace(/\p{Diacritic}/gu, "")
          .toLowerCase(),
        [categories[i % 5]],
        [tags[i % 5]],
      );
    }
    await client.query(
      `insert into products (nom, nom_recherche, prix, categorie, tags) values ${values.join(",")}`,
      params,
    );
  }
  await client.end();
}

async function routeBytes(): Promise<string> {
  const dir = join(process.cwd(), "build/client/assets");
  const files = (await readdir(dir)).filter((f) => /^creer-machine(-id)?-.*\.(js|css)$/.test(f));
  const rows: (string | number)[][] = [];
  for (const file of files) {
    const body = await readFile(join(dir, file));
    rows.push([
      file.replace(/-[A-Za-z0-9_]{8}\./, "."),
      (body.length / 1024).toFixed(1),
      (gzipSync(body).length / 1024).toFixed(1),
    ]);
  }
  return table(["route asset", "KB", "KB gzip"], rows);
}

export default async function bench(): Promise<string> {
  const rows = await measure("PGlite, demo (40 products)", {}, 3961);
  const big = await bigPostgres();
  if (big) {
    try {
      // First start migrates and seeds; then the extra products go in directly.
      console.error("customiser bench: seeding PostgreSQL");
      await assertPortFree(3962);
      const first = await startBuiltServer({ ...ADMIN, DATABASE_URL: big.url }, 3962);
      await first.stop();
      console.error("customiser bench: adding 10,000 products");
      await addProducts(big.url, 10_000);
      rows.push(...(await measure("PostgreSQL, 10,040 products", { DATABASE_URL: big.url }, 3963)));
    } finally {
      await big.drop();
    }
  }
  return [
    "### Customiser (signed in; 60 sequential requests, then autocannon 10 connections × 5 s)",
    table(["data", "path", "p50 ms", "p95 ms", "req/s", "p99 ms (load)", "errors"], rows),
    "",
    "JavaScript and CSS of the customiser routes (beyond the shared entry):",
    "",
    await routeBytes(),
  ].join("\n");
}

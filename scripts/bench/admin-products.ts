// The staff product selector at 10,000 products: the search request it sends while the admin types
// (server-side, one small page of results), and the whole /edit-products page, on PGlite.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { normalizeForSearch } from "../../app/rules/text";
import { openDatabase } from "../../server/db/client";
import { products } from "../../server/db/schema";
import { load, startBuiltServer, table } from "./lib";

const PORT = 3957;
const COUNT = 10_000;
const ADMIN = { username: "bench", password: "bench-mot-de-passe" };

const KINDS = [
  "Barre",
  "Jus",
  "Café",
  "Thé",
  "Chips",
  "Biscuit",
  "Eau",
  "Galette",
  "Boisson",
  "Noix",
  "Chocolat",
  "Yogourt",
];
const FLAVOURS = [
  "érable",
  "bleuets",
  "vanille",
  "caramel",
  "citron",
  "framboise",
  "miel",
  "gingembre",
  "cacao",
  "pomme",
  "canneberge",
  "menthe",
];

async function fill(dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, "db") });
  try {
    await database.migrate();
    const rows = Array.from({ length: COUNT }, (_, i) => {
      const nom = `${KINDS[i % KINDS.length]} ${FLAVOURS[Math.floor(i / KINDS.length) % FLAVOURS.length]} n° ${i}`;
      return {
        nom,
        nom_recherche: normalizeForSearch(nom),
        prix: 1 + (i % 40) / 10,
        description: `Produit de démonstration ${i}.`,
        categorie: [i % 2 ? "Collation" : "Boisson"],
        tags: i % 3 ? ["Local"] : ["Bio", "Sans gluten"],
      };
    });
    for (let i = 0; i < rows.length; i += 1000) await database.db.insert(products).values(rows.slice(i, i + 1000));
  } finally {
    await database.close();
  }
}

async function latency(url: string, cookie: string, count = 60): Promise<{ p50: number; p95: number; bytes: number }> {
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const response = await fetch(url, { headers: { cookie } });
    bytes = (await response.arrayBuffer()).byteLength;
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))]! * 10) / 10;
  return { p50: at(0.5), p95: at(0.95), bytes };
}

export default async function bench(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-admin-"));
  await fill(dataDir);
  const server = await startBuiltServer(
    { DATA_DIR: dataDir, SEED_DEMO: "false", ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password },
    PORT,
  );
  try {
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams(ADMIN),
      headers: { origin: server.url },
      redirect: "manual",
    });
    const cookie = login.headers
      .getSetCookie()
      .find((c) => c.startsWith("sid="))
      ?.split(";")[0];
    if (!cookie) throw new Error(`login failed: ${login.status}`);

    const rows: (string | number)[][] = [];
    for (const [label, path] of [
      ["search 'barre' (833 matches)", "/edit-products.data?search=1&q=barre"],
      ["search 'cafe erable' (2 words, accents)", "/edit-products.data?search=1&q=cafe%20erable"],
      ["search 'zzz' (no match)", "/edit-products.data?search=1&q=zzz"],
      ["search '' (first names)", "/edit-products.data?search=1&q="],
      ["whole page /edit-products (SSR)", "/edit-products"],
    ] as const) {
      await latency(server.url + path, cookie, 10); // warm-up
      const r = await latency(server.url + path, cookie);
      rows.push([label, r.p50, r.p95, Math.round(r.bytes / 102.4) / 10]);
    }
    const loaded = await load(`${server.url}/edit-products.data?search=1&q=barre`, {
      connections: 10,
      duration: 8,
      headers: { cookie },
    });
    return [
      `### Staff product selector at ${COUNT.toLocaleString("fr-CA")} products (PGlite, sequential, 60 requests each)`,
      table(["request", "p50 ms", "p95 ms", "KB"], rows),
      "",
      `Search 'barre' under load (10 connections, 8 s): ${loaded.rps} req/s, p50 ${loaded.p50} ms, p99 ${loaded.p99} ms, errors ${loaded.errors + loaded.non2xx}.`,
      `Server peak RSS: ${Math.round(server.peakRssMb())} MB`,
    ].join("\n");
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// The catalogue at 10,000 products: server latency of /produits with filters (name search, tag, price
// range, page 200) on PGlite and on PostgreSQL, and requests per second of a product and a machine page.
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { normalizeForSearch } from "../../app/rules/text";
import { openDatabase, type Db } from "../../server/db/client";
import { machineCategories, machines, machineSteps, products, tags } from "../../server/db/schema";
import { BROWSER_HEADERS, load, startBuiltServer, table } from "./lib";

const PRODUCT_COUNT = 10_000;
const SAMPLES = 200;
const TARGET_MS = { pglite: 50, postgres: 20 } as const;
const POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

const TAGS = [
  "Boisson",
  "Caféine",
  "Chaud",
  "Local",
  "Salé",
  "Sans gluten",
  "Sucré",
  "Végane",
  "Bio",
  "Protéiné",
  "Sans noix",
  "Nouveau",
];
const BASES = [
  "Barre",
  "Biscuit",
  "Café",
  "Thé",
  "Jus",
  "Eau",
  "Chips",
  "Chocolat",
  "Crème",
  "Éclair",
  "Muffin",
  "Noix",
  "Granola",
  "Yogourt",
  "Boisson",
  "Bretzel",
  "Gâteau",
  "Croustilles",
  "Limonade",
  "Kombucha",
  "Smoothie",
  "Wrap",
  "Salade",
  "Sandwich",
  "Maïs soufflé",
  "Gaufre",
  "Tartelette",
  "Mélange montagnard",
];
const FLAVOURS = [
  "à l'érable",
  "aux bleuets",
  "au chocolat noir",
  "vanille",
  "caramel salé",
  "citron",
  "framboise",
  "pomme-cannelle",
  "arachide",
  "amande",
  "noix de coco",
  "menthe",
  "gingembre",
  "matcha",
  "mangue",
  "fraise",
  "cerise",
  "miel",
  "pécane",
  "moka",
];
const VARIANTS = ["", " 250 ml", " 355 ml", " format familial", " bio", " sans sucre", " léger", " extra", " mini"];

// The filtered lists measured (the filters live in the URL and run in SQL).
const QUERIES: [string, string][] = [
  ["name search (q=erable)", "/produits?q=erable"],
  ["tag filter (tag=Végane)", `/produits?tag=${encodeURIComponent("Végane")}`],
  ["price range (2 $ to 3 $)", "/produits?min=2&max=3"],
  ["page 200", "/produits?page=200"],
];

/** A deterministic pseudo-random sequence, so every run fills the same catalogue. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

/** Fills an empty, migrated database with the bench catalogue (also used to study query plans). */
export async function fill(db: Db): Promise<{ productId: string; machinePath: string }> {
  const next = random(42);
  await db.insert(tags).values(TAGS.map((nom) => ({ nom })));
  const batch: (typeof products.$inferInsert)[] = [];
  for (let i = 0; i < PRODUCT_COUNT; i++) {
    const base = BASES[i % BASES.length]!;
    const flavour = FLAVOURS[Math.floor(i / BASES.length) % FLAVOURS.length]!;
    const variant = VARIANTS[Math.floor(i / (BASES.length * FLAVOURS.length)) % VARIANTS.length]!;
    const nom = `${base} ${flavour}${variant}`;
    const productTags = TAGS.filter(() => next() < 0.18).slice(0, 4);
    batch.push({
      nom,
      nom_recherche: normalizeForSearch(nom),
      prix: Math.round((0.75 + next() * 11) * 4) / 4,
      description: `${nom} : une collation appréciée, offerte dans nos distributrices.`,
      categorie: [base === "Eau" || base === "Jus" || base === "Boisson" ? "Boissons" : "Collations"],
      tags: productTags,
      ingredients: "Sucre, farine de blé, huile de canola, sel.",
      dans_notre_top_10_des_plus_gros_vendeur: i % 1000 === 0,
    });
    if (batch.length === 500) {
      await db.insert(products).values(batch.splice(0));
    }
  }
  if (batch.length) await db.insert(products).values(batch);

  const [category] = await db
    .insert(machineCategories)
    .values({ nom: "Collations et boissons", description: "Distributrices combinées." })
    .returning();
  const steps = await db
    .insert(machineSteps)
    .values(
      [1, 2, 3].map((numero) => ({ numero, titre: `Étape ${numero}`, description: "Une étape du fonctionnement." })),
    )
    .returning();
  const [machine] = await db
    .insert(machines)
    .values({
      nom: "Boréal Signature",
      description: "Notre distributrice phare.",
      disponible_en_entrepot: true,
      avantages: ["Installation gratuite", "Entretien inclus"],
      specifications: ["Hauteur: 183 cm", "Largeur: 92 cm", "Garantie"],
      categorie_id: category!.id,
      step_ids: steps.map((s) => s.id),
    })
    .returning();
  const [product] = await db.select({ id: products.id }).from(products).limit(1);
  // As after any bulk import once autovacuum has passed: fresh statistics and a visibility map (deep
  // pages then walk the name index without visiting the table). PGlite has no autovacuum, and this
  // machine's PostgreSQL has it turned off.
  await db.execute(sql`vacuum analyze`);
  return { productId: product!.id, machinePath: `/machines/${category!.id}/${machine!.id}` };
}

const percentile = (sorted: number[], q: number) =>
  Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;

// A browser's request: keep-alive, compressed. The body is read as it comes, still compressed: a
// browser inflates it natively, and fetch() in this process would add its own decompression (about
// 3 ms at p50 and far more at p95 on this machine) to what is meant to be the server's time.
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(url: string): Promise<{ ms: number; status: number; serverTiming: string }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: keepAlive, headers: { ...BROWSER_HEADERS, accept: "text/html" } }, (response) => {
        response.on("data", () => {});
        response.on("end", () =>
          resolve({
            ms: performance.now() - started,
            status: response.statusCode ?? 0,
            serverTiming: String(response.headers["server-timing"] ?? ""),
          }),
        );
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** p50/p95 of sequential requests, of the whole response and of the database part (Server-Timing). */
async function latency(
  url: string,
  count: number,
): Promise<{ p50: number; p95: number; dbP50: number; dbP95: number }> {
  const total: number[] = [];
  const db: number[] = [];
  for (let i = 0; i < count; i++) {
    const { ms, status, serverTiming } = await timedGet(url);
    if (status !== 200) throw new Error(`${url}: ${status}`);
    total.push(ms);
    db.push(Number(/db;[^,]*dur=([\d.]+)/.exec(serverTiming)?.[1] ?? NaN));
  }
  total.sort((a, b) => a - b);
  db.sort((a, b) => a - b);
  return {
    p50: percentile(total, 0.5),
    p95: percentile(total, 0.95),
    dbP50: percentile(db, 0.5),
    dbP95: percentile(db, 0.95),
  };
}

type EngineResult = { rows: (string | number)[][]; throughput: (string | number)[][]; fillSeconds: number };

async function measure(
  engine: "pglite" | "postgres",
  env: Record<string, string>,
  port: number,
  ids: { productId: string; machinePath: string },
) {
  // Renders are measured here: the visitors' page cache (scripts/bench/pages.ts) is off.
  const server = await startBuiltServer({ SEED_DEMO: "0", PAGE_CACHE_MB: "0", ...env }, port);
  try {
    const rows: (string | number)[][] = [];
    for (const [label, path] of QUERIES) {
      await latency(server.url + path, 20); // warm-up (caches, JIT)
      const { p50, p95, dbP50, dbP95 } = await latency(server.url + path, SAMPLES);
      rows.push([
        engine,
        label,
        p50,
        p95,
        dbP50,
        dbP95,
        `≤ ${TARGET_MS[engine]}`,
        p95 <= TARGET_MS[engine] ? "✓" : "✗",
      ]);
    }
    const throughput: (string | number)[][] = [];
    for (const [label, path] of [
      ["product page", `/produits/${ids.productId}`],
      ["machine page", ids.machinePath],
    ] as const) {
      await load(server.url + path, { connections: 5, duration: 2 });
      const r = await load(server.url + path, { connections: 10, duration: 6 });
      throughput.push([engine, label, r.rps, r.p50, r.p99, r.errors + r.non2xx]);
    }
    return { rows, throughput, peak: Math.round(server.peakRssMb()) };
  } finally {
    // Requests cut at the end of a load run finish before the database closes.
    await new Promise((r) => setTimeout(r, 1000));
    await server.stop();
  }
}

async function benchPglite(): Promise<EngineResult & { peak: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-catalogue-"));
  try {
    const started = Date.now();
    const database = await openDatabase({ dataDir: join(dataDir, "db") });
    await database.migrate();
    const ids = await fill(database.db);
    await database.close();
    const fillSeconds = (Date.now() - started) / 1000;
    return { ...(await measure("pglite", { DATA_DIR: dataDir }, 3921, ids)), fillSeconds };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function benchPostgres(): Promise<(EngineResult & { peak: number }) | null> {
  if (!(await postgresReachable())) return null;
  const name = `bench_catalogue_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const dataDir = await mkdtemp(join(tmpdir(), "site-bench-catalogue-pg-"));
  try {
    await admin.query(`create database "${name}"`);
    const started = Date.now();
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 });
    await database.migrate();
    const ids = await fill(database.db);
    await database.close();
    const fillSeconds = (Date.now() - started) / 1000;
    return {
      ...(await measure("postgres", { DATABASE_URL: url.toString(), DATA_DIR: dataDir }, 3922, ids)),
      fillSeconds,
    };
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`).catch(() => {});
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export default async function bench(): Promise<string> {
  const lite = await benchPglite();
  const postgres = await benchPostgres();
  const results = [lite, postgres].filter((r): r is NonNullable<typeof r> => r !== null);
  const load1 = (await import("node:os")).loadavg()[0]!.toFixed(1);
  return [
    `### Catalogue at ${PRODUCT_COUNT.toLocaleString("en-CA")} products (server latency of the whole /produits page, compressed as a browser asks for it, ${SAMPLES} sequential requests)`,
    table(
      ["engine", "list", "p50 ms", "p95 ms", "of which SQL p50", "SQL p95", "target p95 ms", "met"],
      results.flatMap((r) => r.rows),
    ),
    "",
    "### Detail pages under load (autocannon, 10 connections, 6 s)",
    table(
      ["engine", "page", "req/s", "p50 ms", "p99 ms", "errors"],
      results.flatMap((r) => r.throughput),
    ),
    "",
    `Fill time: PGlite ${lite.fillSeconds.toFixed(1)} s${postgres ? `, PostgreSQL ${postgres.fillSeconds.toFixed(1)} s` : ""}. ` +
      `Server peak RSS: PGlite ${lite.peak} MB${postgres ? `, PostgreSQL ${postgres.peak} MB` : ""}.` +
      (postgres ? "" : ` PostgreSQL not reachable at ${new URL(POSTGRES_URL).host}: skipped.`) +
      ` Load average at the end: ${load1} (figures are only comparable on an otherwise idle machine).`,
    "",
  ].join("\n");
}

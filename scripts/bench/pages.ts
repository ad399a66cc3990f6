// The page cache: the visitors' pages at 50 connections against a static asset of the same
// server in the same run, cold and warm, on PGlite and PostgreSQL, plus the server's memory.
import { IDLE_MS } from "../../server/lib/idle-memory";
import {
  BENCH_ADMIN_ENV,
  BROWSER_HEADERS,
  installedMachinePath,
  load,
  rssMb,
  startBuiltServer,
  table,
  throwawayPostgres,
  timedGet,
  type LoadResult,
} from "./lib";

const PAGES = ["/", "/produits", "/produits?top10=1", "/galerie"];
// And a machine's public page (/m/{code}), entered through the staff's form at each server's start.
const MACHINE_PAGE = "/m/{code}";
// Requested by nobody before its cold start under load: 50 visitors at once on an uncached page.
const COLD_CROWD_PAGE = "/produits?page=2";
const CONNECTIONS = 50;
const MIN_SHARE = 50; // % of the static asset's req/s
const MAX_P99_MS = 50;
const MAX_RSS_MB = { PGlite: 400, PostgreSQL: 150 } as const;

type Engine = keyof typeof MAX_RSS_MB;
const mark = (ok: boolean) => (ok ? "✅" : "❌");
const round = (n: number) => Math.round(n);

/** 2 s of warm-up (JIT, caches), then ~6 s measured, compressed as a browser asks. */
async function warm(url: string): Promise<LoadResult> {
  await load(url, { connections: CONNECTIONS, duration: 2, headers: BROWSER_HEADERS });
  return load(url, { connections: CONNECTIONS, duration: 6, headers: BROWSER_HEADERS });
}

/** One server: cold first requests, the static reference, each page warm; returns its Markdown. */
async function measure(engine: Engine, title: string, env: Record<string, string>, port: number) {
  const server = await startBuiltServer({ ...BENCH_ADMIN_ENV, ...env }, port);
  try {
    const machinePage = await installedMachinePath(server.url);
    const pages = [...PAGES, machinePage];
    await new Promise((r) => setTimeout(r, 1000)); // let start-up work (seed, GC) settle
    const idleRss = await rssMb(server.pid);
    // Cold: each page's very first request, before anything else has rendered it.
    const cold = new Map<string, number>();
    let homeHtml = "";
    for (const path of pages) {
      const r = await timedGet(server.url + path);
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
      cold.set(path, r.ms);
      if (path === "/") homeHtml = r.body;
    }
    const crowdStarted = performance.now();
    const crowd = await Promise.all(Array.from({ length: CONNECTIONS }, () => timedGet(server.url + COLD_CROWD_PAGE)));
    const crowdMs = performance.now() - crowdStarted;
    const crowdFailed = crowd.filter((r) => r.status !== 200).length;

    // The reference: a hashed asset the home page links, served from disk by the same process.
    const asset =
      /\/assets\/app-[\w-]+\.css/.exec(homeHtml)?.[0] ?? /\/assets\/[\w.-]+\.(?:css|js)/.exec(homeHtml)?.[0];
    if (!asset) throw new Error("no /assets/*.css|js in the home page");
    const reference = await warm(server.url + asset);
    const rows: (string | number)[][] = [
      [
        `${asset} (static)`,
        "",
        reference.rps,
        "100 %",
        reference.p50,
        reference.p99,
        reference.errors + reference.non2xx,
      ],
    ];
    let met = 0;
    for (const path of pages) {
      const r = await warm(server.url + path);
      const share = (100 * r.rps) / reference.rps;
      const errors = r.errors + r.non2xx;
      const ok = share >= MIN_SHARE && r.p99 <= MAX_P99_MS && errors === 0;
      if (ok) met++;
      rows.push([
        path === machinePage ? `${path} (${MACHINE_PAGE})` : path,
        round(cold.get(path)!),
        r.rps,
        `${round(share)} % ${mark(share >= MIN_SHARE)}`,
        r.p50,
        `${r.p99} ${mark(r.p99 <= MAX_P99_MS)}`,
        errors,
      ]);
    }
    await new Promise((r) => setTimeout(r, 1000)); // requests cut at the end of the last run finish
    const afterRss = await rssMb(server.pid);
    // At rest: once requests have stopped for IDLE_MS the server gives memory back (idle-memory.ts).
    await new Promise((r) => setTimeout(r, IDLE_MS + 1000));
    const restRss = await rssMb(server.pid);
    const rssOk = restRss <= MAX_RSS_MB[engine];
    return [
      `#### ${title}`,
      table(["path", "cold first request ms", "warm req/s", "% of static", "p50 ms", "p99 ms", "errors"], rows),
      "",
      `Cold start under load: ${CONNECTIONS} concurrent first requests to ${COLD_CROWD_PAGE} all answered in ${round(crowdMs)} ms` +
        ` (slowest ${round(Math.max(...crowd.map((r) => r.ms)))} ms${crowdFailed ? `, ${crowdFailed} not 200` : ""}).`,
      `Memory: RSS ${round(idleRss)} MB idle after start, ${round(afterRss)} MB 1 s after the run, ${round(restRss)} MB at rest` +
        ` (${(IDLE_MS + 2000) / 1000} s after), peak (VmHWM) ${round(server.peakRssMb())} MB.`,
      `Targets: pages ≥ ${MIN_SHARE} % of static req/s and p99 ≤ ${MAX_P99_MS} ms: ${mark(met === pages.length)} ${met}/${pages.length} pages;` +
        ` RSS at rest after the run ≤ ${MAX_RSS_MB[engine]} MB: ${mark(rssOk)}.`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

export default async function bench(): Promise<string> {
  const sections = [await measure("PGlite", "PGlite (embedded, default)", {}, 3930)];
  const postgres = await throwawayPostgres("bench_pages");
  if (postgres) {
    try {
      sections.push(await measure("PostgreSQL", "PostgreSQL (DATABASE_URL)", { DATABASE_URL: postgres.url }, 3931));
    } finally {
      await postgres.drop();
    }
  } else {
    sections.push("PostgreSQL: skipped (cannot connect to 127.0.0.1:5432).");
  }
  sections.push(
    await measure(
      "PGlite",
      "PGlite with the page cache off (PAGE_CACHE_MB=0), for comparison",
      { PAGE_CACHE_MB: "0" },
      3932,
    ),
  );
  return [
    `### Page cache: visitors' pages under load (autocannon, ${CONNECTIONS} connections)`,
    "Warm: 2 s warm-up then 6 s measured, a browser's `Accept-Encoding` (`gzip, deflate, br, zstd`) on every request. Cold: the first request after start.",
    "",
    sections.join("\n\n"),
  ].join("\n");
}

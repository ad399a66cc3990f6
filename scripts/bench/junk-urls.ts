// The page cache keeps the real pages: 10,000 distinct URLs that name no real page (unknown tags, pages
// past the last, searches, price variants, unknown parameters and paths), 8 at a time, then each page
// of the sitemap asked for again: all must be served from memory (X-Cache: hit), and the server's
// memory must stay within the cache's bytes (PAGE_CACHE_MB, 64 by default) plus its usual size.
import { randomUUID } from "node:crypto";
import { IDLE_MS } from "../../server/lib/idle-memory";
import { BROWSER_HEADERS, rssMb, startBuiltServer, table } from "./lib";

const JUNK_URLS = Number(process.env.JUNK_URLS ?? 10_000);
const PARALLEL = 8;
const CACHE_MB = 64;
/** The cache's age bound (PAGE_CACHE_TTL_MS in server/app.ts): a page warmed longer ago has expired. */
const TTL_SECONDS = 600;
/** RSS at rest after the flood, as the pages bench asks of PGlite. */
const MAX_RSS_MB = 400;

function junkUrl(i: number): string {
  const kinds = [
    `/produits?tag=j${i}`,
    `/produits?page=${1000 + i}`,
    `/produits?q=introuvable-${i}`,
    `/produits?min=${i}&max=${i + 0.5}`,
    `/produits?utm_source=${i}&tag=zz${i}`,
    `/nulle-part-${i}`,
    `/produits/${randomUUID()}`,
    `/notre-offre?vue=produits&q=j${i}`,
    `/PRODUITS/?x=${i}`,
  ];
  return kinds[i % kinds.length]!;
}

async function cacheOf(url: string): Promise<string | null> {
  const response = await fetch(url, { headers: BROWSER_HEADERS });
  await response.arrayBuffer();
  return response.headers.get("x-cache");
}

/** A request of the flood; a connection error (a loaded machine) is counted, not fatal. */
async function floodOne(url: string, failures: { count: number }) {
  await cacheOf(url).catch(() => void failures.count++);
}

export default async function bench(): Promise<string> {
  const server = await startBuiltServer({ PAGE_CACHE_MB: String(CACHE_MB) }, 3940);
  try {
    const sitemap = await (await fetch(`${server.url}/sitemap.xml`)).text();
    const pages = [
      ...[...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname),
      "/produits?page=2",
    ];
    const warmStarted = performance.now();
    for (const path of pages) await cacheOf(server.url + path);
    const warmRss = await rssMb(server.pid);

    const started = performance.now();
    let next = 0;
    const failures = { count: 0 };
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < JUNK_URLS) await floodOne(server.url + junkUrl(next++), failures);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const floodRss = await rssMb(server.pid);

    const hits = (await Promise.all(pages.map((path) => cacheOf(server.url + path)))).filter((c) => c === "hit");
    await new Promise((r) => setTimeout(r, IDLE_MS + 1000));
    const restRss = await rssMb(server.pid);
    const ok = hits.length === pages.length && restRss <= MAX_RSS_MB;
    return [
      `### Page cache under a flood of ${JUNK_URLS.toLocaleString("en")} URLs that name no real page (PAGE_CACHE_MB=${CACHE_MB}, PGlite)`,
      table(
        [
          "real pages still hits",
          "flood req/s",
          "flood requests failed",
          "RSS warm MB",
          "RSS after flood MB",
          "RSS at rest MB",
          "peak MB",
        ],
        [
          [
            `${hits.length}/${pages.length} ${hits.length === pages.length ? "✅" : "❌"}`,
            Math.round(JUNK_URLS / seconds),
            failures.count,
            Math.round(warmRss),
            Math.round(floodRss),
            `${Math.round(restRss)} ${restRss <= MAX_RSS_MB ? "✅" : "❌"}`,
            Math.round(server.peakRssMb()),
          ],
        ],
      ),
      "",
      (performance.now() - warmStarted) / 1000 > TTL_SECONDS
        ? `The flood outlasted the cache's ${TTL_SECONDS / 60}-minute age bound: pages warmed first had expired by age.`
        : "",
      `Target: every page of the sitemap (and the list's second page) still a hit, RSS at rest ≤ ${MAX_RSS_MB} MB: ${ok ? "✅" : "❌"}.`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

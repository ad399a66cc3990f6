// The page pipeline's mechanisms, each measured with and without it in one run: servers of the same
// build side by side (all on; PAGE_PIPELINE_OFF=critical-css; PAGE_PIPELINE_OFF=scripts-last; all on
// with the statistics script blocked by the browser), each
// behind nginx with HTTPS and HTTP/2 as deployed, Lighthouse's phone runs interleaved (one run of each
// server in turn, page by page) so the shared machine's noise falls on all alike. Then the bytes of the
// cached pages' compressed copies (Brotli 5, 9, 11; gzip 9) and the time each takes, and the start
// program's text minified or not.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minifySync } from "vite";
import { startNginx } from "../../tests/multi-instance/support";
import { measuredPages, median, startBuiltServer, table, type RunningServer } from "./lib";

const VARIANTS: readonly { name: string; off: string; blocked?: string[] }[] = [
  { name: "all on", off: "" },
  { name: "without critical CSS (whole stylesheet linked)", off: "critical-css" },
  { name: "without scripts-last (React's scripts in place)", off: "scripts-last" },
  // The visitors' statistics (collection script and its beacons) cost: the same pages with the script
  // blocked by the browser.
  { name: "without the statistics script (blocked)", off: "", blocked: ["*/assets/collect-*"] },
];
const RUNS = Number(process.env.LH_RUNS ?? 3);
/** Servers on PORT, PORT+1, …; their proxies on PORT+5, PORT+6, …. */
const PORT = Number(process.env.PIPELINE_PORT ?? 3950);
/** A new connection's first round trip carries about this much (10 TCP segments). */
const FIRST_ROUND_TRIP_KB = 14.6;
const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];

type Run = { performance: number; fcpMs: number; lcpMs: number; tbtMs: number; htmlKb: number; jsKb: number };
type Audits = Record<string, { numericValue?: number; details?: { items?: Record<string, unknown>[] } }>;

function toRun(lhr: { categories: Record<string, { score: number | null }>; audits: Audits }): Run {
  const items = (audit: string) => lhr.audits[audit]?.details?.items ?? [];
  const kb = (bytes: unknown) => Math.round((Number(bytes ?? 0) / 1024) * 10) / 10;
  const value = (audit: string) => Math.round(lhr.audits[audit]?.numericValue ?? 0);
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: value("first-contentful-paint"),
    lcpMs: value("largest-contentful-paint"),
    tbtMs: value("total-blocking-time"),
    htmlKb: kb(items("network-requests").find((i) => i.resourceType === "Document")?.transferSize),
    jsKb: kb(items("resource-summary").find((i) => i.resourceType === "script")?.transferSize),
  };
}

async function lighthouseRun(port: number, url: string, blockedUrlPatterns: string[] = []): Promise<Run | null> {
  const result = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance"],
    blockedUrlPatterns,
  });
  const lhr = result?.lhr as unknown as (Parameters<typeof toRun>[0] & { runtimeError?: unknown }) | undefined;
  if (!lhr || lhr.runtimeError || lhr.categories.performance?.score == null) return null;
  return toRun(lhr);
}

/** Lighthouse of every page on every variant, interleaved; the median of each (page, variant). */
/** `labels[p]` names the page at `paths[v][p]` on the server of variant v. */
async function lighthouseAb(urls: string[], labels: string[], paths: string[][]): Promise<string> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: [...CHROME_FLAGS, "--ignore-certificate-errors"],
  });
  try {
    const page = (v: number, p: number) => urls[v]! + paths[v]![p]!;
    for (const p of labels.keys()) {
      for (const v of urls.keys()) await lighthouseRun(chrome.port, page(v, p), VARIANTS[v]!.blocked); // warm-up
    }
    const runs = labels.map(() => urls.map((): Run[] => []));
    for (let i = 0; i < RUNS; i++) {
      for (const p of labels.keys()) {
        for (const v of urls.keys()) {
          const run = await lighthouseRun(chrome.port, page(v, p), VARIANTS[v]!.blocked);
          if (run) runs[p]![v]!.push(run);
        }
      }
    }
    const rows = labels.flatMap((path, p) =>
      VARIANTS.map((variant, v) => {
        const results = runs[p]![v]!;
        const m = (pick: (r: Run) => number) => (results.length ? median(results.map(pick)) : "–");
        const worst = results.length ? Math.min(...results.map((r) => r.performance)) : "–";
        return [
          path,
          variant.name,
          `${m((r) => r.performance)} (${worst})`,
          m((r) => r.fcpMs),
          m((r) => r.lcpMs),
          m((r) => r.tbtMs),
          m((r) => r.htmlKb),
          m((r) => r.jsKb),
          results.length,
        ];
      }),
    );
    return table(
      ["page", "variant", "performance (worst)", "FCP ms", "LCP ms", "TBT ms", "HTML KB", "JS KB", "runs"],
      rows,
    );
  } finally {
    chrome.kill();
  }
}

const brotliAt = (body: Buffer, quality: number) =>
  brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });

function timed<T>(make: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = make();
  return { value, ms: performance.now() - started };
}

/** The cached pages' compressed copies: size at each setting, the time to make it, and whether the page
 * fits a new connection's first round trip (its headers counted as 0.5 KB). */
async function compressedCopies(server: RunningServer, paths: string[]): Promise<string> {
  const rows: (string | number)[][] = [];
  for (const path of paths) {
    const body = Buffer.from(
      await (await fetch(server.url + path, { headers: { "accept-encoding": "identity" } })).arrayBuffer(),
    );
    const copies = [
      ["br 5", () => brotliAt(body, 5)],
      ["br 9", () => brotliAt(body, 9)],
      ["br 11", () => brotliAt(body, 11)],
      ["gzip 9", () => gzipSync(body, { level: 9 })],
    ] as const;
    const cells = copies.map(([, make]) => {
      const { value, ms } = timed(make);
      const kb = value.length / 1024;
      return `${kb.toFixed(1)} KB${kb + 0.5 <= FIRST_ROUND_TRIP_KB ? " ✅" : ""} / ${Math.round(ms)} ms`;
    });
    rows.push([path, (body.length / 1024).toFixed(0), ...cells]);
  }
  return table(["page", "HTML KB", "br 5 (quick copy)", "br 9", "br 11 (kept)", "gzip 9"], rows);
}

/** The start program's text as the page carries it, readable or minified, compressed alone. */
async function startProgramBytes(): Promise<string> {
  const { startAfterFirstPaint } = await import("../../app/lib/app-start/start-after-first-paint");
  const readable = startAfterFirstPaint.toString();
  const minified = minifySync("program.js", `export default ${readable}`, { compress: true, mangle: true }).code;
  const size = (text: string) =>
    `${(text.length / 1024).toFixed(2)} KB, ${(brotliAt(Buffer.from(text), 11).length / 1024).toFixed(2)} KB br`;

  return `Start program text: readable ${size(readable)}; minified ${size(minified)}.`;
}

export default async function bench(): Promise<string> {
  // One after another: first starts at once (each seeds its database) outlast the health wait.
  const servers: RunningServer[] = [];
  for (const [i, variant] of VARIANTS.entries()) {
    servers.push(
      await startBuiltServer(
        // Pictures are resized by the warm-up runs: servers making every width at once would only
        // delay the start.
        { TRUST_PROXY: "127.0.0.1", PAGE_PIPELINE_OFF: variant.off, PICTURE_WIDTHS_AHEAD: "off" },
        PORT + i,
      ),
    );
  }
  const proxies = [];
  try {
    for (const [i] of servers.entries()) proxies.push(await startNginx([PORT + i], PORT + 5 + i, { https: true }));
    const wanted = (process.env.PIPELINE_PAGES ?? "/,/produits,machine").split(",");
    // Each server seeded its own demo: a machine page has another address on each.
    const pathsOn = async (server: RunningServer) => {
      const all = await measuredPages(server.url);
      return wanted.map((p) => (p === "machine" ? all[6]! : p));
    };
    const paths = await Promise.all(servers.map(pathsOn));
    const lighthouseTable = await lighthouseAb(
      proxies.map((proxy) => proxy.url),
      wanted.map((p) => (p === "machine" ? "a machine page" : p)),
      paths,
    );
    const all = await measuredPages(servers[0]!.url);
    return [
      `### Page pipeline: each mechanism with and without it (Lighthouse mobile, as deployed, median of ${RUNS} interleaved runs)`,
      lighthouseTable,
      "",
      "#### Compressed copies of the cached pages (size / time to make on this machine)",
      await compressedCopies(servers[0]!, all),
      "",
      await startProgramBytes(),
    ].join("\n");
  } finally {
    for (const proxy of proxies) await proxy.stop();
    for (const server of servers) await server.stop();
  }
}

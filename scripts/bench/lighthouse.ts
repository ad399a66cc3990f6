// Lighthouse (mobile defaults, Debian's Chromium) of public pages on the production build with the
// demo content: the four category scores, LCP, CLS, TBT, and the HTML and JavaScript transferred (a
// page whose HTML, headers included, passes 14.6 KB waits one round trip more in Lighthouse's model).
// Twice: as deployed, through nginx with HTTPS and HTTP/2 (docs/operations.md), where TLS costs a round
// trip and a page's requests share one connection: what a visitor gets, and where the targets
// (docs/performance.md) apply. Then from the site itself (HTTP/1.1 without TLS, which no visitor gets), to compare.
// lighthouseReport() is reusable: other bench modules pass their own paths.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startNginx } from "../../tests/multi-instance/support";
import { measuredPages, startBuiltServer, table } from "./lib";

export type LighthouseRow = {
  path: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  htmlKb: number;
  jsKb: number;
  /** The lowest performance score of the runs (the median run is the row). */
  worstPerformance: number;
  /** Runs Lighthouse could not score, with its reason (they are left out of the median and the worst). */
  failedRuns: string[];
};

const CHROME_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"];
const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

type Lhr = {
  runtimeError?: { code: string };
  categories: Record<string, { score: number | null }>;
  audits: Record<
    string,
    { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }
  >;
};

function toRow(path: string, lhr: Lhr): LighthouseRow {
  const scripts = lhr.audits["resource-summary"]?.details?.items?.find((item) => item.resourceType === "script");
  const html = lhr.audits["network-requests"]?.details?.items?.find((item) => item.resourceType === "Document");
  const kb = (bytes: number | undefined) => Math.round(((bytes ?? 0) / 1024) * 10) / 10;
  return {
    path,
    performance: score(lhr.categories.performance?.score),
    accessibility: score(lhr.categories.accessibility?.score),
    bestPractices: score(lhr.categories["best-practices"]?.score),
    seo: score(lhr.categories.seo?.score),
    lcpMs: Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
    cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0) * 1000) / 1000,
    tbtMs: Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
    htmlKb: kb(html?.transferSize),
    jsKb: kb(scripts?.transferSize),
    worstPerformance: score(lhr.categories.performance?.score),
    failedRuns: [],
  };
}

/** Lighthouse of each path under baseUrl, `runs` times each (the run with the median performance
 * score is kept: this machine is shared, single runs vary). */
export async function lighthouseReport(
  baseUrl: string,
  paths: string[],
  { runs = Number(process.env.LH_RUNS ?? 5), selfSignedCertificate = false } = {},
): Promise<LighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: selfSignedCertificate ? [...CHROME_FLAGS, "--ignore-certificate-errors"] : CHROME_FLAGS,
  });
  try {
    const rows: LighthouseRow[] = [];
    for (const path of paths) {
      // One warm-up load, in the same phone emulation, so that the server's caches (images resized to
      // the widths this screen asks for, in AVIF: up to a second each when first made) do not count
      // against the measured runs. Fetching the HTML alone left the images cold.
      await lighthouse(baseUrl + path, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const results: LighthouseRow[] = [];
      const failedRuns: string[] = [];
      for (let i = 0; i < runs; i++) {
        const result = await lighthouse(baseUrl + path, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const lhr = result.lhr as unknown as Lhr;
        const failure = lhr.runtimeError?.code ?? (lhr.categories.performance?.score == null ? "no score" : null);
        if (failure) failedRuns.push(failure);
        else results.push(toRow(path, lhr));
      }
      if (results.length === 0) throw new Error(`every Lighthouse run of ${path} failed: ${failedRuns.join(", ")}`);
      results.sort((a, b) => a.performance - b.performance || b.lcpMs - a.lcpMs);
      rows.push({
        ...results[Math.floor(results.length / 2)]!,
        worstPerformance: results[0]!.performance,
        failedRuns,
      });
    }
    return rows;
  } finally {
    chrome.kill();
  }
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  return table(
    [
      "page",
      "performance (worst run)",
      "accessibility",
      "best practices",
      "SEO",
      "LCP ms",
      "CLS",
      "TBT ms",
      "HTML KB (transferred)",
      "JS KB (transferred)",
    ],
    rows.map((r) => [
      r.path,
      `${r.performance} (${r.worstPerformance})`,
      r.accessibility,
      r.bestPractices,
      r.seo,
      r.lcpMs,
      r.cls,
      r.tbtMs,
      r.htmlKb,
      r.jsKb,
    ]),
  );
}

/** A line per page where Lighthouse failed to score a run (never counted as a score of 0). */
function lighthouseFailures(rows: LighthouseRow[]): string {
  return rows
    .filter((r) => r.failedRuns.length > 0)
    .map((r) => `- ${r.path}: ${r.failedRuns.length} run(s) not scored by Lighthouse (${r.failedRuns.join(", ")})`)
    .join("\n");
}

export default async function bench(): Promise<string> {
  const server = await startBuiltServer({ TRUST_PROXY: "127.0.0.1" }, 3920);
  try {
    const paths = await measuredPages(server.url);
    const proxy = await startNginx([3920], 3929, { https: true });
    let deployed: LighthouseRow[];
    try {
      deployed = await lighthouseReport(proxy.url, paths, { selfSignedCertificate: true });
    } finally {
      await proxy.stop();
    }
    // LH_DIRECT=off leaves out the comparison pass (half the module's time).
    const direct = process.env.LH_DIRECT === "off" ? null : await lighthouseReport(server.url, paths);
    return [
      "### Lighthouse, mobile defaults (median of runs), as deployed: through nginx, HTTPS and HTTP/2 (docs/operations.md)",
      "What a visitor's phone gets; the targets apply here.",
      lighthouseTable(deployed),
      lighthouseFailures(deployed),
      ...(direct
        ? [
            "### The same from the site itself (HTTP/1.1 without TLS, which no visitor gets), to compare",
            "Each font or picture requested while another loads opens a new connection with its own handshake and slow start.",
            lighthouseTable(direct),
            lighthouseFailures(direct),
          ]
        : []),
    ]
      .filter(Boolean)
      .join("\n\n");
  } finally {
    await server.stop();
  }
}

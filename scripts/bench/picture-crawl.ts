// Every picture answers: a link checker's crawl of every src and srcset URL of every public page
// (each in AVIF and in WebP), 32 at a time, on a freshly started server as soon as it is ready (cold:
// its first crawl) and again right after (warm: the operating system's file cache is hot).
import { collectPictureUrls, crawlPictures, percentile, type CrawlResult } from "../../tests/support/picture-crawl";
import { startBuiltServer, table } from "./lib";

const PARALLEL = 32;

function row(label: string, results: CrawlResult[]): (string | number)[] {
  const ms = results.map((r) => r.ms);
  const failures = results.filter((r) => r.status !== 200);
  const statuses = [...new Set(failures.map((r) => r.status))].join(", ");
  return [
    label,
    results.length,
    failures.length === 0 ? "0 ✅" : `${failures.length} ❌ (${statuses})`,
    Math.round(percentile(ms, 50)),
    Math.round(percentile(ms, 95)),
    Math.round(Math.max(...ms)),
  ];
}

/** Waits for /readyz (a balancer's signal: the pictures shown have their widths); returns the wait. */
async function untilReady(url: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return performance.now() - started;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export default async function pictureCrawl(): Promise<string> {
  const server = await startBuiltServer({ PICTURES_READY_WAIT_MS: "1800000" }, 3972, { until: "/healthz" });
  try {
    const readyAfter = await untilReady(server.url);
    const { pages, urls } = await collectPictureUrls(server.url);
    const cold = await crawlPictures(server.url, urls, { parallel: PARALLEL });
    const warm = await crawlPictures(server.url, urls, { parallel: PARALLEL });
    return [
      `### Pictures: every src and srcset URL of ${pages.length} public pages, ${PARALLEL} at a time`,
      "",
      `${urls.length} distinct URLs, each fetched as AVIF and as WebP; target: no failure. Latency in ms.`,
      "",
      table(
        ["Crawl", "Requests", "Failures", "p50", "p95", "max"],
        [row("cold (fresh server)", cold), row("warm", warm)],
      ),
      "",
      `Cold: the first crawl right after /readyz, which waited ${Math.round(readyAfter / 1000)} s after /healthz for the demo pictures' widths (made in the background on a fresh DATA_DIR). Peak RSS ${Math.round(server.peakRssMb())} MB.`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

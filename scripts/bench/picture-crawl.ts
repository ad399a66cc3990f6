// Every picture answers: a link checker's crawl of every src and srcset URL of every public page
// (each in AVIF and in WebP), 32 at a time, on a freshly started server (cold: the standard widths
// are being made in the background, anything missing is made on request) and again once every URL
// has been asked for (warm).
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

export default async function pictureCrawl(): Promise<string> {
  const server = await startBuiltServer({}, 3972);
  try {
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
      `Peak RSS ${Math.round(server.peakRssMb())} MB.`,
    ].join("\n");
  } finally {
    await server.stop();
  }
}

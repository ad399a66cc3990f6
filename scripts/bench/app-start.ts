// What the app's start costs a visitor on a mid-range phone (the same phone as the
// `taps` module), as the browser itself reports it: the long tasks (over 50 ms, Long Tasks API) from the
// first paint until 2 s after the app has started. A tap that lands in one of them waits for its end.
// Steadier here than Lighthouse's TBT, which rebuilds the tasks from one unthrottled load. The first and
// largest paints are the browser's own on that phone too (Lighthouse simulates them from a load on
// localhost, where pictures below the fold often finish before the paint and then count).
import type { Page } from "@playwright/test";
import { measuredPages, launchChromium, median, phonePage, startBuiltServer, table } from "./lib";

const RUNS = 5;
const AFTER_START_MS = 2000;
const LONG_MS = 50;

type StartCost = {
  firstPaintMs: number;
  largestPaintMs: number;
  beforePaintMs: number;
  longestMs: number;
  longTasks: number;
  blockingMs: number;
  startedMs: number;
};

/** One load: the long tasks between the first paint and AFTER_START_MS after the app started. */
async function startCost(page: Page, url: string): Promise<StartCost> {
  await page.addInitScript(() => {
    const w = window as unknown as {
      __tasks: { start: number; duration: number }[];
      __startedAt?: number;
      __largestPaint: number;
    };
    w.__tasks = [];
    w.__largestPaint = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__largestPaint = entry.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask" });
    // On the document, not its element: this runs before the element exists.
    new MutationObserver(() => {
      if (document.documentElement.dataset.app === "started") w.__startedAt ??= performance.now();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-app"] });
  });
  await page.goto(url, { waitUntil: "commit" });
  await page.locator('html[data-app="started"]').waitFor({ state: "attached", timeout: 30_000 });
  await page.waitForTimeout(AFTER_START_MS);
  const { tasks, startedAt, firstPaint, largestPaint } = await page.evaluate(() => {
    const w = window as unknown as {
      __tasks: { start: number; duration: number }[];
      __startedAt: number;
      __largestPaint: number;
    };
    const paint = performance.getEntriesByName("first-contentful-paint")[0];
    return {
      tasks: w.__tasks,
      startedAt: w.__startedAt,
      firstPaint: paint?.startTime ?? 0,
      largestPaint: w.__largestPaint,
    };
  });
  const counted = tasks.filter((t) => t.start >= firstPaint && t.start <= startedAt + AFTER_START_MS);
  return {
    firstPaintMs: firstPaint,
    largestPaintMs: largestPaint,
    // For comparison: the page's own parsing and layout, before anything is shown.
    beforePaintMs: Math.max(0, ...tasks.filter((t) => t.start < firstPaint).map((t) => t.duration)),
    longestMs: Math.max(0, ...counted.map((t) => t.duration)),
    longTasks: counted.length,
    blockingMs: counted.reduce((sum, t) => sum + Math.max(0, t.duration - LONG_MS), 0),
    startedMs: startedAt,
  };
}

export default async function bench(): Promise<string> {
  const server = await startBuiltServer({}, 3950);
  const browser = await launchChromium();
  const rows: (string | number)[][] = [];
  try {
    for (const path of await measuredPages(server.url)) {
      // One load first, so that the server's resized pictures are made before the measured loads.
      const warm = await phonePage(browser);
      await startCost(warm.page, server.url + path).finally(() => warm.close());
      const runs: StartCost[] = [];
      for (let run = 0; run < RUNS; run++) {
        const phone = await phonePage(browser);
        try {
          runs.push(await startCost(phone.page, server.url + path));
        } finally {
          await phone.close();
        }
      }
      const blocking = runs.map((r) => Math.round(r.blockingMs));
      rows.push([
        path.replace(/\/machines\/.+/, "a machine page"),
        Math.round(median(runs.map((r) => r.firstPaintMs))),
        Math.round(median(runs.map((r) => r.largestPaintMs))),
        Math.round(median(runs.map((r) => r.startedMs))),
        Math.round(median(runs.map((r) => r.beforePaintMs))),
        Math.round(median(runs.map((r) => r.longestMs))),
        median(runs.map((r) => r.longTasks)),
        median(blocking),
        blocking.join(" / "),
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return [
    "### The app's start on a throttled phone: the browser's paints, and long tasks from the first paint to 2 s after the start",
    `Pixel 7 emulation, 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s; median of ${RUNS} loads. Blocking: the time of each long task beyond ${LONG_MS} ms, added up (what a tap can wait for).`,
    "",
    table(
      [
        "page",
        "first paint ms",
        "largest paint ms",
        "app started at ms",
        "longest task before the first paint ms",
        "longest task after it ms",
        "tasks over 50 ms",
        "blocking ms (median)",
        "runs",
      ],
      rows,
    ),
  ].join("\n");
}

// How long a control is dead after it appears (target: 100 ms at most), as a visitor on a mid-range phone finds it
// (Chromium, 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s): from the moment the control is painted,
// a tap every 100 ms until one does something; then the interaction latency of the same control once
// the app has started (Event Timing, as web-vitals measures INP).
import type { Page } from "@playwright/test";
import { launchChromium, median, phonePage, startBuiltServer, table } from "./lib";

type Control = {
  name: string;
  path: string;
  /** The control, as a visitor sees it. */
  selector: string;
  /** True once the tap has done something (a panel open, a dialog); a tap that starts a navigation
   * to another page works too. */
  worked(page: Page, from: string): Promise<boolean>;
};

const dialogOrLeft = async (page: Page, from: string) =>
  new URL(page.url()).pathname !== new URL(from).pathname || (await page.locator("[role=dialog]:visible").count()) > 0;

const CONTROLS: Control[] = [
  {
    name: "menu",
    path: "/",
    selector: "header button[popovertarget]:visible, header button:has-text('menu'):visible >> nth=0",
    worked: async (page) => (await page.locator('header a[href="/notre-offre"]:visible').count()) > 0,
  },
  {
    name: "'Filtres'",
    path: "/produits",
    selector: ":is(button, summary):has-text('Filtres'):visible >> nth=0",
    worked: async (page) => page.getByTestId("filtres-panneau").isVisible(),
  },
  {
    name: "'Voir nos machines'",
    path: "/notre-offre",
    selector: ":is(a, button):has-text('Voir nos machines'):visible >> nth=0",
    worked: dialogOrLeft,
  },
  {
    name: "a gallery photo",
    path: "/galerie",
    selector: "section[aria-label=Photos] :is(a, button):visible >> nth=0",
    worked: dialogOrLeft,
  },
];

const RUNS = 3;
const TAP_EVERY_MS = 100;
const GIVE_UP_MS = 15_000;
const TARGET_DEAD_MS = 100;
const TARGET_INP_MS = 200;

/** Milliseconds from the control's first paint to the first tap that worked. */
async function deadWindow(page: Page, url: string, control: Control): Promise<{ visibleMs: number; deadMs: number }> {
  const started = performance.now();
  await page.goto(url, { waitUntil: "commit" });
  const target = page.locator(control.selector);
  while (!(await target.isVisible().catch(() => false))) {
    if (performance.now() - started > GIVE_UP_MS) throw new Error(`${control.name} never appeared`);
    await page.waitForTimeout(10);
  }
  const visibleAt = performance.now();
  // A link's tap works as soon as the browser asks for the next page (on this network it arrives later).
  let navigating = false;
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigating = true;
  });
  for (;;) {
    const tappedAt = performance.now();
    await target.tap({ timeout: 1000, noWaitAfter: true, force: true }).catch(() => {});
    await page.waitForTimeout(TAP_EVERY_MS);
    if (navigating || (await control.worked(page, url).catch(() => false))) {
      return { visibleMs: visibleAt - started, deadMs: Math.max(0, tappedAt - visibleAt) };
    }
    if (tappedAt - visibleAt > GIVE_UP_MS) return { visibleMs: visibleAt - started, deadMs: Infinity };
  }
}

/** The longest event duration of one tap on the control, once the app has started. */
async function interactionLatency(page: Page, url: string, control: Control): Promise<number> {
  await page.goto(url);
  await page.locator('html[data-app="started"]').waitFor({ state: "attached", timeout: GIVE_UP_MS });
  await page.evaluate(() => {
    (window as unknown as { __longestEvent: number }).__longestEvent = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEventTiming[]) {
        if (entry.interactionId) {
          const w = window as unknown as { __longestEvent: number };
          w.__longestEvent = Math.max(w.__longestEvent, entry.duration);
        }
      }
    }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
  await page.locator(control.selector).tap();
  await page.waitForTimeout(1000);
  return page.evaluate(() => (window as unknown as { __longestEvent: number }).__longestEvent).catch(() => 0); // the tap navigated: the page that measured is gone, and nothing blocked it
}

const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : "never");

export default async function bench(): Promise<string> {
  const server = await startBuiltServer({}, 3940);
  const browser = await launchChromium();
  const rows: string[][] = [];
  try {
    for (const control of CONTROLS) {
      const url = server.url + control.path;
      const dead: number[] = [];
      const visible: number[] = [];
      const latency: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const phone = await phonePage(browser);
        try {
          const result = await deadWindow(phone.page, url, control);
          dead.push(result.deadMs);
          visible.push(result.visibleMs);
        } finally {
          await phone.close();
        }
        const again = await phonePage(browser);
        try {
          latency.push(await interactionLatency(again.page, url, control));
        } finally {
          await again.close();
        }
      }
      const deadMs = median(dead);
      const inp = median(latency);
      rows.push([
        `${control.path} ${control.name}`,
        ms(median(visible)),
        `${ms(deadMs)} ${deadMs <= TARGET_DEAD_MS ? "✅" : "❌"}`,
        dead.map(ms).join(" / "),
        `${ms(inp)} ${inp <= TARGET_INP_MS ? "✅" : "❌"}`,
      ]);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
  return [
    "### Dead taps: a throttled phone taps each control every 100 ms from the moment it is painted",
    `Pixel 7 emulation, 4× CPU slowdown, 150 ms round trip, 1.6 Mbit/s; median of ${RUNS}. Targets: dead for ≤ ${TARGET_DEAD_MS} ms, interaction latency once started ≤ ${TARGET_INP_MS} ms.`,
    "",
    table(["control", "painted at ms", "dead for ms (median)", "runs", "interaction latency ms"], rows),
  ].join("\n");
}

import { defineConfig, devices } from "@playwright/test";
import { existsSync } from "node:fs";
import { ADMIN_PORT, E2E_PORT, EMPTY_SITE_PORT, VIDEO_FIXTURE_PORT } from "./tests/e2e/ports";

// Two servers from the production build, each on a fresh embedded database with the demo content:
// one for the specs that only read (public pages, catalogue, customiser…), one for the staff specs
// (admin-*.spec.ts) that change the catalogue, so neither can disturb the other's expectations; a site
// with no content yet; and one with the machine videos the demo lacks (tests/e2e/catalogue-server.mts).
const base = (p: number) => `http://127.0.0.1:${p}`;

// Real Chromium from Debian: its headless shell (package chromium-headless-shell, the same engine
// without the desktop browser around it) where installed, as .ci/run does: the whole suite takes about a
// third less time than in /usr/bin/chromium. Otherwise the browser itself.
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions };
// A phone lays out in CSS pixels: drawing each at 2.6 × 2.6 device pixels, as a Pixel 7 does, costs the
// shared cores several times the drawing and tests nothing its width does not.
const phone = { ...devices["Pixel 7"], deviceScaleFactor: 1, launchOptions };
const ADMIN_SPECS = /admin-.*\.spec\.ts/;
// A test tagged @any-width checks what the screen's width cannot change (a server's answer, a header,
// a font file, a form's checks, a plain link, a journey whose screens other tests lay out at both
// widths), or sets the viewport it needs itself: it runs in the desktop project only. Everything that
// lays out, opens, scrolls, swipes or is checked by axe runs at both widths.
const ANY_WIDTH = /@any-width/;
const STATISTICS_SPEC = /admin-statistics\.spec\.ts/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A test's budget is about the runner, not the site: CI's 2 shared cores can take twice as long.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  // A trace records a screencast and a snapshot of the page at each step: about a quarter more CPU per
  // page load. In CI it is recorded when a failed test runs again, so a test that fails twice has one.
  // Pages are drawn without their motion (the site honours prefers-reduced-motion): every frame of a
  // fade or a shimmer costs the shared cores. The tests of motion itself ask for it back.
  use: {
    locale: "fr-CA",
    reducedMotion: "reduce",
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "desktop", testIgnore: ADMIN_SPECS, use: { ...desktop, baseURL: base(E2E_PORT) } },
    { name: "phone", testIgnore: ADMIN_SPECS, grepInvert: ANY_WIDTH, use: { ...phone, baseURL: base(E2E_PORT) } },
    // Staff screens are used on laptops and tablets; specs set a tablet viewport where they need one.
    {
      name: "admin",
      testMatch: ADMIN_SPECS,
      testIgnore: STATISTICS_SPEC,
      use: { ...desktop, baseURL: base(ADMIN_PORT) },
    },
    // The dashboard counts every visitor of its server: it runs once the other staff specs are done.
    {
      name: "admin-statistics",
      testMatch: STATISTICS_SPEC,
      dependencies: ["admin"],
      use: { ...desktop, baseURL: base(ADMIN_PORT) },
    },
  ],
  webServer: [
    ...[E2E_PORT, ADMIN_PORT].map((p) => ({
      command: "node tests/e2e/server.mjs",
      url: `${base(p)}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { PORT: String(p) },
    })),
    // A site with no content yet (public-empty.spec.ts).
    {
      command: "node tests/e2e/server.mjs",
      url: `${base(EMPTY_SITE_PORT)}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { PORT: String(EMPTY_SITE_PORT), SEED_DEMO: "false" },
    },
    // The machine videos' site (tests/e2e/video-fixtures.ts), read by specs of both widths.
    {
      command: "node --import tsx tests/e2e/catalogue-server.mts",
      url: `${base(VIDEO_FIXTURE_PORT)}/healthz`,
      reuseExistingServer: false,
      timeout: 300_000,
      env: { PORT: String(VIDEO_FIXTURE_PORT) },
    },
  ],
});

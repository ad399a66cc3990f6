// The site as `npm start` serves it, on a fresh data folder, with a known admin for the tests.
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dataDir = join(tmpdir(), `site-e2e-${process.env.PORT ?? "3100"}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  ADMIN_USERNAME: "admin",
  ADMIN_PASSWORD: "e2e-mot-de-passe",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // Every test browser posts from 127.0.0.1: the per-IP contact limit (5 per 10 min) would trip.
  CONTACT_RATE_LIMIT: process.env.CONTACT_RATE_LIMIT ?? "off",
  // Nor may the whole run's requests pass the site-wide ceiling per hour and land in 'Indésirables'.
  CONTACT_MAX_PER_HOUR: process.env.CONTACT_MAX_PER_HOUR ?? "off",
  // Each picture width is made when a page first asks for it (/img), not all of the demo's ahead:
  // two servers encoding some 1,300 copies would take the CPU the browsers need. The background
  // maker has its own tests (tests/integration/picture-variants.test.ts).
  PICTURE_WIDTHS_AHEAD: process.env.PICTURE_WIDTHS_AHEAD ?? "off",
});
const { startServer } = await import("../../build/server/index.js");
await startServer();

// A site of its own for the machine video specs, started with the others (playwright.config.ts): the
// production build on a fresh data folder with the catalogue fixtures (tests/support/catalogue-fixtures.ts)
// and a step/machine video, since the demo content has none. The video is a 2-second WebM that Chromium
// recorded from a canvas (tests/fixtures/video). The fixtures' ids are written to `fixtures.json` in the
// data folder once they are stored (tests/e2e/video-fixtures.ts reads them).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const port = process.env.PORT ?? "3150";
const dataDir = join(tmpdir(), `site-e2e-catalogue-${port}`);
rmSync(dataDir, { recursive: true, force: true });
Object.assign(process.env, {
  NODE_ENV: "production",
  DATA_DIR: dataDir,
  SEED_DEMO: "0",
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
  // As in server.mjs: each picture width is made when a page asks for it, not some 700 ahead while the
  // browsers need the CPU.
  PICTURE_WIDTHS_AHEAD: process.env.PICTURE_WIDTHS_AHEAD ?? "off",
});

// @ts-expect-error: the built bundle has no type declarations.
const { startServer } = (await import("../../build/server/index.js")) as {
  startServer: typeof import("../../app/site.server").startServer;
};
const { insertCatalogueFixtures } = await import("../support/catalogue-fixtures");
const { services } = await startServer();
const video = readFileSync(new URL("../fixtures/video/moving-dot.webm", import.meta.url));
const ids = await insertCatalogueFixtures(services.db, services.storage, { video });
// Written whole under a temporary name, then renamed: a spec never reads half of it.
writeFileSync(join(dataDir, "fixtures.json.part"), JSON.stringify(ids));
renameSync(join(dataDir, "fixtures.json.part"), join(dataDir, "fixtures.json"));

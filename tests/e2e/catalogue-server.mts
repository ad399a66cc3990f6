// A site of its own for the catalogue video specs: the production build on a fresh data folder with
// the catalogue fixtures (tests/support/catalogue-fixtures.ts) and a step/machine video, since the
// demo content has none. Started by tests/e2e/catalogue-video.spec.ts: node --import tsx <this> .
import { readFileSync, rmSync } from "node:fs";
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
});

// @ts-expect-error: the built bundle has no type declarations.
const { startServer } = (await import("../../build/server/index.js")) as {
  startServer: typeof import("../../server/app").startServer;
};
const { insertCatalogueFixtures } = await import("../support/catalogue-fixtures");
const { services } = await startServer();
const video = process.env.FIXTURE_VIDEO ? readFileSync(process.env.FIXTURE_VIDEO) : undefined;
const ids = await insertCatalogueFixtures(services.db, services.storage, { video });
console.log(`FIXTURES ${JSON.stringify(ids)}`);

import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

// Unit tests run once. Integration tests (tests/integration, *.db.test.ts) run on PGlite and, when
// TEST_DATABASE_URL is set, again on PostgreSQL; the multi-instance test (tests/multi-instance) runs
// only then, since it needs a PostgreSQL server.
const alias = { "~": fileURLToPath(new URL("./app", import.meta.url)) };
const integration = ["tests/integration/**/*.test.ts"];
// Files whose subject is not the database (the HTTP layer, the page cache, storage, media
// widths, hostile bytes refused before any query, a command that always opens its own embedded
// database) run once, on PGlite: on PostgreSQL they would repeat the same requests for nothing a
// different engine could change.
const onceOnPglite = [
  "tests/integration/admin-password-cli.test.ts",
  "tests/integration/control-bytes.test.ts",
  "tests/integration/fresh-server-pictures.test.ts",
  "tests/integration/hostile-input.test.ts",
  // Drawing and decoding labels; the rows they name come from the installations' store, tested on both.
  "tests/integration/installation-labels.test.ts",
  "tests/integration/http-hardening.test.ts",
  "tests/integration/page-cache-junk.test.ts",
  "tests/integration/picture-variants.test.ts",
  "tests/integration/signed-out-bodies.test.ts",
  // Every staff route with every role: the rule and the HTTP answers, the same on either engine.
  "tests/integration/staff-roles.test.ts",
  "tests/integration/storage-contract.test.ts",
];
const postgresUrl = process.env.TEST_DATABASE_URL;
// The built server is loaded by Node itself, as in production, so it shares one copy of react-router
// with the server modules it loads.
const server = { deps: { external: [/\/build\/server\//] } };
// As in the browser tests: in CI a failed integration test runs once more (a loaded runner's timeout),
// so only a test that fails twice fails the run.
const retry = process.env.CI ? 1 : 0;
// A worker runs its integration files one after another in one module registry: the built server,
// PGlite's WebAssembly and the libraries load once per worker, not once per file (the whole run: 375 s
// against 523 s). Each file starts its own app on its own database; what outlives a file's app is the
// built server's module state, which must hold for any number of apps in one process, as it does for
// one (the PDF workers' queue gives up a stuck job, and an ended worker is never handed one).
const isolate = false;

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on 2 cores is one file at a time; integration tests spend much of their time
    // waiting on their server, database and sockets, so two files at once halve the run.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/unit/**/*.test.ts"],
          // These tests keep no shared state (no module mocks; timers and spies restored): one worker runs
          // many files instead of starting afresh for each, a third of the time.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "pglite",
          include: integration,
          server,
          env: { TEST_DB: "pglite" },
          globalSetup: ["tests/support/pglite-template.ts"],
          isolate,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry,
        },
      },
      ...(postgresUrl
        ? [
            {
              resolve: { alias },
              test: {
                name: "postgres",
                include: integration,
                exclude: onceOnPglite,
                server,
                env: { TEST_DB: "postgres" },
                globalSetup: ["tests/support/postgres-template.ts", "tests/support/pglite-template.ts"],
                isolate,
                testTimeout: 60_000,
                hookTimeout: 120_000,
                retry,
              },
            },
            // The built site as separate processes behind nginx (needs nginx: .ci/run installs it).
            {
              resolve: { alias },
              test: {
                name: "multi-instance",
                include: ["tests/multi-instance/**/*.test.ts"],
                testTimeout: 90_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});

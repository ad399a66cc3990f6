// Every picture answers: a crawler that fetches every src and srcset URL of every public page, 32 at
// a time, gets 200 for all of them once a fresh server with the demo content says it is ready.
// The server runs on its own embedded database (not TEST_DATABASE_URL): the PostgreSQL project leaves
// this file out (vitest.config.ts), as running it again would test the same thing.
import { spawn } from "node:child_process";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resizedCacheRoot } from "../../server/media/cache";
import { projectRoot } from "../../server/lib/paths";
import { freePort, waitUntilOk } from "../multi-instance/support";
import { collectPictureUrls, crawlPictures } from "../support/picture-crawl";

/** Every file under a folder, recursively (the resized copies). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const failed = (results: { url: string; accept: string; status: number }[]) =>
  results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.url} (${r.accept})`);

/** `node server.js` as `npm run serve` starts it, on a fresh data folder (first run: migrations, the
 * first admin, the demo content with its pictures); resolves once it answers /readyz, as a balancer
 * waits for it. */
async function startFreshServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ["--max-semi-space-size=16", "server.js"], {
    cwd: projectRoot,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "exploitant",
      ADMIN_PASSWORD: "mot-de-passe-de-l-exploitant",
      LOG_LEVEL: "warn",
      // However slow the machine, ready only once every picture shown has its widths.
      PICTURES_READY_WAIT_MS: "900000",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = `http://127.0.0.1:${port}`;
  await waitUntilOk(`${url}/readyz`, 900_000, "the fresh server", () => {
    if (child.exitCode !== null) throw new Error(`the server exited during start:\n${output}`);
  });
  return {
    url,
    output: () => output.slice(-4000),
    async stop() {
      child.kill("SIGINT");
      await exited;
    },
  };
}

describe("a freshly started server, its demo content just made", () => {
  let server: Awaited<ReturnType<typeof startFreshServer>> | undefined;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "site-crawl-"));
    server = await startFreshServer(dataDir);
  }, 960_000);
  afterAll(async () => {
    await server?.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("once ready, answers 200 to every src and srcset URL of every public page, 32 at a time, resizing nothing", async () => {
    const { url } = server!;
    const copies = await filesUnder(resizedCacheRoot(dataDir));
    const { pages, urls } = await collectPictureUrls(url);
    expect(pages).toHaveLength(8);
    expect(urls.filter((path) => path.startsWith("/img/")).length).toBeGreaterThan(100);
    const results = await crawlPictures(url, urls, { parallel: 32 });
    expect(failed(results), server!.output()).toEqual([]);
    expect((await filesUnder(resizedCacheRoot(dataDir))).sort()).toEqual(copies.sort());
  }, 300_000);
});

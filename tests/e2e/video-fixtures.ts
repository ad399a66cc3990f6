// The demo content has no video: specs about the machine videos run on a server of their own, filled
// with the catalogue fixtures and a short WebM recorded by the browser itself.
import type { Browser } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogueFixtures } from "../support/catalogue-fixtures";
import { test } from "./support";

/** A 2-second WebM drawn on a canvas and recorded with MediaRecorder. */
async function recordVideo(browser: Browser): Promise<Buffer> {
  // JavaScript on even where a test file turns it off for its own pages: the recording runs in the page.
  const page = await browser.newPage({ javaScriptEnabled: true });
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 320;
    canvas.height = 180;
    const context = canvas.getContext("2d")!;
    const recorder = new MediaRecorder(canvas.captureStream(20), { mimeType: "video/webm" });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    recorder.start(100);
    const started = performance.now();
    await new Promise<void>((resolve) => {
      const draw = () => {
        const t = (performance.now() - started) / 1000;
        context.fillStyle = "#0f1115";
        context.fillRect(0, 0, 320, 180);
        context.fillStyle = "#b8893b";
        context.beginPath();
        context.arc(160 + Math.sin(t * 3) * 100, 90, 24, 0, Math.PI * 2);
        context.fill();
        if (t < 2) requestAnimationFrame(draw);
        else resolve();
      };
      draw();
    });
    recorder.stop();
    await new Promise((resolve) => (recorder.onstop = resolve));
    const bytes = new Uint8Array(await new Blob(chunks).arrayBuffer());
    let binary = "";
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  });
  await page.close();
  return Buffer.from(base64, "base64");
}

export type VideoFixtureServer = {
  baseURL: () => string;
  fixtures: () => CatalogueFixtures;
  /** The machine with pictures, a video and steps. */
  machinePath: () => string;
};

/** Starts the fixture server before the tests of the calling file or describe block and stops it after.
 * `portOffset` keeps each test file on its own ports (above E2E_PORT, one per worker). */
export function useVideoFixtureServer(portOffset: number): VideoFixtureServer {
  let server: ChildProcess | undefined;
  let baseURL = "";
  let fixtures: CatalogueFixtures | undefined;

  test.beforeAll(async ({ browser }, testInfo) => {
    test.setTimeout(180_000);
    const port = Number(process.env.E2E_PORT ?? 3100) + portOffset + testInfo.workerIndex;
    const file = join(tmpdir(), `catalogue-e2e-${port}.webm`);
    writeFileSync(file, await recordVideo(browser));
    baseURL = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["--import", "tsx", "tests/e2e/catalogue-server.mts"], {
      env: { ...process.env, PORT: String(port), FIXTURE_VIDEO: file },
      stdio: ["ignore", "pipe", "inherit"],
    });
    server = child;
    fixtures = await new Promise<CatalogueFixtures>((resolve, reject) => {
      let output = "";
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString();
        const match = /FIXTURES (\{.*\})/.exec(output);
        if (match) resolve(JSON.parse(match[1]!) as CatalogueFixtures);
      });
      child.once("exit", (code) => reject(new Error(`fixture server exited (${code})`)));
    });
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const child = server;
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
    }
  });

  const loaded = () => {
    if (!fixtures) throw new Error("the fixture server has not started");
    return fixtures;
  };
  return {
    baseURL: () => baseURL,
    fixtures: loaded,
    machinePath: () => `${baseURL}/machines/${loaded().categories.withMachines}/${loaded().machines.full}`,
  };
}

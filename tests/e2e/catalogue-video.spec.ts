// Videos of the machine pages (the carousel's last item, the steps' full-screen player). The demo
// content has no video, so these specs run on a server of their own filled with the catalogue
// fixtures and a short WebM recorded here by the browser itself.
import { expect, type Browser } from "@playwright/test";
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { CatalogueFixtures } from "../support/catalogue-fixtures";
import { expectNoSeriousA11yViolations, test } from "./support";

let server: ChildProcess | undefined;
let baseURL = "";
let fixtures: CatalogueFixtures;

/** A 2-second WebM drawn on a canvas and recorded with MediaRecorder. */
async function recordVideo(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
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

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const port = Number(process.env.E2E_PORT ?? 3100) + 50 + testInfo.workerIndex;
  const file = join(tmpdir(), `catalogue-e2e-${port}.webm`);
  writeFileSync(file, await recordVideo(browser));
  baseURL = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ["--import", "tsx", "tests/e2e/catalogue-server.mts"], {
    env: { ...process.env, PORT: String(port), FIXTURE_VIDEO: file },
    stdio: ["ignore", "pipe", "inherit"],
  });
  fixtures = await new Promise<CatalogueFixtures>((resolve, reject) => {
    let output = "";
    server!.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      const match = /FIXTURES (\{.*\})/.exec(output);
      if (match) resolve(JSON.parse(match[1]!) as CatalogueFixtures);
    });
    server!.once("exit", (code) => reject(new Error(`fixture server exited (${code})`)));
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server!.once("exit", resolve));
  }
});

const machinePath = () => `${baseURL}/machines/${fixtures.categories.withMachines}/${fixtures.machines.full}`;

test("the carousel shows the pictures, then the video last: muted, autoplaying, looping", async ({ page }) => {
  await page.goto(machinePath());
  const thumbs = page.getByRole("group", { name: "Miniatures" }).getByRole("button");
  // Three real pictures (a placeholder and a blank entry are left out) and the video.
  await expect(thumbs).toHaveCount(4);
  await expect(thumbs.last()).toHaveAccessibleName("Afficher la vidéo");
  await page.getByRole("button", { name: "Média précédent" }).click();
  await expect(page.getByTestId("carousel-position")).toHaveText("4 / 4");
  const video = page.getByTestId("carousel-stage").locator("video");
  await expect(video).toHaveCount(1);
  await expect
    .poll(() =>
      video.evaluate((v: HTMLVideoElement) => ({
        muted: v.muted,
        loop: v.loop,
        autoplay: v.autoplay,
        playing: !v.paused,
      })),
    )
    .toEqual({ muted: true, loop: true, autoplay: true, playing: true });
  await page.getByRole("button", { name: "Média suivant" }).click();
  await expect(page.getByTestId("carousel-position")).toHaveText("1 / 4");
  await expect(video).toHaveCount(0);
});

test("a step video plays muted in a loop; a click opens it full screen with controls, sound never on", async ({
  page,
}) => {
  await page.goto(machinePath());
  const section = page.getByRole("region", { name: "Comment ça fonctionne" });
  await expect(section.getByTestId("numero-etape")).toHaveText(["1", "2", "3"]);
  const trigger = section.getByRole("button", { name: /^Agrandir la vidéo/ });
  await expect(trigger).toHaveCount(1);
  await expect
    .poll(() =>
      trigger
        .locator("video")
        .evaluate((v: HTMLVideoElement) => ({ muted: v.muted, loop: v.loop, playing: !v.paused })),
    )
    .toEqual({ muted: true, loop: true, playing: true });

  await trigger.click();
  const player = page.getByTestId("lecteur-plein-ecran");
  await expect(player).toBeVisible();
  const box = (await player.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.width).toBeGreaterThanOrEqual(viewport.width - 1);
  expect(box.height).toBeGreaterThanOrEqual(viewport.height - 1);
  const video = player.locator("video");
  expect(await video.evaluate((v: HTMLVideoElement) => ({ controls: v.controls, muted: v.muted }))).toEqual({
    controls: true,
    muted: true,
  });
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = false;
    v.volume = 1;
  });
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(player).toBeHidden();
  await expect(trigger).toBeFocused();
});

test("a machine without pictures or video says 'Aucun média disponible'", async ({ page }) => {
  await page.goto(`${baseURL}/machines/${fixtures.categories.noImage}/${fixtures.machines.bare}`);
  await expect(page.getByText("Aucun média disponible")).toBeVisible();
  await expect(page.getByTestId("disponibilite")).toHaveText("⏱ Sur commande");
});

test("an empty category says 'Aucune machine disponible'; a category without picture shows an emoji", async ({
  page,
}) => {
  await page.goto(`${baseURL}/machines/${fixtures.categories.empty}`);
  await expect(page.getByText("Aucune machine disponible")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto(`${baseURL}/machines`);
  await expect(page.getByTestId("emoji-categorie").first()).toBeVisible();
});

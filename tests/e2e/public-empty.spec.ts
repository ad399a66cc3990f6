// The public pages of a site with no content yet (no demo seed), on a site of their own started with the
// others (playwright.config.ts): the gallery section is hidden, /galerie says so, the hero shows its
// gradient until a video is added.
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "@playwright/test";
import { EMPTY_SITE_PORT } from "./ports";
import { expectNoSeriousA11yViolations, test } from "./support";

const base = `http://127.0.0.1:${EMPTY_SITE_PORT}`;
const dataDir = join(tmpdir(), `site-e2e-${EMPTY_SITE_PORT}`);

test.describe.configure({ mode: "serial" });

test(
  "with no featured photo the home page has no gallery section, and no skeleton stays behind",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto(`${base}/`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plus qu'une machine");
    await expect(page.getByRole("heading", { name: "Nos Réalisations" })).toHaveCount(0);
    await expect(page.getByTestId("gallery-skeleton")).toHaveCount(0);
    await expect(page.getByTestId("featured-gallery")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Parlons de votre espace" })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  },
);

test("/galerie says 'Aucune photo disponible pour le moment.'", { tag: "@any-width" }, async ({ page }) => {
  await page.goto(`${base}/galerie`);
  await expect(page.getByText("Aucune photo disponible pour le moment.")).toBeVisible();
  await expect(page.getByTestId("gallery-placeholder")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test(
  "while the photos load, /galerie shows 12 placeholder tiles and the home page 6 skeleton squares",
  { tag: "@any-width" },
  async ({ page }) => {
    // Records the most placeholders ever present in the page, however briefly.
    await page.addInitScript(() => {
      const seen = { gallery: 0, home: 0 };
      (window as unknown as { __seen: typeof seen }).__seen = seen;
      new MutationObserver(() => {
        seen.gallery = Math.max(seen.gallery, document.querySelectorAll("[data-testid=gallery-placeholder]").length);
        seen.home = Math.max(seen.home, document.querySelectorAll("[data-testid=gallery-skeleton]").length);
      }).observe(document, { childList: true, subtree: true });
    });
    const seen = () => page.evaluate(() => (window as unknown as { __seen: { gallery: number; home: number } }).__seen);

    // Client navigation: the page comes at once, its photos follow.
    await page.goto(`${base}/`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Galerie" }).click();
    await expect(page.getByText("Aucune photo disponible pour le moment.")).toBeVisible();
    expect((await seen()).gallery).toBe(12);
    await page
      .getByRole("banner")
      .getByRole("link", { name: /accueil/ })
      .first()
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Plus qu'une machine");
    await expect(page.getByTestId("gallery-skeleton")).toHaveCount(0);
    expect((await seen()).home).toBe(6);
  },
);

test(
  "the hero shows the gradient alone, then the newest homepage video muted, looping and inline",
  { tag: "@any-width" },
  async ({ page }) => {
    // The video plays for a visitor who has not asked for less motion.
    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.goto(`${base}/`);
    await expect(page.getByTestId("hero-gradient")).toBeAttached();
    await expect(page.getByTestId("hero-video")).toHaveCount(0);

    // Two videos added as the staff panel adds them (the upload endpoint): the newer one is the hero.
    const signIn = await page.request.post(`${base}/login`, {
      form: { username: "admin", password: "e2e-mot-de-passe" },
      headers: { origin: base },
      maxRedirects: 0,
    });
    expect(signIn.status()).toBeLessThan(400);
    const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(1024, 1)]);
    const uploaded: string[] = [];
    for (const name of ["ancienne.mp4", "nouvelle.mp4"]) {
      // Stored names carry the time in milliseconds: the second is newer.
      await new Promise((r) => setTimeout(r, 30));
      const response = await page.request.post(`${base}/api/upload/homepage-videos`, {
        multipart: { file: { name, mimeType: "video/mp4", buffer: mp4 } },
        headers: { origin: base },
      });
      expect(response.status()).toBe(201);
      uploaded.push(((await response.json()) as { url: string }).url);
    }
    // The visitor's page, not the signed-in one.
    await page.context().clearCookies();
    await page.goto(`${base}/`);
    const video = page.getByTestId("hero-video");
    await expect(video).toHaveAttribute("src", uploaded[1]!);
    for (const attribute of ["muted", "autoplay", "loop", "playsinline"])
      await expect(video).toHaveAttribute(attribute, "");
    expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
    await expect(page.getByTestId("hero-gradient")).toBeAttached();
    await expect(page.getByRole("button", { name: "Mettre la vidéo d'arrière-plan en pause" })).toBeVisible();
    await rm(join(dataDir, "storage", "homepage-videos"), { recursive: true, force: true });
  },
);

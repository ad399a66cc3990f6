// Videos of the machine pages (the carousel's last item, the steps' full-screen player), on the video
// fixture site (tests/e2e/video-fixtures.ts); also a machine without pictures and an empty category.
import { expect } from "@playwright/test";
import { expectNoSeriousA11yViolations, test } from "./support";
import { useVideoFixtureServer } from "./video-fixtures";

const { baseURL, fixtures, machinePath } = useVideoFixtureServer();

test(
  "the carousel shows the pictures, then the video last: muted, autoplaying, looping",
  { tag: "@any-width" },
  async ({ page }) => {
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
  },
);

test(
  "a step video plays muted in a loop; a click opens it full screen with controls, sound never on",
  { tag: "@any-width" },
  async ({ page }) => {
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
  },
);

test("a machine without pictures or video says 'Aucun média disponible'", { tag: "@any-width" }, async ({ page }) => {
  await page.goto(`${baseURL()}/machines/${fixtures().categories.noImage}/${fixtures().machines.bare}`);
  await expect(page.getByText("Aucun média disponible")).toBeVisible();
  await expect(page.getByTestId("disponibilite")).toHaveText("⏱ Sur commande");
});

test(
  "an empty category says 'Aucune machine disponible'; a category without picture shows an emoji",
  { tag: "@any-width" },
  async ({ page }) => {
    await page.goto(`${baseURL()}/machines/${fixtures().categories.empty}`);
    await expect(page.getByText("Aucune machine disponible")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto(`${baseURL()}/machines`);
    await expect(page.getByTestId("emoji-categorie").first()).toBeVisible();
  },
);

import { expect } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { gunzipSync } from "node:zlib";
import { expectNoSeriousA11yViolations, login, test } from "./support";

// The staff panel's 'Sauvegarde' card: a fresh archive downloaded with its progress, the state of the
// scheduled backups, and the download refused to anyone not signed in.

test("signed out, the backup download answers 'Page non trouvée' (404)", async ({ page }) => {
  const response = await page.goto("/edit/sauvegarde");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page non trouvée" })).toBeVisible();
  expect((await page.request.get("/edit/sauvegarde")).status()).toBe(404);
});

test("the staff downloads a fresh archive of the whole site", async ({ page }, testInfo) => {
  await login(page);
  const card = page.getByRole("region", { name: "Sauvegarde" });
  await expect(card).toBeVisible();
  // The e2e server has no BACKUP_DIR.
  await expect(card.getByText("Aucune sauvegarde automatique")).toBeVisible();

  const link = card.getByRole("link", { name: "Télécharger une sauvegarde" });
  await link.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("backup-card-1280.png"), fullPage: false });
  const downloading = page.waitForEvent("download");
  await link.click();
  // The progress shows while the archive is prepared and arrives.
  await expect(card.getByRole("progressbar", { name: "Téléchargement de la sauvegarde" })).toBeAttached();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/);
  const bytes = await readFile(await download.path());
  const tar = gunzipSync(bytes);
  // The first entry is the manifest; the demo catalogue's products are in it.
  expect(tar.subarray(0, 100).toString("latin1")).toContain("manifest.json");
  const manifest = JSON.parse(tar.subarray(512, tar.indexOf(0, 512)).toString("utf8")) as {
    tables: Record<string, { rows: number }>;
  };
  expect(manifest.tables.products!.rows).toBeGreaterThan(0);
  await expect(page.getByText("Sauvegarde téléchargée")).toBeVisible();
  await expect(link).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test.describe("phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the card fits a phone", async ({ page }, testInfo) => {
    await login(page);
    const card = page.getByRole("region", { name: "Sauvegarde" });
    await card.scrollIntoViewIfNeeded();
    await expect(card.getByRole("link", { name: "Télécharger une sauvegarde" })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await card.screenshot({ path: testInfo.outputPath("backup-card-390.png") });
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the card's link downloads the archive", async ({ page }) => {
    await login(page);
    const link = page
      .getByRole("region", { name: "Sauvegarde" })
      .getByRole("link", { name: "Télécharger une sauvegarde" });
    const downloading = page.waitForEvent("download");
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^sauvegarde-\d{4}-\d{2}-\d{2}-\d{4}\.tar\.gz$/);
    expect(
      gunzipSync(await readFile(await download.path()))
        .subarray(0, 100)
        .toString("latin1"),
    ).toContain("manifest.json");
  });
});

test("a link to the download on another site is refused with 403", async ({ page, baseURL }) => {
  await login(page);
  // A page of another site (another host name: localhost is not 127.0.0.1) linking to the download.
  const elsewhere = "http://localhost:9/piege";
  // A plain page of the same browser (its cookies), outside the site's hydration-waiting fixture.
  const other = await page.context().newPage();
  await other.route(elsewhere, (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<!doctype html><title>Piège</title><a href="${baseURL}/edit/sauvegarde">Cliquez</a>`,
    }),
  );
  await other.goto(elsewhere);
  const answered = other.waitForResponse(`${baseURL}/edit/sauvegarde`);
  await other.getByRole("link", { name: "Cliquez" }).click();
  const response = await answered;
  expect(response.status()).toBe(403);
  expect(await response.text()).toBe(
    "Téléchargement refusé : ouvrez la sauvegarde depuis le panneau d'administration.",
  );
});

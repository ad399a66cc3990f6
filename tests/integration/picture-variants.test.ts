// Once a picture's standard widths are made in the background, visitors get them without a resize on
// request. (A fresh server's whole demo, crawled: fresh-server-pictures.test.ts.)
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IMAGE_WIDTHS } from "../../app/rules/images";
import { resizedCacheRoot } from "../../server/media/cache";
import { referencedMediaKeys } from "../../server/media/references";
import { isResizable } from "../../server/media/rules";
import {
  startPictureVariants,
  VARIANT_FORMATS,
  widthsInChildProcess,
  widthsInProcess,
  type PictureVariants,
} from "../../server/media/variants";
import { insertCatalogueFixtures } from "../support/catalogue-fixtures";
import { collectPictureUrls, crawlPictures } from "../support/picture-crawl";
import { startTestApp, type TestApp } from "../support/server";

/** Every file under a folder, recursively (the resized copies). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

const failed = (results: { url: string; accept: string; status: number }[]) =>
  results.filter((r) => r.status !== 200).map((r) => `${r.status} ${r.url} (${r.accept})`);

describe("standard widths made in the background", () => {
  let app: TestApp;
  let pictures: PictureVariants;
  beforeAll(async () => {
    app = await startTestApp();
    await insertCatalogueFixtures(app.db(), app.services.storage);
    // As the server does: in a child process running the built server module.
    const bundle = new URL("../../build/server/index.js", import.meta.url).href;
    pictures = startPictureVariants(app.services, {
      pollMs: 100,
      make: widthsInChildProcess(bundle, app.services.config),
    });
  }, 120_000);
  afterAll(async () => {
    await pictures?.stop();
    await app?.close();
  });

  it("every picture a record names gets every width in both formats, then pages need no resize", async () => {
    await pictures.firstPass;
    const named = [...(await referencedMediaKeys(app.db()))].filter((key) => {
      const [bucket, name] = key.split("/");
      return isResizable(bucket!, name!);
    });
    expect(named.length).toBeGreaterThan(5);
    const root = resizedCacheRoot(app.services.config.dataDir);
    const copies = await filesUnder(root);
    expect(copies).toHaveLength(named.length * IMAGE_WIDTHS.length * VARIANT_FORMATS.length);

    const { urls } = await collectPictureUrls(app.url);
    const results = await crawlPictures(app.url, urls, { parallel: 32 });
    expect(failed(results)).toEqual([]);
    // Nothing was made on request: every answer was a copy already there.
    expect((await filesUnder(root)).sort()).toEqual(copies.sort());
  }, 300_000);

  it("a picture just stored gets its widths without waiting for a record or a visitor", async () => {
    const body = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: "#7a4b2a" } })
      .jpeg()
      .toBuffer();
    const name = await app.services.storage.putNew("gallery-images", "photo", "jpg", body, "image/jpeg");
    pictures.queue({ bucket: "gallery-images", name });
    await pictures.idle();
    const made = await filesUnder(join(resizedCacheRoot(app.services.config.dataDir), "gallery-images", name));
    expect(made).toHaveLength(IMAGE_WIDTHS.length * VARIANT_FORMATS.length);
    const widest = await sharp(made.find((file) => file.endsWith("/1920.webp"))).metadata();
    expect(widest.width).toBe(1920);
    const small = await app.fetch(`/img/gallery-images/${name}?w=320`, { headers: { accept: "image/avif" } });
    expect(small.status).toBe(200);
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(320);
  });

  it("a restart that finds every width there starts no work", async () => {
    const batches: number[] = [];
    const restarted = startPictureVariants(app.services, {
      pollMs: 100,
      make: (refs, signal) => {
        batches.push(refs.length);
        return widthsInProcess(app.services)(refs, signal);
      },
    });
    try {
      await restarted.firstPass;
      expect(batches).toEqual([]);
    } finally {
      await restarted.stop();
    }
  });
});

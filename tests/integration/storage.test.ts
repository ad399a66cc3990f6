import { writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { objectName, objectNameFromUrl } from "../../server/storage/storage";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let videoName: string;
const video = Buffer.alloc(256 * 1024, 7);

beforeAll(async () => {
  app = await startTestApp();
  videoName = await app.services.storage.putNew("homepage-videos", "video", "mp4", video, "video/mp4");
  // A file beside the buckets that no URL may reach.
  await writeFile(join(app.services.storage.localRoot!, "secret.txt"), "secret");
  await mkdir(join(app.services.config.dataDir, "db"), { recursive: true });
});
afterAll(() => app?.close());

describe("storage", () => {
  it("names new objects '{prefix}-{timestamp}.{ext}' and never reuses a name", async () => {
    expect(objectName("gallery", "webp", 1700000000000)).toBe("gallery-1700000000000.webp");
    const storage = app.services.storage;
    const names = await Promise.all(
      [1, 2, 3].map(() => storage.putNew("gallery-images", "gallery", "png", Buffer.from("x"), "image/png")),
    );
    for (const name of names) expect(name).toMatch(/^gallery-\d{13}\.png$/);
    expect(new Set(names).size).toBeLessThanOrEqual(3);
  });

  it("lists newest first, reads, deletes and maps URLs back to names", async () => {
    const storage = app.services.storage;
    const first = await storage.putNew("product-images", "product", "webp", Buffer.from("a"), "image/webp");
    await new Promise((r) => setTimeout(r, 20));
    const second = await storage.putNew("product-images", "product", "webp", Buffer.from("b"), "image/webp");
    const listed = await storage.list("product-images");
    expect(listed.map((o) => o.name).slice(0, 2)).toEqual([second, first]);
    expect(storage.publicUrl("product-images", first)).toBe(`/media/product-images/${first}`);
    expect(objectNameFromUrl(storage.publicUrl("product-images", first))).toBe(first);
    expect(objectNameFromUrl("https://cdn.example/a/b/photo-1.webp?v=2")).toBe("photo-1.webp");
    expect(objectNameFromUrl("/media/gallery-images/..")).toBeNull();
    expect((await storage.read("product-images", first))?.toString()).toBe("a");
    await storage.delete("product-images", first);
    expect(await storage.read("product-images", first)).toBeNull();
  });
});

describe("/media", () => {
  it("serves objects with type, nosniff and immutable caching", async () => {
    const response = await app.fetch(`/media/homepage-videos/${videoName}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("video/mp4");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("cache-control")).toMatch(/immutable/);
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect((await response.arrayBuffer()).byteLength).toBe(video.length);
  });

  it("answers Range requests with 206 and the exact bytes (video seeking)", async () => {
    const response = await app.fetch(`/media/homepage-videos/${videoName}`, { headers: { range: "bytes=1000-1999" } });
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes 1000-1999/${video.length}`);
    expect((await response.arrayBuffer()).byteLength).toBe(1000);
    const open = await app.fetch(`/media/homepage-videos/${videoName}`, { headers: { range: "bytes=262000-" } });
    expect(open.status).toBe(206);
    const bad = await app.fetch(`/media/homepage-videos/${videoName}`, { headers: { range: "bytes=999999-" } });
    expect(bad.status).toBe(416);
  });

  it("answers 404 for unknown buckets, traversal attempts and odd names", async () => {
    for (const path of [
      `/media/unknown-bucket/${videoName}`,
      "/media/homepage-videos/..%2Fsecret.txt",
      "/media/homepage-videos/%2e%2e%2fsecret.txt",
      "/media/../secret.txt",
      "/media/homepage-videos/.hidden",
      "/media/homepage-videos/nope.mp4",
      "/media/homepage-videos/a%00.mp4",
    ]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text()).not.toContain("secret");
    }
  });
});

describe("/img", () => {
  it("serves allowed widths as AVIF or WebP, cached, and refuses other widths", async () => {
    const png = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: "#b8893b" } })
      .png()
      .toBuffer();
    const name = await app.services.storage.putNew("gallery-images", "gallery", "png", png, "image/png");
    const webp = await app.fetch(`/img/gallery-images/${name}?w=640`, { headers: { accept: "image/webp" } });
    expect(webp.status).toBe(200);
    expect(webp.headers.get("content-type")).toBe("image/webp");
    expect(webp.headers.get("cache-control")).toMatch(/immutable/);
    const meta = await sharp(Buffer.from(await webp.arrayBuffer())).metadata();
    expect(meta.width).toBe(640);
    const avif = await app.fetch(`/img/gallery-images/${name}?w=320`, { headers: { accept: "image/avif,image/webp" } });
    expect(avif.headers.get("content-type")).toBe("image/avif");
    // A picture carries the asset headers, not a page's (a CSP means nothing in an image).
    expect(avif.headers.get("x-content-type-options")).toBe("nosniff");
    expect(avif.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(avif.headers.get("content-security-policy")).toBeNull();
    expect((await app.fetch(`/img/gallery-images/${name}?w=641`)).status).toBe(404);
    expect((await app.fetch(`/img/nope/${name}?w=640`)).status).toBe(404);
  });
});

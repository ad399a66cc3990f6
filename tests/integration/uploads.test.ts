import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

function upload(bucket: string, data: Uint8Array | Buffer, filename: string, type: string, withCookie = true) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), filename);
  return app.fetch(`/api/upload/${bucket}`, { method: "POST", body: form, headers: withCookie ? { cookie } : {} });
}

/** The JSON answer of the upload route. */
const answer = async (response: Response) =>
  (await response.json()) as { url?: string; name?: string; type?: string; error?: string };

const png = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: "#b8893b" } })
    .png()
    .toBuffer();

describe("uploads", () => {
  it("stores a real image as '{prefix}-{timestamp}.{ext}' with the detected extension", async () => {
    const response = await upload("product-images", await png(), "photo.jpg", "image/jpeg");
    expect(response.status).toBe(201);
    const body = (await response.json()) as { url: string; name: string; type: string };
    expect(body.name).toMatch(/^product-\d{13}\.png$/);
    expect(body.type).toBe("image/png");
    expect(body.url).toBe(`/media/product-images/${body.name}`);
    const served = await app.fetch(body.url);
    expect(served.headers.get("content-type")).toBe("image/png");
  });

  it("refuses without a session, and stores nothing", async () => {
    const before = await app.services.storage.list("gallery-images");
    const response = await upload("gallery-images", await png(), "a.png", "image/png", false);
    expect(response.status).toBe(401);
    expect((await answer(response)).error).toMatch(/session/);
    expect(await app.services.storage.list("gallery-images")).toHaveLength(before.length);
  });

  it("refuses SVG, HTML named .png, and a JPEG header followed by HTML", async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const html = Buffer.from("<!doctype html><html><script>alert(1)</script></html>");
    const fakeJpeg = Buffer.concat([
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      Buffer.from("<html><script>alert(1)</script></html>".repeat(4)),
    ]);
    for (const [data, name, type] of [
      [svg, "logo.svg", "image/svg+xml"],
      [html, "photo.png", "image/png"],
      [fakeJpeg, "photo.jpg", "image/jpeg"],
    ] as const) {
      const response = await upload("gallery-images", data, name, type);
      expect(response.status, name).toBe(415);
      expect((await answer(response)).error).toContain("n'est pas une image");
    }
    expect(await app.services.storage.list("gallery-images")).toHaveLength(0);
  });

  it("refuses an image in a video bucket and a video in an image bucket", async () => {
    expect((await upload("homepage-videos", await png(), "a.mp4", "video/mp4")).status).toBe(415);
    const mp4Head = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(64)]);
    expect((await upload("gallery-images", mp4Head, "a.png", "image/png")).status).toBe(415);
    const video = await upload("homepage-videos", mp4Head, "clip.mov", "video/quicktime");
    expect(video.status).toBe(201);
    expect((await answer(video)).name).toMatch(/^hero-\d{13}\.mp4$/);
  });

  it("refuses an oversize file with 413", async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(16 * 1024 * 1024)]);
    const response = await upload("product-images", big, "big.png", "image/png");
    expect(response.status).toBe(413);
    expect((await answer(response)).error).toContain("15 Mo");
  });

  it("refuses unknown buckets and requests without a file", async () => {
    expect((await upload("secrets", await png(), "a.png", "image/png")).status).toBe(404);
    const empty = await app.fetch("/api/upload/product-images", {
      method: "POST",
      body: new FormData(),
      headers: { cookie },
    });
    expect(empty.status).toBe(400);
  });
});

import { describe, expect, it } from "vitest";
import { BUCKETS, detectType, isPublicBucket } from "./uploads";

const bytes = (...parts: (string | number[])[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe("detectType", () => {
  it("recognises images and videos by their first bytes", () => {
    expect(detectType(bytes([0xff, 0xd8, 0xff, 0xe0], "\0\0JFIF\0\0\0\0"))).toBe("jpg");
    expect(detectType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "\0\0\0\rIHDR"))).toBe("png");
    expect(detectType(bytes("GIF89a", "\0\0\0\0\0\0\0\0"))).toBe("gif");
    expect(detectType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(detectType(bytes([0, 0, 0, 0x20], "ftypavif", "\0\0\0\0"))).toBe("avif");
    expect(detectType(bytes([0, 0, 0, 0x20], "ftypisom", "\0\0\0\0"))).toBe("mp4");
    expect(detectType(bytes([0x1a, 0x45, 0xdf, 0xa3], "\0\0\0\0\0\0\0\0\0\0"))).toBe("webm");
  });

  it("refuses SVG, HTML, text and anything short", () => {
    expect(detectType(bytes('<svg xmlns="http://www.w3.org/2000/svg">'))).toBeNull();
    expect(detectType(bytes("<!doctype html><html>"))).toBeNull();
    expect(detectType(bytes("just some text here"))).toBeNull();
    expect(detectType(bytes([0xff, 0xd8]))).toBeNull();
    expect(detectType(bytes([0, 0, 0, 0x20], "ftypqt  ", "\0\0\0\0"))).toBeNull();
  });
});

describe("public buckets", () => {
  it("are every bucket but the ticket photos, which only the staff's route reads", () => {
    expect(BUCKETS.filter((b) => !isPublicBucket(b))).toEqual(["ticket-photos"]);
    expect(isPublicBucket("product-images")).toBe(true);
    expect(isPublicBucket("nowhere")).toBe(false);
  });
});

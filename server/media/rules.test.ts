import { describe, expect, it } from "vitest";
import {
  droppedMedia,
  FailureMemo,
  IMAGE_BUCKETS,
  isRasterImageHead,
  isResizable,
  machineMedia,
  mediaRefFromUrl,
  mediaRefs,
  selectOrphans,
  sharpThreads,
  stringsIn,
  SWEPT_BUCKETS,
} from "./rules";

const PNG_HEAD = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x20, ...Buffer.from("ftypisom"), 0, 0, 0, 0]);

describe("what /img resizes", () => {
  it("only public picture buckets, never the video buckets nor the ticket photos", () => {
    expect([...IMAGE_BUCKETS].sort()).toEqual(
      ["gallery-images", "machine-category-images", "machine-images", "machine-step-images", "product-images"].sort(),
    );
    for (const bucket of ["machine-videos", "machine-step-videos", "homepage-videos", "ticket-photos"]) {
      expect(isResizable(bucket, "clip.png"), bucket).toBe(false);
    }
    expect(isResizable("nowhere", "a.png")).toBe(false);
  });

  it("only raster picture names", () => {
    for (const name of ["a.webp", "a.png", "a.jpg", "a.JPEG", "a.avif", "a.gif"])
      expect(isResizable("gallery-images", name), name).toBe(true);
    for (const name of ["a.svg", "a.mp4", "a.webm", "a", "a.txt", "../a.png", ".a.png"])
      expect(isResizable("gallery-images", name), name).toBe(false);
  });

  it("only bytes that start like a picture", () => {
    expect(isRasterImageHead(PNG_HEAD)).toBe(true);
    expect(isRasterImageHead(MP4_HEAD)).toBe(false);
    expect(isRasterImageHead(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'>"))).toBe(false);
    expect(isRasterImageHead(new Uint8Array(4))).toBe(false);
  });

  it("shares the cores between the resizes that run together", () => {
    expect(sharpThreads(2)).toBe(1);
    expect(sharpThreads(1)).toBe(1);
    expect(sharpThreads(8)).toBe(4);
  });
});

describe("the object a URL names", () => {
  it("reads our own URLs, a storage service's and the previous backend's", () => {
    expect(mediaRefFromUrl("/media/gallery-images/gallery-1.webp")).toEqual({
      bucket: "gallery-images",
      name: "gallery-1.webp",
    });
    expect(mediaRefFromUrl("https://cdn.example/site/product-images/product-2.png?v=3#x")).toEqual({
      bucket: "product-images",
      name: "product-2.png",
    });
    expect(
      mediaRefFromUrl("https://abc.backend.example/storage/v1/object/public/machine-videos/machine-video-9.mp4"),
    ).toEqual({ bucket: "machine-videos", name: "machine-video-9.mp4" });
  });

  it("names nothing for the placeholder, other folders, odd names or no URL", () => {
    for (const url of [
      "/placeholder.svg",
      "/media/secrets/a.png",
      "/media/gallery-images/..",
      "/media/gallery-images/%E0%A4%A.png",
      "javascript:alert(1)",
      "",
      null,
      undefined,
    ]) {
      expect(mediaRefFromUrl(url), String(url)).toBeNull();
    }
  });

  it("lists what an edit dropped, by object, ignoring the placeholder", () => {
    const before = machineMedia({
      images: ["/media/machine-images/a.webp", "/media/machine-images/b.webp", "/placeholder.svg"],
      video: "/media/machine-videos/v.mp4",
      process_video: null,
      image_overlay: "/media/machine-images/c.webp",
    });
    const after = machineMedia({
      images: ["/media/machine-images/b.webp", "https://cdn.example/x/machine-images/a.webp"],
      video: null,
      process_video: "/media/machine-videos/v.mp4",
      image_overlay: "/media/machine-images/d.webp",
    });
    expect(droppedMedia(before, after)).toEqual(["/media/machine-images/c.webp"]);
    expect(droppedMedia(["/media/product-images/p.png"], ["/placeholder.svg"])).toEqual([
      "/media/product-images/p.png",
    ]);
    expect(droppedMedia([null, "/placeholder.svg"], [])).toEqual([]);
  });

  it("counts the media named inside a machine's etapes_fonctionnement, list or JSON text", () => {
    const base = { images: [], video: null, process_video: null, image_overlay: null };
    const legacySteps = [{ titre: "Payer", image: "/media/machine-step-images/s.png" }];
    for (const value of [legacySteps, JSON.stringify(legacySteps)]) {
      expect(mediaRefs(machineMedia({ ...base, etapes_fonctionnement: value }))).toEqual([
        { bucket: "machine-step-images", name: "s.png" },
      ]);
    }
  });

  it("finds the strings inside a JSON value", () => {
    expect(stringsIn([{ image: "/media/machine-step-images/s.png", n: 1, tags: ["a", { v: "b" }] }, null])).toEqual([
      "/media/machine-step-images/s.png",
      "a",
      "b",
    ]);
  });
});

describe("the orphan sweep's choice", () => {
  const at = (iso: string) => new Date(iso);
  it("removes old objects no record names, keeps recent and referenced ones", () => {
    const orphans = selectOrphans(
      [
        {
          bucket: "gallery-images",
          objects: [
            { name: "old.webp", size: 1, createdAt: at("2026-11-20T00:00:00Z") },
            { name: "recent.webp", size: 1, createdAt: at("2026-11-22T23:00:00Z") },
            { name: "used.webp", size: 1, createdAt: at("2026-11-01T00:00:00Z") },
          ],
        },
        { bucket: "product-images", objects: [{ name: "old.webp", size: 1, createdAt: at("2026-11-20T00:00:00Z") }] },
      ],
      new Set(["gallery-images/used.webp", "product-images/old.webp"]),
      at("2026-11-22T00:00:00Z"),
    );
    expect(orphans).toEqual([{ bucket: "gallery-images", name: "old.webp" }]);
  });

  it("never lists the hero videos; sweeps ticket photos no ticket names", () => {
    expect(SWEPT_BUCKETS).not.toContain("homepage-videos");
    expect(SWEPT_BUCKETS).toContain("ticket-photos");
    expect(SWEPT_BUCKETS).toHaveLength(8);
  });
});

describe("failed resizes remembered", () => {
  it("for the TTL only", () => {
    let now = 0;
    const memo = new FailureMemo(1000, 10, () => now);
    memo.add("gallery-images/bad.png");
    expect(memo.has("gallery-images/bad.png")).toBe(true);
    now = 999;
    expect(memo.has("gallery-images/bad.png")).toBe(true);
    now = 1000;
    expect(memo.has("gallery-images/bad.png")).toBe(false);
    expect(memo.size).toBe(0);
  });

  it("within a bounded memory, the oldest forgotten first", () => {
    let now = 0;
    const memo = new FailureMemo(60_000, 3, () => now);
    for (const key of ["a", "b", "c"]) {
      memo.add(key);
      now += 1;
    }
    memo.add("a"); // refreshed: now the newest
    memo.add("d");
    expect(memo.size).toBe(3);
    expect(["a", "b", "c", "d"].filter((key) => memo.has(key))).toEqual(["a", "c", "d"]);
  });
});

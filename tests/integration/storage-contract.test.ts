// One contract for every storage: the same tests run on the local disk and on S3 (fauxqs, an
// S3-compatible server started here, in process), first on the storage itself, then through the built
// app (/media, /img, the hero video).
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  UploadPartCommand,
  type S3Client,
} from "@aws-sdk/client-s3";
import { createHash } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi, type MockInstance } from "vitest";
import { loadS3Settings } from "../../server/config";
import { LocalStorage } from "../../server/storage/local";
import { S3Storage } from "../../server/storage/s3";
import { ObjectTooLargeError, type ByteRange, type Storage } from "../../server/storage/storage";
import { startTestS3, type TestS3 } from "../support/s3";
import { startTestApp, type TestApp } from "../support/server";

const MB = 1024 * 1024;

/** Bytes that differ from one position to the next: a wrong offset shows. */
function pattern(size: number, seed = 0): Buffer {
  const bytes = Buffer.alloc(size);
  for (let i = 0; i < size; i++) bytes[i] = (i * 7 + seed + (i >> 8)) % 251;
  return bytes;
}

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

/** Records the commands a client sends (what an S3 server cannot tell us: multipart, pages). */
function recordCommands(client: S3Client, onSend: (command: object) => void = () => {}) {
  type Send = (command: object, ...rest: unknown[]) => Promise<unknown>;
  const commands: object[] = [];
  const send = client.send.bind(client) as Send;
  (vi.spyOn(client, "send") as unknown as MockInstance<Send>).mockImplementation((command, ...rest) => {
    commands.push(command);
    onSend(command);
    return send(command, ...rest);
  });
  return commands;
}

describe.each(["local", "s3"] as const)("storage contract on %s", (kind) => {
  let s3: TestS3 | undefined;
  let storage: Storage;
  let s3Storage: S3Storage | undefined;
  let folder: string | undefined;
  let app: TestApp;

  beforeAll(async () => {
    if (kind === "s3") {
      s3 = await startTestS3();
      // A small listing page, so that a few objects go through several pages.
      s3Storage = new S3Storage(loadS3Settings(s3.env)!, { listPageSize: 7 });
      storage = s3Storage;
    } else {
      folder = await mkdtemp(join(tmpdir(), "storage-contract-"));
      storage = new LocalStorage(folder);
    }
    app = await startTestApp(s3?.env ?? {});
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  describe("the storage", () => {
    it("stores and reads an object whole, by its head, as a stream, by range, with its facts", async () => {
      const body = pattern(100_000);
      await storage.put("product-images", "product-1.png", body, "image/png");
      expect((await storage.read("product-images", "product-1.png"))!.equals(body)).toBe(true);
      expect((await storage.readHead("product-images", "product-1.png", 32))!.equals(body.subarray(0, 32))).toBe(true);
      expect((await collect((await storage.readStream("product-images", "product-1.png"))!)).equals(body)).toBe(true);
      const range = await storage.readRange("product-images", "product-1.png", { start: 500, end: 1499 });
      expect((await collect(range!)).equals(body.subarray(500, 1500))).toBe(true);
      const facts = await storage.stat("product-images", "product-1.png");
      expect(facts).toMatchObject({ name: "product-1.png", size: body.length });
      expect(Math.abs(facts!.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
      const head = await storage.head("product-images", "product-1.png");
      expect(head).toMatchObject({ name: "product-1.png", size: body.length });
      expect(head!.etag).toMatch(/^"[^"]+"$/);

      for (const name of ["missing-1.png", "../product-1.png", "a/b.png"]) {
        expect(await storage.read("product-images", name), name).toBeNull();
        expect(await storage.readHead("product-images", name, 32), name).toBeNull();
        expect(await storage.readStream("product-images", name), name).toBeNull();
        expect(await storage.readRange("product-images", name, { start: 0, end: 9 }), name).toBeNull();
        expect(await storage.stat("product-images", name), name).toBeNull();
        expect(await storage.head("product-images", name), name).toBeNull();
      }
      // The same name in another bucket is another object.
      expect(await storage.stat("gallery-images", "product-1.png")).toBeNull();
    });

    it("replaces an object on put, and keeps an empty one", async () => {
      await storage.put("product-images", "product-2.png", Buffer.from("avant"), "image/png");
      await storage.put("product-images", "product-2.png", Buffer.from("après"), "image/png");
      expect((await storage.read("product-images", "product-2.png"))!.toString()).toBe("après");
      await storage.put("product-images", "vide-1.png", Buffer.alloc(0), "image/png");
      expect(await storage.read("product-images", "vide-1.png")).toEqual(Buffer.alloc(0));
      expect(await storage.readHead("product-images", "vide-1.png", 32)).toEqual(Buffer.alloc(0));
      expect(await storage.stat("product-images", "vide-1.png")).toMatchObject({ size: 0 });
    });

    it("refuses to read whole an object over maxBytes, and reads one at the bound", async () => {
      const body = pattern(4096);
      await storage.put("gallery-images", "gallery-9.png", body, "image/png");
      await expect(storage.read("gallery-images", "gallery-9.png", { maxBytes: 4095 })).rejects.toBeInstanceOf(
        ObjectTooLargeError,
      );
      expect((await storage.read("gallery-images", "gallery-9.png", { maxBytes: 4096 }))!.equals(body)).toBe(true);
    });

    it("never overwrites with putNew: same millisecond, or a name already taken", async () => {
      const now = 1_800_000_000_000;
      vi.spyOn(Date, "now").mockReturnValue(now);
      await storage.put("machine-images", `machine-${now}.webp`, Buffer.from("déjà là"), "image/webp");
      const bodies = ["un", "deux", "trois"];
      const names = await Promise.all(
        bodies.map((text, i) =>
          storage.putNew(
            "machine-images",
            "machine",
            "webp",
            i === 2 ? Readable.from([Buffer.from(text)]) : Buffer.from(text),
            "image/webp",
          ),
        ),
      );
      expect(new Set(names).size).toBe(3);
      expect(names).not.toContain(`machine-${now}.webp`);
      for (const name of names) expect(name).toMatch(/^machine-18000000000\d\d\.webp$/);
      for (const [i, name] of names.entries()) {
        expect((await storage.read("machine-images", name))!.toString(), name).toBe(bodies[i]);
      }
      expect((await storage.read("machine-images", `machine-${now}.webp`))!.toString()).toBe("déjà là");
    });

    it("lists newest first over several pages, with a limit or whole (Infinity)", async () => {
      const names: string[] = [];
      for (let i = 0; i < 25; i++) {
        const name = `category-${1000 + i}.webp`;
        await storage.put("machine-category-images", name, Buffer.from(String(i)), "image/webp");
        names.push(name);
      }
      const pages = s3Storage ? recordCommands(s3Storage.client) : [];
      const all = await storage.list("machine-category-images", Infinity);
      // Newest first; objects of the same instant by name, the later name first.
      expect(all.map((o) => o.name)).toEqual([...names].reverse());
      expect(all[0]).toMatchObject({ size: 2 });
      if (s3Storage) expect(pages.filter((c) => c instanceof ListObjectsV2Command)).toHaveLength(4);
      expect((await storage.list("machine-category-images", 5)).map((o) => o.name)).toEqual(names.slice(-5).reverse());
      expect(await storage.list("machine-category-images")).toHaveLength(25);
      expect(await storage.list("machine-step-images", Infinity)).toEqual([]);
    });

    it("deletes an object, and deleting a missing one is no error", async () => {
      await storage.put("machine-step-images", "step-1.png", Buffer.from("x"), "image/png");
      await storage.delete("machine-step-images", "step-1.png");
      expect(await storage.stat("machine-step-images", "step-1.png")).toBeNull();
      expect(await storage.read("machine-step-images", "step-1.png")).toBeNull();
      expect(await storage.list("machine-step-images")).toEqual([]);
      await storage.delete("machine-step-images", "step-1.png");
      await storage.delete("machine-step-images", "../step-1.png");
    });

    it("streams a 20 MB upload through without holding it (multipart on S3)", async () => {
      const size = 20 * MB;
      const chunk = 256 * 1024;
      const hash = createHash("sha256");
      let produced = 0;
      function* generate() {
        for (let i = 0; i < size / chunk; i++) {
          const bytes = pattern(chunk, i);
          hash.update(bytes);
          produced += chunk;
          yield bytes;
        }
      }
      let producedAtFirstPart: number | undefined;
      const commands = s3Storage
        ? recordCommands(s3Storage.client, (command) => {
            if (command instanceof UploadPartCommand) producedAtFirstPart ??= produced;
          })
        : [];
      const name = await storage.putNew(
        "machine-videos",
        "machine-video",
        "mp4",
        Readable.from(generate()),
        "video/mp4",
      );
      expect(produced).toBe(size);
      expect(await storage.stat("machine-videos", name)).toMatchObject({ size });
      const stored = createHash("sha256");
      for await (const part of (await storage.readStream("machine-videos", name))!) stored.update(part as Buffer);
      expect(stored.digest("hex")).toBe(hash.digest("hex"));
      if (s3Storage) {
        expect(commands.filter((c) => c instanceof CreateMultipartUploadCommand)).toHaveLength(1);
        expect(commands.filter((c) => c instanceof UploadPartCommand)).toHaveLength(4);
        expect(commands.filter((c) => c instanceof CompleteMultipartUploadCommand)).toHaveLength(1);
        // The first part left before most of the body was even made.
        expect(producedAtFirstPart).toBeLessThanOrEqual(12 * MB);
      }
    });

    it("stores nothing of an upload whose stream fails", async () => {
      function* failing() {
        yield pattern(6 * MB);
        throw new Error("client gone");
      }
      await expect(
        storage.putNew("gallery-images", "rompu", "png", Readable.from(failing()), "image/png"),
      ).rejects.toThrow();
      expect((await storage.list("gallery-images", Infinity)).filter((o) => o.name.startsWith("rompu"))).toEqual([]);
    });
  });

  describe("through the app", () => {
    const video = pattern(300_000, 3);
    let videoName: string;
    let videoUrl: string;
    beforeAll(async () => {
      videoName = await app.services.storage.putNew("homepage-videos", "video", "mp4", video, "video/mp4");
      videoUrl = `/media/homepage-videos/${videoName}`;
    });

    it("links media under /media", () => {
      expect(app.services.storage.publicUrl("homepage-videos", videoName)).toBe(videoUrl);
      expect(app.services.storage.localRoot === undefined).toBe(kind === "s3");
    });

    it("serves an object whole with its type, length, ETag and immutable caching", async () => {
      const response = await app.fetch(videoUrl);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("video/mp4");
      expect(response.headers.get("content-length")).toBe(String(video.length));
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.headers.get("etag")).toMatch(/^"[^"]+"$/);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
      const head = await app.fetch(videoUrl, { method: "HEAD" });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(String(video.length));
    });

    it("answers a Range with 206 and the exact bytes, and 416 outside the object", async () => {
      const cases: Array<[string, number, number]> = [
        ["bytes=1000-1999", 1000, 1999],
        ["bytes=299000-", 299_000, video.length - 1],
        ["bytes=-100", video.length - 100, video.length - 1],
        ["bytes=0-0", 0, 0],
      ];
      for (const [range, start, end] of cases) {
        const response = await app.fetch(videoUrl, { headers: { range } });
        expect(response.status, range).toBe(206);
        expect(response.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/${video.length}`);
        expect(response.headers.get("content-length"), range).toBe(String(end - start + 1));
        expect(Buffer.from(await response.arrayBuffer()).equals(video.subarray(start, end + 1)), range).toBe(true);
      }
      const outside = await app.fetch(videoUrl, { headers: { range: "bytes=300000-" } });
      expect(outside.status).toBe(416);
      expect(outside.headers.get("content-range")).toBe(`bytes */${video.length}`);
      await outside.arrayBuffer();
    });

    it("answers 304 to its ETag, and the whole object to a Range for another version (If-Range)", async () => {
      const etag = (await app.fetch(videoUrl, { method: "HEAD" })).headers.get("etag")!;
      // As a browser's reload revalidates (fetch() would add 'no-cache', which asks for the object).
      const fresh = await app.fetch(videoUrl, { headers: { "if-none-match": etag, "cache-control": "max-age=0" } });
      expect(fresh.status).toBe(304);
      expect(await fresh.text()).toBe("");
      const other = await app.fetch(videoUrl, {
        headers: { "if-none-match": '"autre"', "cache-control": "max-age=0" },
      });
      expect(other.status).toBe(200);
      await other.arrayBuffer();
      const same = await app.fetch(videoUrl, { headers: { range: "bytes=0-9", "if-range": etag } });
      expect(same.status).toBe(206);
      await same.arrayBuffer();
      const changed = await app.fetch(videoUrl, { headers: { range: "bytes=0-9", "if-range": '"autre"' } });
      expect(changed.status).toBe(200);
      expect((await changed.arrayBuffer()).byteLength).toBe(video.length);
    });

    it("answers 404 for a missing object or an odd name, never cached", async () => {
      for (const path of ["/media/homepage-videos/video-1.mp4", "/media/nope/x.mp4", "/media/homepage-videos/.x"]) {
        const response = await app.fetch(path);
        expect(response.status, path).toBe(404);
        expect(response.headers.get("cache-control") ?? "", path).not.toMatch(/immutable/);
      }
    });

    it("stops reading the object when the visitor goes away mid-download", async () => {
      const big = pattern(24 * MB, 5);
      const name = await app.services.storage.putNew("machine-videos", "machine-video", "mp4", big, "video/mp4");
      const storage = app.services.storage;
      const original = storage.readRange.bind(storage);
      const reads: Array<{ stream: Readable; signal: AbortSignal }> = [];
      vi.spyOn(storage, "readRange").mockImplementation(async (bucket, objectName, range: ByteRange, options = {}) => {
        const stream = await original(bucket, objectName, range, options);
        if (stream) reads.push({ stream, signal: options.signal! });
        return stream;
      });
      const visitor = new AbortController();
      const response = await app.fetch(`/media/machine-videos/${name}`, { signal: visitor.signal });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      const first = await reader.read();
      expect(first.value!.byteLength).toBeGreaterThan(0);
      visitor.abort();
      await vi.waitFor(
        () => {
          expect(reads[0]!.signal.aborted).toBe(true);
          expect(reads[0]!.stream.destroyed).toBe(true);
        },
        { timeout: 5000 },
      );
      // Stopped before the end: the rest was never read from the storage.
      expect(reads[0]!.stream.readableEnded).toBe(false);
      expect(reads).toHaveLength(1);
    });

    it("resizes a picture once per width and format, and serves no copy of a deleted object", async () => {
      const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#1f3a33" } })
        .png()
        .toBuffer();
      const storage = app.services.storage;
      const name = await storage.putNew("gallery-images", "gallery", "png", png, "image/png");
      const img = (accept = "image/webp") => app.fetch(`/img/gallery-images/${name}?w=160`, { headers: { accept } });
      const read = vi.spyOn(storage, "read");
      const first = await img();
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(160);
      expect((await img()).status).toBe(200);
      expect(read).toHaveBeenCalledTimes(1);
      expect((await img("image/avif")).headers.get("content-type")).toBe("image/avif");
      expect(read).toHaveBeenCalledTimes(2);
      const copies = join(app.services.config.dataDir, "cache", "img", "gallery-images", name);
      expect(await exists(copies)).toBe(true);

      // Deleted by another instance sharing the storage: its copies here are still on this disk.
      await storage.delete("gallery-images", name);
      expect((await img()).status).toBe(404);
      expect((await img("image/avif")).status).toBe(404);
      expect(await exists(copies)).toBe(false);
    });

    it("stores an upload from the staff endpoint and serves it; refuses a fake video and keeps nothing", async () => {
      const cookie = await app.login();
      const send = (bucket: string, data: Buffer, filename: string, type: string) => {
        const form = new FormData();
        form.append("file", new Blob([new Uint8Array(data)], { type }), filename);
        return app.fetch(`/api/upload/${bucket}`, { method: "POST", body: form, headers: { cookie } });
      };
      const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#b8893b" } })
        .png()
        .toBuffer();
      const stored = await send("product-images", png, "photo.jpg", "image/jpeg");
      expect(stored.status).toBe(201);
      const { url, name } = (await stored.json()) as { url: string; name: string };
      expect(name).toMatch(/^product-\d{13}\.png$/);
      const served = await app.fetch(url);
      expect(served.headers.get("content-type")).toBe("image/png");
      expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);

      const before = await app.services.storage.list("machine-videos", Infinity);
      const refused = await send(
        "machine-videos",
        Buffer.from("<html>pas une vidéo</html>".repeat(10)),
        "v.mp4",
        "video/mp4",
      );
      expect(refused.status).toBe(415);
      await refused.arrayBuffer();
      expect(await app.services.storage.list("machine-videos", Infinity)).toEqual(before);
    });

    it("shows the newest hero video on the home page", async () => {
      const storage = app.services.storage;
      await storage.putNew("homepage-videos", "video", "mp4", pattern(1000, 1), "video/mp4");
      await new Promise((resolve) => setTimeout(resolve, 20));
      const newest = await storage.putNew("homepage-videos", "video", "mp4", pattern(1000, 2), "video/mp4");
      expect((await storage.list("homepage-videos", 1))[0]?.name).toBe(newest);
      const html = await (await app.fetch("/")).text();
      expect(html).toContain(storage.publicUrl("homepage-videos", newest));
    });

    it("lists more objects than one S3 page (1000)", async () => {
      const storage = app.services.storage;
      const names = Array.from({ length: 1005 }, (_, i) => `step-video-${10_000 + i}.mp4`);
      for (let i = 0; i < names.length; i += 50) {
        await Promise.all(
          names.slice(i, i + 50).map((name) => storage.put("machine-step-videos", name, Buffer.from("v"), "video/mp4")),
        );
      }
      const listed = await storage.list("machine-step-videos", Infinity);
      expect(listed).toHaveLength(names.length);
      expect(new Set(listed.map((o) => o.name))).toEqual(new Set(names));
      for (let i = 1; i < listed.length; i++) {
        expect(listed[i - 1]!.createdAt.getTime()).toBeGreaterThanOrEqual(listed[i]!.createdAt.getTime());
      }
    });
  });
});

describe("S3 with a public address (S3_PUBLIC_URL)", () => {
  let s3: TestS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startTestS3();
    app = await startTestApp({ ...s3.env, S3_PUBLIC_URL: "https://cdn.example/site/" });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.stop();
  });

  it("links media there, and the pages' CSP allows that origin for pictures and videos", async () => {
    const storage = app.services.storage;
    const name = await storage.putNew("homepage-videos", "video", "mp4", pattern(1000), "video/mp4");
    expect(storage.publicUrl("homepage-videos", name)).toBe(`https://cdn.example/site/homepage-videos/${name}`);
    // Twice: rendered, then from the visitors' page cache (its own CSP, with script hashes).
    for (const cache of ["miss", "hit"]) {
      const page = await app.fetch("/");
      expect(page.headers.get("x-cache"), cache).toBe(cache);
      expect(await page.text()).toContain(`https://cdn.example/site/homepage-videos/${name}`);
      const csp = page.headers.get("content-security-policy")!;
      expect(csp, cache).toMatch(/img-src [^;]*https:\/\/cdn\.example(;| )/);
      expect(csp, cache).toMatch(/media-src [^;]*https:\/\/cdn\.example(;| )/);
      expect(csp, cache).not.toContain("cdn.example/site");
    }
    // /media still serves the object (links made before the setting, or a CDN pulling from the site).
    expect((await app.fetch(`/media/homepage-videos/${name}`)).status).toBe(200);
  });
});

describe("S3 objects of other prefixes", () => {
  it("are not listed as objects of a bucket", async () => {
    const s3 = await startTestS3();
    try {
      const storage = new S3Storage(loadS3Settings(s3.env)!);
      await storage.put("gallery-images", "gallery-1.png", Buffer.from("x"), "image/png");
      // A deeper key under the prefix, and a key outside every bucket.
      await storage.client.send(
        new PutObjectCommand({
          Bucket: s3.env.S3_BUCKET,
          Key: "gallery-images/cache/gallery-1.png/160.webp",
          Body: "copy",
        }),
      );
      expect((await storage.list("gallery-images", Infinity)).map((o) => o.name)).toEqual(["gallery-1.png"]);
      const got = await storage.client.send(
        new GetObjectCommand({ Bucket: s3.env.S3_BUCKET, Key: "gallery-images/gallery-1.png" }),
      );
      expect(await got.Body!.transformToString()).toBe("x");
    } finally {
      await s3.stop();
    }
  });
});

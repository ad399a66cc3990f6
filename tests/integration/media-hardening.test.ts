// Media hardening through the built app, on PGlite and PostgreSQL: /img resizes only stored pictures
// (bounded, limited, failures remembered); removing or replacing a record's media removes the object
// and its resized copies unless another record still names it; the sweep removes old uploads no
// record kept.
import { eq } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import { stat, truncate, utimes, writeFile, mkdir } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { UPLOAD_MESSAGES, type Bucket } from "../../app/rules/uploads";
import { insertCategory, insertMachine, listMachines, listSteps } from "../../app/features/machines/store.server";
import { listPhotos } from "../../app/features/gallery/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { products } from "../../server/db/schema";
import { MAX_SOURCE_BYTES, RESIZE_CONCURRENCY, RESIZE_QUEUE, RETRY_AFTER_SECONDS } from "../../server/media/rules";
import { MEDIA_SWEEP_LOCK_ID, startMediaSweep, sweepUnreferencedMedia } from "../../server/media/sweep";
import { TEST_DB } from "../support/db";
import { startSignedInApp, startTestApp, type TestApp } from "../support/server";
import { toFormData } from "../../app/lib/form-values";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());
afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 60 * 60 * 1000;

function png(color = "#1f3a33", width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Stores a picture as an upload would, and answers its public URL. */
async function storePicture(target: TestApp, bucket: Bucket, prefix: string, color?: string) {
  const name = await target.services.storage.putNew(bucket, prefix, "png", await png(color), "image/png");
  return { name, url: target.services.storage.publicUrl(bucket, name) };
}

async function storeVideo(target: TestApp, bucket: Bucket, prefix: string) {
  const body = Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), randomBytes(4096)]);
  const name = await target.services.storage.putNew(bucket, prefix, "mp4", body, "video/mp4");
  return { name, url: target.services.storage.publicUrl(bucket, name) };
}

const objectPath = (target: TestApp, bucket: Bucket, name: string) =>
  join(target.services.storage.localRoot!, bucket, name);
const copiesDir = (target: TestApp, bucket: string, name: string) =>
  join(target.services.config.dataDir, "cache", "img", bucket, name);
const exists = (path: string) =>
  stat(path).then(
    () => true,
    () => false,
  );

function img(target: TestApp, bucket: string, name: string, width = 160, accept = "image/webp") {
  return target.fetch(`/img/${bucket}/${name}?w=${width}`, { headers: { accept } });
}

function urlParts(url: string): { bucket: Bucket; name: string } {
  const [, , bucket, name] = url.split("/");
  return { bucket: bucket as Bucket, name: name! };
}

/** Asks for a resized copy, so that one exists on disk before the record changes. */
async function resize(url: string) {
  const { bucket, name } = urlParts(url);
  const response = await img(app, bucket, name);
  expect(response.status, url).toBe(200);
  await response.arrayBuffer();
  if (bucket.endsWith("-images")) expect(await exists(copiesDir(app, bucket, name)), url).toBe(true);
}

async function expectGone(url: string) {
  const { bucket, name } = urlParts(url);
  expect(await app.services.storage.stat(bucket, name), url).toBeNull();
  expect(await exists(copiesDir(app, bucket, name)), `${url} copies`).toBe(false);
  expect((await img(app, bucket, name)).status, `${url} /img`).toBe(404);
  expect((await app.fetch(url)).status, `${url} /media`).toBe(404);
}

async function expectKept(url: string) {
  const { bucket, name } = urlParts(url);
  expect(await app.services.storage.stat(bucket, name), url).not.toBeNull();
  if (bucket.endsWith("-images")) expect((await img(app, bucket, name)).status, `${url} /img`).toBe(200);
}

describe("/img resizes stored pictures only", () => {
  it("refuses the video buckets (404) without touching the file", async () => {
    const clip = await storeVideo(app, "machine-videos", "machine-video");
    // Even a real picture under a picture name is not resized from a video bucket.
    const still = await storePicture(app, "machine-step-videos", "step-video");
    const hero = await storeVideo(app, "homepage-videos", "hero");
    const storage = app.services.storage;
    const reads = [vi.spyOn(storage, "read"), vi.spyOn(storage, "readHead"), vi.spyOn(storage, "stat")];
    expect((await img(app, "machine-videos", clip.name)).status).toBe(404);
    expect((await img(app, "machine-step-videos", still.name)).status).toBe(404);
    expect((await img(app, "homepage-videos", hero.name)).status).toBe(404);
    for (const spy of reads) expect(spy).not.toHaveBeenCalled();
    // The file itself stays served as it is.
    expect((await app.fetch(clip.url)).status).toBe(200);
  });

  it("refuses a file that is not a picture from its first bytes, without reading it whole", async () => {
    const storage = app.services.storage;
    await storage.put("product-images", "faux-1.png", Buffer.alloc(20 * 1024 * 1024, "a"), "image/png");
    const read = vi.spyOn(storage, "read");
    const head = vi.spyOn(storage, "readHead");
    expect((await img(app, "product-images", "faux-1.png")).status).toBe(404);
    expect(head).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled();
    expect((await img(app, "product-images", "faux-1.txt")).status).toBe(404);
  });

  it("refuses a picture larger than the source bound without reading it", async () => {
    const storage = app.services.storage;
    await storage.put("gallery-images", "enorme-1.png", await png(), "image/png");
    // Sparse: the size is over the bound, the disk holds a few bytes.
    await truncate(objectPath(app, "gallery-images", "enorme-1.png"), MAX_SOURCE_BYTES + 1);
    const read = vi.spyOn(storage, "read");
    expect((await img(app, "gallery-images", "enorme-1.png")).status).toBe(404);
    expect(read).not.toHaveBeenCalled();
  });

  it("refuses a picture of more pixels than the decoder's bound", async () => {
    // 10,000 × 5,001 = 50,010,000 pixels of one colour: a small file, a 150 MB decode.
    const big = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    await app.services.storage.put("gallery-images", "bombe-1.png", big, "image/png");
    expect((await img(app, "gallery-images", "bombe-1.png")).status).toBe(404);
    expect(await exists(copiesDir(app, "gallery-images", "bombe-1.png"))).toBe(false);
  });

  it("refuses the same picture at upload, with its own message, and keeps nothing", async () => {
    const big = await sharp({ create: { width: 10_000, height: 5_001, channels: 3, background: "#fff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const before = await app.services.storage.list("gallery-images", Infinity);
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(big)], { type: "image/png" }), "panorama.png");
    const response = await app.fetch("/api/upload/gallery-images", { method: "POST", body: form, headers: { cookie } });
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: string }).error).toBe(UPLOAD_MESSAGES.tooManyPixels);
    expect(await app.services.storage.list("gallery-images", Infinity)).toEqual(before);
  });

  it("answers 404 for a corrupt picture and does not decode it again within the window", async () => {
    const storage = app.services.storage;
    const good = await png("#5a1f2b");
    // A PNG signature and header, then noise.
    await storage.put(
      "gallery-images",
      "casse-1.png",
      Buffer.concat([good.subarray(0, 40), randomBytes(2000)]),
      "image/png",
    );
    const read = vi.spyOn(storage, "read");
    expect((await img(app, "gallery-images", "casse-1.png", 160)).status).toBe(404);
    expect(read).toHaveBeenCalledTimes(1);
    expect((await img(app, "gallery-images", "casse-1.png", 320)).status).toBe(404);
    expect((await img(app, "gallery-images", "casse-1.png", 160, "image/avif")).status).toBe(404);
    // Repaired behind the site's back: still refused until the memory expires, and never read.
    await storage.put("gallery-images", "casse-1.png", good, "image/png");
    expect((await img(app, "gallery-images", "casse-1.png", 480)).status).toBe(404);
    expect(read).toHaveBeenCalledTimes(1);
    // Another picture is not affected.
    const other = await storePicture(app, "gallery-images", "gallery");
    expect((await img(app, "gallery-images", other.name, 480)).status).toBe(200);
  });

  it("resizes a picture once, then serves the copy from the disk cache", async () => {
    const { name } = await storePicture(app, "machine-images", "machine");
    const read = vi.spyOn(app.services.storage, "read");
    const first = await img(app, "machine-images", name, 320, "image/avif,image/webp");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/avif");
    expect((await sharp(Buffer.from(await first.arrayBuffer())).metadata()).width).toBe(64);
    const again = await img(app, "machine-images", name, 320, "image/avif,image/webp");
    expect(again.status).toBe(200);
    expect(read).toHaveBeenCalledTimes(1);
    expect(await exists(join(copiesDir(app, "machine-images", name), "320.avif"))).toBe(true);
  });

  it(`runs ${RESIZE_CONCURRENCY} resizes at once, queues ${RESIZE_QUEUE}, and answers 503 with Retry-After beyond`, async () => {
    const storage = app.services.storage;
    const pictures = await Promise.all(
      ["#102030", "#203040", "#304050"].map((c) => storePicture(app, "product-images", "product", c)),
    );
    const widths = [160, 320, 480, 640, 800, 1080, 1280, 1600, 1920];
    const requests = pictures
      .flatMap(({ name }) => widths.flatMap((w) => ["image/webp", "image/avif"].map((accept) => ({ name, w, accept }))))
      .slice(0, RESIZE_CONCURRENCY + RESIZE_QUEUE + 1);
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const original = storage.read.bind(storage);
    const read = vi.spyOn(storage, "read").mockImplementation(async (...args) => {
      await gate;
      return original(...args);
    });
    const answers = requests.map(({ name, w, accept }) => img(app, "product-images", name, w, accept));
    const first = await Promise.race(answers);
    expect(first.status).toBe(503);
    expect(first.headers.get("retry-after")).toBe(String(RETRY_AFTER_SECONDS));
    expect(read).toHaveBeenCalledTimes(RESIZE_CONCURRENCY);
    open();
    const statuses = (await Promise.all(answers)).map((r) => r.status);
    expect(statuses.filter((s) => s === 503)).toHaveLength(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(RESIZE_CONCURRENCY + RESIZE_QUEUE);
    expect(read).toHaveBeenCalledTimes(RESIZE_CONCURRENCY + RESIZE_QUEUE);
  });
});

type Fields = Record<string, string | string[]>;
function postForm(path: string, fields: Fields) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return app.fetch(path, { method: "POST", body, headers: { cookie } });
}
/** An intent of /edit-machines, posted as its form does. */
async function postMachines(payload: Record<string, unknown>) {
  const response = await app.fetch("/edit-machines.data", {
    method: "POST",
    body: toFormData(payload),
    headers: { cookie },
  });
  await response.text();
  return response.status;
}

describe("removing or replacing a record's media removes the object and its resized copies", () => {
  it("a gallery photo", async () => {
    const photo = await storePicture(app, "gallery-images", "gallery");
    const added = await app.fetch("/edit-gallery.data", {
      method: "POST",
      body: toFormData({ intent: "add", photos: [{ image_url: photo.url, alt: "Distributrice" }] }),
      headers: { cookie },
    });
    expect(added.status).toBe(200);
    await resize(photo.url);
    const row = (await listPhotos(app.db())).find((p) => p.image_url === photo.url)!;
    expect((await postForm("/edit-gallery", { intent: "delete", id: row.id })).status).toBe(200);
    await expectGone(photo.url);
  });

  it("a product's pictures, replaced and then deleted", async () => {
    const image = await storePicture(app, "product-images", "product", "#aa0000");
    const nutrition = await storePicture(app, "product-images", "product", "#00aa00");
    const fields = (extra: Fields): Fields => ({
      nom: "Barre tendre médias",
      description: "Avoine et érable.",
      prix: "2,50",
      ingredients: "",
      ranking: "",
      dans_notre_top_10_des_plus_gros_vendeur: "false",
      image: image.url,
      nutrition_image: nutrition.url,
      ...extra,
    });
    expect((await postForm("/edit-products", fields({ intent: "create" }))).status).toBe(200);
    const [created] = await app.db().select().from(products).where(eq(products.nom, "Barre tendre médias"));
    const id = created!.id;
    await resize(image.url);
    await resize(nutrition.url);

    const replacement = await storePicture(app, "product-images", "product", "#0000aa");
    expect((await postForm("/edit-products", fields({ intent: "update", id, image: replacement.url }))).status).toBe(
      200,
    );
    await expectGone(image.url);
    await expectKept(nutrition.url);
    await resize(replacement.url);

    expect((await postForm("/edit-products", { intent: "delete", id })).status).toBe(200);
    await expectGone(replacement.url);
    await expectGone(nutrition.url);
  });

  it("a machine's pictures and videos and its steps' media, replaced and then deleted", async () => {
    const [a, b, overlay, stepImage, stepImage2] = await Promise.all([
      storePicture(app, "machine-images", "machine", "#111111"),
      storePicture(app, "machine-images", "machine", "#222222"),
      storePicture(app, "machine-images", "machine", "#333333"),
      storePicture(app, "machine-step-images", "step", "#444444"),
      storePicture(app, "machine-step-images", "step", "#555555"),
    ]);
    // Stored at once, as uploads in the same millisecond: each gets its own name.
    expect(new Set([a, b, overlay, stepImage, stepImage2].map((p) => p.name)).size).toBe(5);
    const video = await storeVideo(app, "machine-videos", "machine-video");
    const processVideo = await storeVideo(app, "machine-videos", "machine-video");
    const machine = (extra: Record<string, unknown>) => ({
      nom: "Machine médias",
      description: "Vitrine",
      images: [a.url, b.url],
      video: video.url,
      process_video: processVideo.url,
      image_overlay: overlay.url,
      ...extra,
    });
    const step = { numero: 1, titre: "Choisir", description: "" };
    expect(
      await postMachines({
        intent: "save-machine",
        id: null,
        machine: machine({}),
        steps: [{ id: null, ...step, image: stepImage.url, video: null }],
      }),
    ).toBe(200);
    const saved = (await listMachines(app.db())).find((m) => m.nom === "Machine médias")!;
    for (const url of [a.url, b.url, overlay.url, stepImage.url]) await resize(url);

    expect(
      await postMachines({
        intent: "save-machine",
        id: saved.id,
        machine: machine({ images: [b.url], video: null }),
        steps: [{ id: saved.step_ids[0], ...step, image: stepImage2.url, video: null }],
      }),
    ).toBe(200);
    await expectGone(a.url);
    await expectGone(video.url);
    await expectGone(stepImage.url);
    for (const url of [b.url, overlay.url, processVideo.url, stepImage2.url]) await expectKept(url);

    expect(await postMachines({ intent: "delete-machine", id: saved.id })).toBe(200);
    for (const url of [b.url, overlay.url, processVideo.url]) await expectGone(url);
    // Steps are a library: the machine's step and its picture remain.
    await expectKept(stepImage2.url);
  });

  it("a category's picture, replaced and then deleted", async () => {
    const first = await storePicture(app, "machine-category-images", "category", "#666666");
    const second = await storePicture(app, "machine-category-images", "category", "#777777");
    const category = await insertCategory(app.db(), { nom: "Catégorie médias", image: first.url });
    await resize(first.url);
    const save = { intent: "save-category", id: category.id, category: { nom: "Catégorie médias", image: second.url } };
    expect(await postMachines(save)).toBe(200);
    await expectGone(first.url);
    await resize(second.url);
    expect(await postMachines({ intent: "delete-category", id: category.id })).toBe(200);
    await expectGone(second.url);
  });

  it("a step's media, replaced and then deleted", async () => {
    const picture = await storePicture(app, "machine-step-images", "step", "#888888");
    const clip = await storeVideo(app, "machine-step-videos", "step-video");
    const fields = { numero: 1, titre: "Étape médias", description: "" };
    expect(
      await postMachines({ intent: "save-step", id: null, step: { ...fields, image: picture.url, video: null } }),
    ).toBe(200);
    const step = (await listSteps(app.db())).find((s) => s.titre === "Étape médias")!;
    await resize(picture.url);
    expect(
      await postMachines({ intent: "save-step", id: step.id, step: { ...fields, image: null, video: clip.url } }),
    ).toBe(200);
    await expectGone(picture.url);
    await expectKept(clip.url);
    expect(await postMachines({ intent: "delete-step", id: step.id })).toBe(200);
    await expectGone(clip.url);
  });

  it("keeps an object another record still names, and removes it with the last one", async () => {
    const shared = await storePicture(app, "product-images", "product", "#999999");
    const product = await insertProduct(app.db(), { nom: "Partagé", image: shared.url });
    const category = await insertCategory(app.db(), { nom: "Partage", image: shared.url });
    await resize(shared.url);
    expect((await postForm("/edit-products", { intent: "delete", id: product.id })).status).toBe(200);
    await expectKept(shared.url);
    expect(await exists(copiesDir(app, "product-images", shared.name))).toBe(true);
    expect(await postMachines({ intent: "delete-category", id: category.id })).toBe(200);
    await expectGone(shared.url);
  });
});

describe("the sweep of uploads no record kept", () => {
  let sweepApp: TestApp;
  beforeAll(async () => {
    sweepApp = await startTestApp();
  });
  afterAll(() => sweepApp?.close());

  const age = (bucket: Bucket, name: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    return utimes(objectPath(sweepApp, bucket, name), when, when);
  };

  it("removes an old unreferenced object with its copies; keeps recent, referenced and hero objects", async () => {
    const db = sweepApp.db();
    const orphan = await storePicture(sweepApp, "gallery-images", "gallery", "#123456");
    const recent = await storePicture(sweepApp, "product-images", "product", "#234567");
    const used = await storePicture(sweepApp, "machine-images", "machine", "#345678");
    const inLegacySteps = await storePicture(sweepApp, "machine-step-images", "step", "#456789");
    const hero = await storeVideo(sweepApp, "homepage-videos", "hero");
    await insertMachine(db, {
      nom: "Référence",
      description: "",
      images: [used.url],
      // Imported data: a list kept as JSON text.
      etapes_fonctionnement: JSON.stringify([{ titre: "Payer", image: inLegacySteps.url }]),
    });
    for (const [bucket, name] of [
      ["gallery-images", orphan.name],
      ["machine-images", used.name],
      ["machine-step-images", inLegacySteps.name],
      ["homepage-videos", hero.name],
    ] as const)
      await age(bucket, name, 2 * DAY);
    expect((await img(sweepApp, "gallery-images", orphan.name)).status).toBe(200);
    expect(await exists(copiesDir(sweepApp, "gallery-images", orphan.name))).toBe(true);
    const info = vi.spyOn(sweepApp.services.log, "info");

    const result = await sweepUnreferencedMedia(sweepApp.services);
    expect(result).toMatchObject({ ran: true, removed: [{ bucket: "gallery-images", name: orphan.name }] });
    expect(info).toHaveBeenCalledWith(
      expect.objectContaining({ removed: [`gallery-images/${orphan.name}`] }),
      expect.any(String),
    );
    expect(await sweepApp.services.storage.stat("gallery-images", orphan.name)).toBeNull();
    expect(await exists(copiesDir(sweepApp, "gallery-images", orphan.name))).toBe(false);
    expect((await img(sweepApp, "gallery-images", orphan.name)).status).toBe(404);
    for (const [bucket, name] of [
      ["product-images", recent.name],
      ["machine-images", used.name],
      ["machine-step-images", inLegacySteps.name],
      ["homepage-videos", hero.name],
    ] as const)
      expect(await sweepApp.services.storage.stat(bucket, name), name).not.toBeNull();

    // A day later (injected clock) the recent one is old enough; the referenced ones stay.
    const later = await sweepUnreferencedMedia(sweepApp.services, { now: new Date(Date.now() + DAY + 60_000) });
    expect(later.removed).toEqual([{ bucket: "product-images", name: recent.name }]);
    expect(await sweepApp.services.storage.stat("machine-images", used.name)).not.toBeNull();
    expect(await sweepApp.services.storage.stat("homepage-videos", hero.name)).not.toBeNull();
  });

  it("prunes resized copies whose object is gone, and the former flat cache files", async () => {
    const gone = await storePicture(sweepApp, "machine-images", "machine", "#56789a");
    await insertMachine(sweepApp.db(), { nom: "Copie", description: "", images: [gone.url] });
    expect((await img(sweepApp, "machine-images", gone.name)).status).toBe(200);
    // Removed outside this instance (another instance sharing the storage).
    await sweepApp.services.storage.delete("machine-images", gone.name);
    const legacy = join(sweepApp.services.config.dataDir, "cache", "img", `machine-images__${gone.name}__160.webp`);
    await mkdir(join(legacy, ".."), { recursive: true });
    await writeFile(legacy, "old");
    const result = await sweepUnreferencedMedia(sweepApp.services);
    expect(result.prunedCopies).toBe(1);
    expect(await exists(copiesDir(sweepApp, "machine-images", gone.name))).toBe(false);
    expect(await exists(legacy)).toBe(false);
  });

  it("runs at start through the scheduled job", async () => {
    const orphan = await storePicture(sweepApp, "machine-category-images", "category", "#6789ab");
    // A file's time can be a fraction of a millisecond ahead of Date.now(): older than "now" for sure.
    await age("machine-category-images", orphan.name, 1000);
    const job = startMediaSweep(sweepApp.services, { graceMs: 0 });
    await job.idle();
    await job.stop();
    expect(await sweepApp.services.storage.stat("machine-category-images", orphan.name)).toBeNull();
  });

  it("runs on one instance at a time (advisory lock), and again once it is free", async () => {
    const orphan = await storePicture(sweepApp, "gallery-images", "gallery", "#789abc");
    await age("gallery-images", orphan.name, 2 * DAY);
    if (TEST_DB === "postgres") {
      // Another instance's sweep in progress: its transaction holds the lock on another connection.
      const pool = (sweepApp.database.db as unknown as { $client: pg.Pool }).$client;
      const other = await pool.connect();
      try {
        await other.query("begin");
        await other.query("select pg_advisory_xact_lock($1)", [MEDIA_SWEEP_LOCK_ID]);
        expect(await sweepUnreferencedMedia(sweepApp.services)).toMatchObject({ ran: false, removed: [] });
        expect(await sweepApp.services.storage.stat("gallery-images", orphan.name)).not.toBeNull();
      } finally {
        await other.query("rollback");
        other.release();
      }
    }
    // The lock is the transaction's: a sweep that ended leaves it free for the next.
    expect(await sweepUnreferencedMedia(sweepApp.services)).toMatchObject({
      ran: true,
      removed: [{ bucket: "gallery-images", name: orphan.name }],
    });
    expect((await sweepUnreferencedMedia(sweepApp.services)).ran).toBe(true);
  });
});

describe("/media serves only the picture and video types the site accepts", () => {
  it("answers 404 for an object with another extension planted directly in storage", async () => {
    const page = Buffer.from("<!doctype html><script>alert(document.domain)</script>");
    for (const name of ["plante-1.html", "plante-1.js", "plante-1.svg", "plante-1.txt", "plante-1"]) {
      await mkdir(join(app.services.storage.localRoot!, "product-images"), { recursive: true });
      await writeFile(objectPath(app, "product-images", name), page);
      const response = await app.fetch(`/media/product-images/${name}`);
      expect(response.status, name).toBe(404);
      expect(response.headers.get("content-type"), name).toMatch(/^text\/plain/);
      // The storage itself neither lists, reads nor writes such a name.
      expect(await app.services.storage.stat("product-images", name), name).toBeNull();
      await expect(app.services.storage.put("product-images", name, page, "text/html"), name).rejects.toThrow(
        /Invalid object name/,
      );
    }
    expect((await app.services.storage.list("product-images", Infinity)).map((o) => o.name)).not.toContain(
      "plante-1.html",
    );
  });

  it("serves a picture with its stored type and nosniff, even when its bytes are HTML", async () => {
    const { name } = await storePicture(app, "product-images", "vraie");
    const real = await app.fetch(`/media/product-images/${name}`);
    expect(real.status).toBe(200);
    expect(real.headers.get("content-type")).toBe("image/png");
    expect(real.headers.get("x-content-type-options")).toBe("nosniff");
    // Bytes put on disk by hand under a picture's name: still a picture's type, never sniffed as a page.
    await writeFile(objectPath(app, "product-images", "deguise-1.png"), "<!doctype html><script>alert(1)</script>");
    const planted = await app.fetch("/media/product-images/deguise-1.png");
    expect(planted.headers.get("content-type")).toBe("image/png");
    expect(planted.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses to store an object whose Content-Type is not its name's", async () => {
    await expect(app.services.storage.put("product-images", "faux-2.png", await png(), "text/html")).rejects.toThrow(
      /does not match/,
    );
    await expect(
      app.services.storage.putNew("product-images", "faux", "svg", Buffer.from("<svg/>"), "image/svg+xml"),
    ).rejects.toThrow(/Invalid object name/);
  });
});

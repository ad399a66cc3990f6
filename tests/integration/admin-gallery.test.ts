// /edit-gallery through the built app: add photos from the upload pipeline, featured limit of 6 held on
// the server, reorder, delete removing the stored file, and every mutation guarded.
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertPhoto, listPhotos } from "../../server/data/gallery-photos";
import { galleryPhotos } from "../../server/db/schema";
import { startSignedInApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

type Fields = Record<string, string | string[]>;
function post(fields: Fields, signedIn = true) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields))
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, v);
  return app.fetch("/edit-gallery", { method: "POST", body, headers: signedIn ? { cookie } : {} });
}

async function uploadPhoto(color = "#1f3a33"): Promise<{ url: string; name: string }> {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "realisation.png");
  const response = await app.fetch("/api/upload/gallery-images", { method: "POST", body: form, headers: { cookie } });
  expect(response.status).toBe(201);
  return (await response.json()) as { url: string; name: string };
}

const photos = () => listPhotos(app.db());
const featuredCount = async () => (await photos()).filter((p) => p.is_featured).length;

describe("gallery photos through /edit-gallery", () => {
  it("adds an uploaded photo named 'Photo {timestamp}', not featured, with ordre 0, first in the list", async () => {
    const older = await insertPhoto(app.db(), {
      nom: "Ancienne",
      image_url: "/media/gallery-images/ancienne.webp",
      ordre: 0,
    });
    const { url } = await uploadPhoto();
    const before = Date.now();
    expect((await post({ intent: "add", image_url: url })).status).toBe(200);
    const list = await photos();
    expect(list[0]).toMatchObject({ image_url: url, is_featured: false, ordre: 0 });
    expect(list[0]!.nom).toMatch(/^Photo \d{13}$/);
    expect(Number(list[0]!.nom.slice(6))).toBeGreaterThanOrEqual(before - 1000);
    expect(list.find((p) => p.id === older.id)!.ordre).toBe(1);
  });

  it("adds several photos at once and refuses URLs that are not gallery uploads", async () => {
    const a = await uploadPhoto("#5a1f2b");
    const b = await uploadPhoto("#172a44");
    expect((await post({ intent: "add", image_url: [a.url, b.url] })).status).toBe(200);
    expect((await photos()).slice(0, 2).map((p) => p.image_url)).toEqual([a.url, b.url]);
    const count = (await photos()).length;
    for (const bad of [
      "/media/product-images/product-1.png",
      "javascript:alert(1)",
      "https://evil.example/a.png",
      "/media/gallery-images/../x.png",
    ]) {
      expect((await post({ intent: "add", image_url: bad })).status, bad).toBe(400);
    }
    expect((await post({ intent: "add" })).status).toBe(400);
    expect((await photos()).length).toBe(count);
  });

  it("features up to 6 photos and refuses a seventh on the server (409), then allows it after unfeaturing", async () => {
    while ((await photos()).length < 8)
      await insertPhoto(app.db(), { nom: "Extra", image_url: "/media/gallery-images/extra.webp" });
    const list = await photos();
    for (const photo of list.slice(0, 6)) {
      expect((await post({ intent: "feature", id: photo.id, featured: "true" })).status).toBe(200);
    }
    expect(await featuredCount()).toBe(6);
    const seventh = list[6]!;
    expect((await post({ intent: "feature", id: seventh.id, featured: "true" })).status).toBe(409);
    expect(await featuredCount()).toBe(6);
    // Featuring one that already is stays fine at the limit.
    expect((await post({ intent: "feature", id: list[0]!.id, featured: "true" })).status).toBe(200);

    expect((await post({ intent: "feature", id: list[0]!.id, featured: "false" })).status).toBe(200);
    expect(await featuredCount()).toBe(5);
    expect((await post({ intent: "feature", id: seventh.id, featured: "true" })).status).toBe(200);
    expect(await featuredCount()).toBe(6);
  });

  it("holds the limit when two featuring requests race", async () => {
    const list = await photos();
    const featured = list.filter((p) => p.is_featured);
    await post({ intent: "feature", id: featured[0]!.id, featured: "false" });
    const candidates = list.filter((p) => !p.is_featured).slice(0, 2);
    const answers = await Promise.all(candidates.map((p) => post({ intent: "feature", id: p.id, featured: "true" })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await featuredCount()).toBe(6);
  });

  it("answers 404 for a photo that does not exist and 400 for a malformed request", async () => {
    expect(
      (await post({ intent: "feature", id: "00000000-0000-4000-8000-000000000000", featured: "true" })).status,
    ).toBe(404);
    const unfeature = await post({ intent: "feature", id: "00000000-0000-4000-8000-000000000000", featured: "false" });
    expect(unfeature.status).toBe(404);
    expect((await post({ intent: "feature", id: "x", featured: "true" })).status).toBe(400);
    expect((await post({ intent: "feature", id: (await photos())[0]!.id, featured: "oui" })).status).toBe(400);
  });

  it("saves a new order in ordre, and refuses a stale or duplicated list", async () => {
    const list = await photos();
    const reversed = list.map((p) => p.id).reverse();
    expect((await post({ intent: "reorder", ids: reversed })).status).toBe(200);
    const rows = await app.db().select().from(galleryPhotos).orderBy(asc(galleryPhotos.ordre));
    expect(rows.map((p) => p.id)).toEqual(reversed);
    expect(rows.map((p) => p.ordre)).toEqual(reversed.map((_, i) => i));

    expect((await post({ intent: "reorder", ids: reversed.slice(1) })).status).toBe(409);
    expect((await post({ intent: "reorder", ids: [...reversed.slice(1), reversed[1]!] })).status).toBe(400);
    expect((await photos()).map((p) => p.id)).toEqual(reversed);
  });

  it("deletes a photo and its stored file", async () => {
    const { url, name } = await uploadPhoto("#3d5a47");
    await post({ intent: "add", image_url: url });
    const photo = (await photos()).find((p) => p.image_url === url)!;
    expect(await app.services.storage.read("gallery-images", name)).not.toBeNull();
    expect((await post({ intent: "delete", id: photo.id })).status).toBe(200);
    expect(await app.db().select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toHaveLength(0);
    expect(await app.services.storage.read("gallery-images", name)).toBeNull();
    expect((await post({ intent: "delete", id: photo.id })).status).toBe(404);
  });

  it("keeps a stored file that another photo still shows", async () => {
    const { url, name } = await uploadPhoto("#85601f");
    await post({ intent: "add", image_url: [url, url] });
    const twins = (await photos()).filter((p) => p.image_url === url);
    expect(twins).toHaveLength(2);
    await post({ intent: "delete", id: twins[0]!.id });
    expect(await app.services.storage.read("gallery-images", name)).not.toBeNull();
    await post({ intent: "delete", id: twins[1]!.id });
    expect(await app.services.storage.read("gallery-images", name)).toBeNull();
  });
});

describe("guarded gallery mutations", () => {
  it("answer 401 without the admin session and change nothing", async () => {
    const { url } = await uploadPhoto();
    const before = await photos();
    const target = before.find((p) => !p.is_featured) ?? before[0]!;
    const attempts: Fields[] = [
      { intent: "add", image_url: url },
      { intent: "feature", id: target.id, featured: String(!target.is_featured) },
      { intent: "reorder", ids: before.map((p) => p.id).reverse() },
      { intent: "delete", id: target.id },
    ];
    for (const fields of attempts) {
      expect((await post(fields, false)).status, String(fields.intent)).toBe(401);
    }
    expect(await photos()).toEqual(before);
    expect((await app.fetch("/edit-gallery")).status).toBe(404);
  });

  it("shows the photos to the admin", async () => {
    const response = await app.fetch("/edit-gallery", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Galerie Photos");
    expect(html).toMatch(/6 \/ 6/);
  });
});

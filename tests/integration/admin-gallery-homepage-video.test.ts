// The homepage video from the staff panel (/edit): uploaded through the pipeline into homepage-videos,
// the newest one is the hero; replacing keeps only the new one; removing empties the bucket.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSignedInApp, type TestApp } from "../support/server";
import { toFormData } from "../../app/lib/form-values";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** The first bytes of an MP4 ('ftyp' box, isom brand): enough for the type check. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(2048, 1)]);
/** The first bytes of a WebM (EBML header). */
const webm = () => Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(2048, 2)]);

async function uploadVideo(data: Buffer, name: string, withCookie = true) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type: "video/mp4" }), name);
  return app.fetch("/api/upload/homepage-videos", {
    method: "POST",
    body: form,
    headers: withCookie ? { cookie } : {},
  });
}

/** Posts one intent as the panel's fetchers do; its status and answer (the toasts' texts are in it). */
async function post(fields: Record<string, string>, signedIn = true) {
  const response = await app.fetch("/edit.data", {
    method: "POST",
    body: toFormData(fields),
    headers: signedIn ? { cookie } : {},
  });
  return { status: response.status, text: await response.text() };
}

const videos = () => app.services.storage.list("homepage-videos", 100);

describe("homepage video", () => {
  it("stores an uploaded video as 'hero-{timestamp}.{ext}' and shows it on the panel", async () => {
    const response = await uploadVideo(mp4(), "accueil.mov");
    expect(response.status).toBe(201);
    const { name, url } = (await response.json()) as { name: string; url: string };
    expect(name).toMatch(/^hero-\d{13}\.mp4$/);
    expect((await post({ intent: "video-uploaded", name })).status).toBe(200);
    const html = await (await app.fetch("/edit", { headers: { cookie } })).text();
    expect(html).toContain(url);
    expect(html).toContain("Vidéo d&#x27;accueil");
  });

  it("replacing keeps only the newest video, which the home reads first", async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const { name } = (await (await uploadVideo(webm(), "nouvelle.webm")).json()) as { name: string };
    expect(name).toMatch(/^hero-\d{13}\.webm$/);
    expect((await app.services.storage.list("homepage-videos", 1))[0]?.name).toBe(name);
    expect((await post({ intent: "video-uploaded", name })).status).toBe(200);
    expect((await videos()).map((v) => v.name)).toEqual([name]);
  });

  it("refuses a name that is not a stored video, and unknown intents", async () => {
    for (const name of ["../../etc/passwd", "hero-1.mp4", ""]) {
      const refused = await post({ intent: "video-uploaded", name });
      expect(refused.status, name).toBe(400);
      expect(refused.text).toContain("La vidéo n'a pas pu être mise en place.");
    }
    expect((await post({ intent: "vider-tout" })).status).toBe(400);
    expect(await videos()).toHaveLength(1);
  });

  it("guards every change: 401 without the session, nothing stored or removed", async () => {
    expect((await uploadVideo(mp4(), "intrus.mp4", false)).status).toBe(401);
    expect((await post({ intent: "delete-video" }, false)).status).toBe(401);
    expect(await videos()).toHaveLength(1);
    expect((await app.fetch("/edit")).status).toBe(404);
  });

  it("removing deletes the video, and the panel then offers to add one", async () => {
    const removed = await post({ intent: "delete-video" });
    expect(removed.status).toBe(200);
    expect(removed.text).toContain("Vidéo retirée");
    expect(removed.text).toContain("L'accueil affiche maintenant le fond dégradé.");
    expect(await videos()).toHaveLength(0);
    const html = await (await app.fetch("/edit", { headers: { cookie } })).text();
    expect(html).toContain("Aucune vidéo");
    expect(html).toContain("Ajouter une vidéo");
  });

  it("shows the panel's five cards, each a link", async () => {
    const html = await (await app.fetch("/edit", { headers: { cookie } })).text();
    for (const text of [
      "Éditer les Produits",
      "Éditer les Machines",
      "Galerie Photos",
      "Demandes de contact",
      "Éditer les Pages",
    ]) {
      expect(html).toContain(text);
    }
    for (const href of ["/edit-products", "/edit-machines", "/edit-gallery", "/edit-demandes", "/edit-pages"])
      expect(html).toContain(`href="${href}"`);
    expect(html).not.toContain("Bientôt disponible");
  });
});

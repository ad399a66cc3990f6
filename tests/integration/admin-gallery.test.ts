// /edit-gallery through the built app, every intent posted as the page's forms post it (fields named by
// their paths, a data request; a document post for the forms that work before the app has started):
// add photos with their descriptions, describe, feature (6 at most, held on the server), reorder,
// delete (the stored file goes too); the answers carry the French toasts; the public gallery and the
// home read the descriptions back as their pictures' alt; every mutation guarded.
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPhoto, insertPhoto, listPhotos } from "../../app/features/gallery/store.server";
import { galleryPhotos } from "../../server/db/schema";
import { documentPost as postAsDocument } from "../support/document-post";
import { startSignedInApp, type TestApp } from "../support/server";
import { toFormData } from "../../app/lib/form-values";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** Posts one intent as the page's fetchers do; its status and answer (the toasts' texts are in it). */
async function post(payload: Record<string, unknown>, signedIn = true) {
  const response = await app.fetch("/edit-gallery.data", {
    method: "POST",
    body: toFormData(payload),
    headers: signedIn ? { cookie } : {},
  });
  return { status: response.status, text: await response.text() };
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
const photoOf = async (url: string) => (await photos()).find((p) => p.image_url === url)!;

const decode = (text: string) =>
  text
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/** The alt of each gallery picture a page shows, by its stored file name. */
async function altsOn(path: string): Promise<Map<string, string>> {
  const html = await (await app.fetch(path)).text();
  const alts = new Map<string, string>();
  for (const [tag] of html.matchAll(/<img\b[^>]*>/g)) {
    const file = /\ssrc="\/img\/gallery-images\/([^"?]+)/.exec(tag)?.[1];
    const alt = /\salt="([^"]*)"/.exec(tag)?.[1];
    if (file && alt !== undefined) alts.set(file, decode(alt));
  }
  return alts;
}

const DESCRIPTION = "Distributrice de cafés dans la salle de pause d'un bureau de Lévis";

describe("adding photos with their descriptions", () => {
  it("adds an uploaded photo with its description, named 'Photo {timestamp}', not featured, first in the list", async () => {
    const older = await insertPhoto(app.db(), {
      nom: "Ancienne",
      image_url: "/media/gallery-images/ancienne.webp",
      ordre: 0,
    });
    const { url, name } = await uploadPhoto();
    const before = Date.now();
    const added = await post({ intent: "add", photos: [{ image_url: url, alt: DESCRIPTION }] });
    expect(added.status).toBe(200);
    expect(added.text).toContain("Succès");
    expect(added.text).toContain("Photo ajoutée à la galerie.");
    const list = await photos();
    expect(list[0]).toMatchObject({ image_url: url, alt: DESCRIPTION, is_featured: false, ordre: 0 });
    expect(list[0]!.nom).toMatch(/^Photo \d{13}$/);
    expect(Number(list[0]!.nom.slice(6))).toBeGreaterThanOrEqual(before - 1000);
    expect(list.find((p) => p.id === older.id)!.ordre).toBe(1);
    expect((await altsOn("/galerie")).get(name)).toBe(DESCRIPTION);
  });

  it("adds several photos at once, each with its own description kept on one line", async () => {
    const a = await uploadPhoto("#5a1f2b");
    const b = await uploadPhoto("#172a44");
    const added = await post({
      intent: "add",
      photos: [
        { image_url: a.url, alt: "  Hall   d'entrée\n du siège social  " },
        { image_url: b.url, alt: "é".repeat(160) },
      ],
    });
    expect(added.status).toBe(200);
    expect(added.text).toContain("2 photos ajoutées à la galerie.");
    expect((await photos()).slice(0, 2).map((p) => [p.image_url, p.alt])).toEqual([
      [a.url, "Hall d'entrée du siège social"],
      [b.url, "é".repeat(160)],
    ]);
    const alts = await altsOn("/galerie");
    expect(alts.get(a.name)).toBe("Hall d'entrée du siège social");
  });

  it("refuses a missing, blank or over-long description in French, and adds none of the batch", async () => {
    const { url } = await uploadPhoto("#3d5a47");
    const other = await uploadPhoto("#2b3440");
    const count = (await photos()).length;
    for (const [photo, message] of [
      [{ image_url: url }, "Décrivez la photo en quelques mots."],
      [{ image_url: url, alt: " \n " }, "Décrivez la photo en quelques mots."],
      [{ image_url: url, alt: "a".repeat(161) }, "La description ne peut pas dépasser 160 caractères."],
    ] as const) {
      const refused = await post({ intent: "add", photos: [{ image_url: other.url, alt: "Bonne" }, photo] });
      expect(refused.status, JSON.stringify(photo)).toBe(400);
      expect(refused.text).toContain("Erreur lors du téléchargement");
      expect(refused.text).toContain(message);
      // The error is keyed by the field that caused it.
      expect(refused.text).toContain("photos.1.alt");
    }
    expect((await photos()).length).toBe(count);
  });

  it("refuses URLs that are not gallery uploads, and an empty batch", async () => {
    const count = (await photos()).length;
    for (const bad of [
      "/media/product-images/product-1.png",
      "javascript:alert(1)",
      "https://evil.example/a.png",
      "/media/gallery-images/../x.png",
    ]) {
      const refused = await post({ intent: "add", photos: [{ image_url: bad, alt: "Photo" }] });
      expect(refused.status, bad).toBe(400);
      expect(refused.text).toContain("Les photos n'ont pas pu être ajoutées. Veuillez réessayer.");
    }
    expect((await post({ intent: "add" })).status).toBe(400);
    expect((await photos()).length).toBe(count);
  });
});

describe("describing a photo", () => {
  it("saves a new description, which the gallery, and the home once featured, give as the picture's alt", async () => {
    const { url, name } = await uploadPhoto("#85601f");
    await post({ intent: "add", photos: [{ image_url: url, alt: "Première description" }] });
    const photo = await photoOf(url);
    const saved = await post({
      intent: "describe",
      id: photo.id,
      alt: "  Distributrice de collations, gym de Québec ",
    });
    expect(saved.status).toBe(200);
    expect(saved.text).toContain("Description de la photo enregistrée.");
    expect((await getPhoto(app.db(), photo.id))!.alt).toBe("Distributrice de collations, gym de Québec");
    expect((await altsOn("/galerie")).get(name)).toBe("Distributrice de collations, gym de Québec");

    // Room for one more featured photo, then it shows on the home with its description.
    const featured = (await photos()).filter((p) => p.is_featured);
    if (featured.length >= 6) await post({ intent: "feature", id: featured[0]!.id, featured: "false" });
    expect((await post({ intent: "feature", id: photo.id, featured: "true" })).status).toBe(200);
    expect((await altsOn("/")).get(name)).toBe("Distributrice de collations, gym de Québec");
  });

  it("refuses a missing, blank or over-long description in French and changes nothing", async () => {
    const { url } = await uploadPhoto("#b8893b");
    await post({ intent: "add", photos: [{ image_url: url, alt: "Avant" }] });
    const photo = await photoOf(url);
    for (const [alt, message] of [
      [undefined, "Décrivez la photo en quelques mots."],
      ["   ", "Décrivez la photo en quelques mots."],
      ["b".repeat(161), "La description ne peut pas dépasser 160 caractères."],
    ] as const) {
      const refused = await post({ intent: "describe", id: photo.id, alt });
      expect(refused.status, String(alt)).toBe(400);
      expect(refused.text).toContain("Erreur lors de la modification");
      expect(refused.text).toContain(message);
    }
    expect((await getPhoto(app.db(), photo.id))!.alt).toBe("Avant");
    const gone = await post({ intent: "describe", id: randomUUID(), alt: "Nouvelle" });
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("Cette photo n'existe plus. La liste est à jour.");
  });

  it("a photo without a description keeps its derived text: its real name, else its place in the series", async () => {
    const named = await insertPhoto(app.db(), {
      nom: "Café du bureau, Lévis",
      image_url: "/media/gallery-images/nommee.webp",
    });
    await insertPhoto(app.db(), { nom: "Photo 1732100000000", image_url: "/media/gallery-images/anonyme.webp" });
    expect(named.alt).toBeNull();
    const alts = await altsOn("/galerie");
    expect(alts.get("nommee.webp")).toBe("Café du bureau, Lévis");
    const list = await photos();
    const place = list.findIndex((p) => p.image_url.endsWith("/anonyme.webp"));
    expect(alts.get("anonyme.webp")).toBe(
      `Distributrice installée chez un client, photo ${place + 1} sur ${list.length}`,
    );
  });
});

describe("featuring, ordering and deleting", () => {
  it("features up to 6 photos and refuses a seventh on the server (409), then allows it after unfeaturing", async () => {
    while ((await photos()).length < 8)
      await insertPhoto(app.db(), { nom: "Extra", image_url: "/media/gallery-images/extra.webp" });
    for (const photo of (await photos()).filter((p) => p.is_featured))
      await post({ intent: "feature", id: photo.id, featured: "false" });
    const list = await photos();
    for (const photo of list.slice(0, 6)) {
      const done = await post({ intent: "feature", id: photo.id, featured: "true" });
      expect(done.status).toBe(200);
      expect(done.text).toContain("Photo mise en vedette sur l'accueil.");
    }
    expect(await featuredCount()).toBe(6);
    const seventh = list[6]!;
    const refused = await post({ intent: "feature", id: seventh.id, featured: "true" });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("Erreur lors de la modification");
    expect(refused.text).toContain("Déjà 6 photos en vedette\u00a0: retirez-en une avant d'en ajouter une autre.");
    expect(await featuredCount()).toBe(6);
    // Featuring one that already is stays fine at the limit.
    expect((await post({ intent: "feature", id: list[0]!.id, featured: "true" })).status).toBe(200);

    const off = await post({ intent: "feature", id: list[0]!.id, featured: "false" });
    expect(off.status).toBe(200);
    expect(off.text).toContain("Photo retirée de la vedette.");
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
    const missing = "00000000-0000-4000-8000-000000000000";
    const feature = await post({ intent: "feature", id: missing, featured: "true" });
    expect(feature.status).toBe(404);
    expect(feature.text).toContain("Cette photo n'existe plus. La liste est à jour.");
    expect((await post({ intent: "feature", id: missing, featured: "false" })).status).toBe(404);
    const malformed = await post({ intent: "feature", id: "x", featured: "true" });
    expect(malformed.status).toBe(400);
    expect(malformed.text).toContain("Veuillez réessayer.");
    expect((await post({ intent: "feature", id: (await photos())[0]!.id, featured: "oui" })).status).toBe(400);
  });

  it("saves a new order in ordre, and refuses a stale or duplicated list", async () => {
    const list = await photos();
    const reversed = list.map((p) => p.id).reverse();
    expect((await post({ intent: "reorder", ids: reversed })).status).toBe(200);
    const rows = await app.db().select().from(galleryPhotos).orderBy(asc(galleryPhotos.ordre));
    expect(rows.map((p) => p.id)).toEqual(reversed);
    expect(rows.map((p) => p.ordre)).toEqual(reversed.map((_, i) => i));

    const stale = await post({ intent: "reorder", ids: reversed.slice(1) });
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("La galerie a changé entre-temps\u00a0: la liste est à jour, réessayez.");
    const twice = await post({ intent: "reorder", ids: [...reversed.slice(1), reversed[1]!] });
    expect(twice.status).toBe(400);
    expect(twice.text).toContain("L'ordre n'a pas pu être enregistré.");
    expect((await photos()).map((p) => p.id)).toEqual(reversed);
  });

  it("deletes a photo and its stored file", async () => {
    const { url, name } = await uploadPhoto("#3d5a47");
    await post({ intent: "add", photos: [{ image_url: url, alt: "À supprimer" }] });
    const photo = await photoOf(url);
    expect(await app.services.storage.read("gallery-images", name)).not.toBeNull();
    const deleted = await post({ intent: "delete", id: photo.id });
    expect(deleted.status).toBe(200);
    expect(deleted.text).toContain("Photo supprimée.");
    expect(await app.db().select().from(galleryPhotos).where(eq(galleryPhotos.id, photo.id))).toHaveLength(0);
    expect(await app.services.storage.read("gallery-images", name)).toBeNull();
    const again = await post({ intent: "delete", id: photo.id });
    expect(again.status).toBe(404);
    expect(again.text).toContain("Erreur lors de la suppression");
  });

  it("keeps a stored file that another photo still shows", async () => {
    const { url, name } = await uploadPhoto("#85601f");
    await post({
      intent: "add",
      photos: [
        { image_url: url, alt: "Jumelle 1" },
        { image_url: url, alt: "Jumelle 2" },
      ],
    });
    const twins = (await photos()).filter((p) => p.image_url === url);
    expect(twins).toHaveLength(2);
    await post({ intent: "delete", id: twins[0]!.id });
    expect(await app.services.storage.read("gallery-images", name)).not.toBeNull();
    await post({ intent: "delete", id: twins[1]!.id });
    expect(await app.services.storage.read("gallery-images", name)).toBeNull();
  });

  it("refuses unknown intents and bodies that are not forms", async () => {
    const unknown = await post({ intent: "vider-tout" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Erreur lors de la modification");
    const json = await app.fetch("/edit-gallery.data", {
      method: "POST",
      body: JSON.stringify({ intent: "delete", id: (await photos())[0]!.id }),
      headers: { "content-type": "application/json", cookie },
    });
    expect(json.status).toBe(400);
  });
});

describe("forms posted before the app has started (document posts)", () => {
  it("a description saved without the app's script comes back to the gallery screen with its toast", async () => {
    const photo = (await photos())[0]!;
    const saved = await documentPost("/edit-gallery", { intent: "describe", id: photo.id, alt: "Décrite sans script" });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/edit-gallery");
    expect(saved.flash).toContain("flash=");
    expect((await getPhoto(app.db(), photo.id))!.alt).toBe("Décrite sans script");
    const page = await app.fetch("/edit-gallery", { headers: { cookie: `${cookie}; ${saved.flash}` } });
    expect(await page.text()).toContain("Description de la photo enregistrée.");

    const refused = await documentPost("/edit-gallery", { intent: "describe", id: photo.id, alt: "" });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/edit-gallery");
    const back = await app.fetch("/edit-gallery", { headers: { cookie: `${cookie}; ${refused.flash}` } });
    expect(await back.text()).toContain("Décrivez la photo en quelques mots.");
    expect((await getPhoto(app.db(), photo.id))!.alt).toBe("Décrite sans script");
  });

  it("the featured switch works without the app's script", async () => {
    const photo = (await photos()).find((p) => p.is_featured)!;
    const off = await documentPost("/edit-gallery", { intent: "feature", id: photo.id, featured: "false" });
    expect(off.status).toBe(302);
    expect((await getPhoto(app.db(), photo.id))!.is_featured).toBe(false);
    const page = await app.fetch("/edit-gallery", { headers: { cookie: `${cookie}; ${off.flash}` } });
    expect(await page.text()).toContain("Photo retirée de la vedette.");
  });
});

describe("guarded gallery mutations", () => {
  it("answer 401 without the admin session and change nothing", async () => {
    const { url } = await uploadPhoto();
    const before = await photos();
    const target = before.find((p) => !p.is_featured) ?? before[0]!;
    const attempts: Record<string, unknown>[] = [
      { intent: "add", photos: [{ image_url: url, alt: "Intrus" }] },
      { intent: "describe", id: target.id, alt: "Piratée" },
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

  it("shows the photos and their descriptions to the admin", async () => {
    const response = await app.fetch("/edit-gallery", { headers: { cookie } });
    expect(response.status).toBe(200);
    const html = decode(await response.text());
    expect(html).toContain("Galerie Photos");
    expect(html).toContain("Décrite sans script");
    expect(html).toContain("Description de la photo");
  });
});

const documentPost = (path: string, fields: Record<string, unknown>) =>
  postAsDocument(app.url, path, cookie, toFormData(fields));

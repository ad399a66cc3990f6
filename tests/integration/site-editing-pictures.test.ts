// The pages' pictures edited in /edit-pages, through the built app on PGlite and PostgreSQL: a page
// picture and a share picture reach the public page's HTML (the <img> and its alt, og:image as an
// absolute address and og:image:alt); a draft picture is seen in the staff's preview only; a picture
// that is not one of ours, or no longer stored, is refused with a French message; and every picture a
// document names (published, draft, kept version) is a media reference the sweep keeps.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_FIELDS, type SitePage } from "../../app/features/site-texts/site-texts";
import { ensureSiteTexts, readPageTexts } from "../../app/features/site-texts/store.server";
import { referencedMediaKeys } from "../../server/media/references";
import { sweepUnreferencedMedia } from "../../server/media/sweep";
import { TEST_DB } from "../support/db";
import { startSignedInApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  ({ app, cookie } = await startSignedInApp());
  await ensureSiteTexts(app.db(), app.services.config.site);
}, 60_000);
afterAll(() => app?.close());

const DAY = 24 * 60 * 60 * 1000;

/** A picture stored as the editor's upload field stores it: its object name and its address. */
async function storePicture(color: string) {
  const body = await sharp({ create: { width: 120, height: 80, channels: 3, background: color } })
    .png()
    .toBuffer();
  const name = await app.services.storage.putNew("gallery-images", "gallery", "png", body, "image/png");
  return { name, url: app.services.storage.publicUrl("gallery-images", name) };
}

const state = (page: SitePage) => readPageTexts(app.db(), page, app.services.config.site);

/** The editor's form for one document: its current values with `changes` over them. */
async function send(page: SitePage, intent: "draft" | "publish", changes: Record<string, string>) {
  const { published } = await state(page);
  const body = new URLSearchParams({ intent, page });
  for (const { key } of PAGE_FIELDS[page]) body.set(key, changes[key] ?? published[key] ?? "");
  const response = await app.fetch("/edit-pages.data", { method: "POST", body, headers: { cookie } });
  return { status: response.status, text: await response.text() };
}

async function html(path: string, headers: Record<string, string> = {}) {
  return (await app.fetch(path, { headers })).text();
}

const meta = (page: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"/>`).exec(page)?.[1];

describe(`pages' pictures on ${TEST_DB}`, () => {
  it("a page picture and a share picture reach the public page: <img alt>, og:image and og:image:alt", async () => {
    const hero = await storePicture("#1f3a33");
    const share = await storePicture("#b8893b");
    const before = await html("/");
    expect(before).not.toContain('data-testid="hero-picture"');
    expect(meta(before, "og:image")).toMatch(/\/share\.png$/);

    const { status, text } = await send("home", "publish", {
      heroImage: hero.url,
      heroImageAlt: "Une distributrice vitrée dans un hall lumineux",
      seoImage: share.url,
      seoImageAlt: "Une distributrice dorée sur fond sombre",
    });
    expect(status, text).toBe(200);
    expect(text).toMatch(/En-tête\s:\sImage, Description de l'image/);

    const page = await html("/");
    const img = /<img[^>]*data-testid="hero-picture"[^>]*>/.exec(page)?.[0] ?? "";
    expect(img).toContain('alt="Une distributrice vitrée dans un hall lumineux"');
    expect(img).toContain(`/img/gallery-images/${hero.name}?w=`);
    const origin = app.services.config.site.publicUrl;
    expect(meta(page, "og:image")).toBe(`${origin}${share.url}`);
    expect(meta(page, "twitter:image")).toBe(`${origin}${share.url}`);
    expect(meta(page, "og:image:alt")).toBe("Une distributrice dorée sur fond sombre");
    expect(meta(page, "twitter:image:alt")).toBe("Une distributrice dorée sur fond sombre");

    // Emptied, the page shows today's pictures again.
    expect(
      (await send("home", "publish", { heroImage: "", heroImageAlt: "", seoImage: "", seoImageAlt: "" })).status,
    ).toBe(200);
    const back = await html("/");
    expect(back).not.toContain('data-testid="hero-picture"');
    expect(meta(back, "og:image")).toBe(`${origin}/share.png`);
  });

  it("every page takes its own share picture", async () => {
    const share = await storePicture("#345678");
    const origin = app.services.config.site.publicUrl;
    for (const [page, path] of [
      ["offer", "/notre-offre"],
      ["contact", "/contact"],
      ["confirmation", "/confirmation"],
    ] as const) {
      const alt = `Partage de ${path}`;
      expect((await send(page, "publish", { seoImage: share.url, seoImageAlt: alt })).status, page).toBe(200);
      const shown = await html(path);
      expect(meta(shown, "og:image"), path).toBe(`${origin}${share.url}`);
      expect(meta(shown, "og:image:alt"), path).toBe(alt);
    }
  });

  it("a draft picture is seen in the staff's preview only, never by visitors", async () => {
    const draft = await storePicture("#5a2d82");
    const { status } = await send("home", "draft", {
      heroImage: draft.url,
      heroImageAlt: "Photo du brouillon",
      seoImage: draft.url,
      seoImageAlt: "Partage du brouillon",
    });
    expect(status).toBe(200);
    for (const path of ["/", "/?apercu=1"]) {
      const visitor = await html(path);
      expect(visitor, path).not.toContain(draft.name);
      expect(visitor, path).not.toContain("Photo du brouillon");
    }
    const preview = await html("/?apercu=1", { cookie });
    expect(preview).toContain('alt="Photo du brouillon"');
    expect(meta(preview, "og:image")).toContain(draft.name);
    expect((await state("home")).published.heroImage).not.toBe(draft.url);
  });

  it("refuses a picture that is not one of ours, or no longer stored, or undescribed, with French messages", async () => {
    const stored = await storePicture("#9a3b2c");
    const before = await state("about");
    const cases: [Record<string, string>, string, string][] = [
      [{ seoImage: "https://ailleurs.example/photo.png", seoImageAlt: "x" }, "seoImage", "n'est pas une image du site"],
      [{ seoImage: "javascript:alert(1)", seoImageAlt: "x" }, "seoImage", "n'est pas une image du site"],
      [{ seoImage: "/media/gallery-images/x.svg", seoImageAlt: "x" }, "seoImage", "n'est pas une image du site"],
      // The right shape, on another host: not the storage's own address.
      [
        { seoImage: `https://ailleurs.example/gallery-images/${stored.name}`, seoImageAlt: "x" },
        "seoImage",
        "n'est pas une image du site",
      ],
      [{ seoImage: "/media/gallery-images/gallery-1.png", seoImageAlt: "x" }, "seoImage", "n'est plus sur le site"],
      [{ seoImage: stored.url, seoImageAlt: "" }, "seoImageAlt", "Décrivez l'image"],
      [{ seoImage: stored.url, seoImageAlt: "x".repeat(161) }, "seoImageAlt", "161 caractères : 160 au plus."],
    ];
    for (const [changes, key, message] of cases) {
      for (const intent of ["draft", "publish"] as const) {
        const { status, text } = await send("about", intent, changes);
        expect(status, `${changes.seoImage} ${intent}`).toBe(400);
        expect(text).toContain(key);
        expect(text).toContain(message);
        expect(text).toContain("Corrigez les champs signalés");
      }
    }
    expect(await state("about")).toEqual(before);
  });

  it("every picture a document names is a media reference: the sweep keeps them, and removes the others", async () => {
    const first = await storePicture("#111111");
    const second = await storePicture("#222222");
    const drafted = await storePicture("#333333");
    const orphan = await storePicture("#444444");
    const alt = { seoImageAlt: "Image de partage" };
    expect((await send("contact", "publish", { seoImage: first.url, ...alt })).status).toBe(200);
    // The first one now lives only in the history, the draft's only in the draft.
    expect((await send("contact", "publish", { seoImage: second.url, ...alt })).status).toBe(200);
    expect((await send("contact", "draft", { seoImage: drafted.url, ...alt })).status).toBe(200);

    const keys = await referencedMediaKeys(app.db());
    for (const picture of [first, second, drafted])
      expect(keys, picture.name).toContain(`gallery-images/${picture.name}`);
    expect(keys).not.toContain(`gallery-images/${orphan.name}`);
    // Asked about these objects only (what removing a record's media asks), the same answer.
    const among = [first, orphan].map(({ name }) => ({ bucket: "gallery-images" as const, name }));
    expect([...(await referencedMediaKeys(app.db(), among))]).toEqual([`gallery-images/${first.name}`]);

    const swept = await sweepUnreferencedMedia(app.services, { now: new Date(Date.now() + 2 * DAY) });
    expect(swept.removed).toContainEqual({ bucket: "gallery-images", name: orphan.name });
    for (const picture of [first, second, drafted])
      expect(await app.services.storage.stat("gallery-images", picture.name), picture.name).not.toBeNull();

    // The version that held the first picture comes back with it.
    const versions = await app.db().query.siteTextVersions.findMany({
      where: (v, { eq }) => eq(v.page, "contact"),
      orderBy: (v, { desc }) => desc(v.published_at),
    });
    const older = versions.find((version) => version.texts.seoImage === first.url)!;
    const restore = await app.fetch("/edit-pages.data", {
      method: "POST",
      body: new URLSearchParams({ intent: "restore", page: "contact", version: older.id }),
      headers: { cookie },
    });
    expect(restore.status).toBe(200);
    expect(meta(await html("/contact"), "og:image")).toContain(first.name);
  });
});

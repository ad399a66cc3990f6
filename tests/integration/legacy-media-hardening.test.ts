// The legacy import as an attack: a CSV naming hosts the operator did not allow, a media base that
// redirects elsewhere, a folder with a symbolic link leading out, a polyglot named '.html'. Nothing is
// fetched from where the operator did not allow it, every refusal is reported with its file and line,
// and nothing is stored under a name its bytes disagree with. Local HTTP servers on 127.0.0.1 only.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importLegacy } from "../../server/data-transfer/legacy";
import { galleryPhotos } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

type Site = { server: Server; base: string; host: string; requested: string[] };

/** A local HTTP server answering `routes` (a body, or a redirect), recording every path asked. */
async function site(routes: Map<string, Buffer | { redirect: string }>): Promise<Site> {
  const requested: string[] = [];
  const server = createServer((req, res) => {
    requested.push(req.url ?? "");
    const route = routes.get(decodeURIComponent(req.url ?? ""));
    if (!route) return void res.writeHead(404).end("introuvable");
    if ("redirect" in route) return void res.writeHead(302, { location: route.redirect }).end();
    res.writeHead(200, { "content-type": "text/html" }).end(route);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base: `http://${host}`, host, requested };
}

const LEGACY_PATH = "/storage/v1/object/public";
const id = (n: number) => `66666666-6666-4666-8666-66666666660${n}`;

let app: TestApp;
let dir: string;
let allowed: Site;
let other: Site;
const allowedRoutes = new Map<string, Buffer | { redirect: string }>();
const otherRoutes = new Map<string, Buffer | { redirect: string }>();
let png: Buffer;
let polyglot: Buffer;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "legacy-hardening-"));
  png = await sharp({ create: { width: 20, height: 20, channels: 3, background: "#336699" } })
    .png()
    .toBuffer();
  const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#993366" } })
    .gif()
    .toBuffer();
  polyglot = Buffer.concat([gif, Buffer.from("<!doctype html><script>alert(document.domain)</script>")]);
  allowed = await site(allowedRoutes);
  other = await site(otherRoutes);
  app = await startTestApp();
});

afterAll(async () => {
  await app?.close();
  for (const s of [allowed, other]) await new Promise((resolve) => s?.server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A folder holding gallery_photos.csv with one row per image URL (lines 2, 3, …). */
async function csv(name: string, urls: string[]): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder);
  const rows = urls.map((url, i) => `${i + 1},${url},Photo ${i + 1},${id(i + 1)},false`);
  await writeFile(join(folder, "gallery_photos.csv"), ["ordre,image_url,nom,id,is_featured", ...rows].join("\n"));
  return folder;
}

const photoUrls = async () =>
  new Map((await app.db().select().from(galleryPhotos)).map((p) => [p.id, p.image_url] as const));

describe("the legacy import fetches only what the operator allowed", () => {
  it("fetches an allowed host's URLs, and reports without fetching a URL on any other host", async () => {
    allowedRoutes.set(`${LEGACY_PATH}/gallery-images/permis-1.png`, png);
    otherRoutes.set(`${LEGACY_PATH}/gallery-images/interne-1.png`, png);
    const folder = await csv("hosts", [
      `${allowed.base}${LEGACY_PATH}/gallery-images/permis-1.png`,
      `${other.base}${LEGACY_PATH}/gallery-images/interne-1.png`,
      `file:///etc${LEGACY_PATH}/gallery-images/passwd.png`,
    ]);
    const report = await importLegacy(app.services, folder, { allowHosts: [allowed.host] });
    expect(report.media).toEqual({ fetched: 1, alreadyHere: 0, failed: 2 });
    expect(other.requested).toEqual([]);
    expect(report.problems).toContainEqual({
      file: "gallery_photos.csv",
      line: 3,
      message: `media gallery-images/interne-1.png: not fetched: ${other.host} is not an allowed host (--media or --allow-host); placeholder kept`,
    });
    expect(report.problems.find((p) => p.line === 4)?.message).toMatch(/not an allowed host/);
    // Every row is imported, the refused ones with the placeholder.
    const urls = await photoUrls();
    expect(urls.get(id(1))).toBe("/media/gallery-images/permis-1.png");
    expect(urls.get(id(2))).toBe("/placeholder.svg");
    expect(urls.get(id(3))).toBe("/placeholder.svg");
  });

  it("follows a base's redirect within its origin, and reports one leading to another host", async () => {
    allowedRoutes.set("/base/gallery-images/deplace-1.png", { redirect: "/ailleurs/deplace-1.png" });
    allowedRoutes.set("/ailleurs/deplace-1.png", png);
    allowedRoutes.set("/base/gallery-images/fuite-1.png", { redirect: `${other.base}/cible.png` });
    otherRoutes.set("/cible.png", png);
    const folder = await csv("redirects", [
      `https://ancien.example${LEGACY_PATH}/gallery-images/deplace-1.png`,
      `https://ancien.example${LEGACY_PATH}/gallery-images/fuite-1.png`,
    ]);
    const report = await importLegacy(app.services, folder, { mediaBase: `${allowed.base}/base` });
    expect(report.media).toEqual({ fetched: 1, alreadyHere: 0, failed: 1 });
    expect(other.requested).toEqual([]);
    expect(report.problems).toContainEqual({
      file: "gallery_photos.csv",
      line: 3,
      message: `media gallery-images/fuite-1.png: redirected to ${other.host}, not an allowed host: not followed; placeholder kept`,
    });
    expect((await photoUrls()).get(id(1))).toBe("/media/gallery-images/deplace-1.png");
  });

  it("reads a local folder only below itself: no '..', no symbolic link leading out", async () => {
    const media = join(dir, "media");
    await mkdir(join(media, "gallery-images"), { recursive: true });
    await writeFile(join(media, "gallery-images", "ici-1.png"), png);
    const outside = join(dir, "secret");
    await mkdir(outside);
    await writeFile(join(outside, "cle.png"), png);
    await symlink(join(outside, "cle.png"), join(media, "gallery-images", "lien-1.png"));
    const folder = await csv("local", [
      `https://ancien.example${LEGACY_PATH}/gallery-images/ici-1.png`,
      `https://ancien.example${LEGACY_PATH}/gallery-images/lien-1.png`,
      `https://ancien.example${LEGACY_PATH}/gallery-images/..%2F..%2Fsecret%2Fcle.png`,
    ]);
    const report = await importLegacy(app.services, folder, { mediaBase: media });
    expect(report.media).toEqual({ fetched: 1, alreadyHere: 0, failed: 2 });
    const problems = report.problems.map((p) => `${p.line} ${p.message}`);
    expect(problems.find((p) => p.startsWith("3 "))).toMatch(/leaves the media folder \(symbolic link\)/);
    expect(problems.find((p) => p.startsWith("4 "))).toMatch(/leaves the media folder/);
  });

  it("stores a GIF followed by HTML named '.html' as a '.gif', served as a GIF that is never sniffed", async () => {
    allowedRoutes.set("/base/gallery-images/piege.html", polyglot);
    const folder = await csv("polyglot", [`https://ancien.example${LEGACY_PATH}/gallery-images/piege.html`]);
    const report = await importLegacy(app.services, folder, { mediaBase: `${allowed.base}/base` });
    expect(report.media).toMatchObject({ fetched: 1, failed: 0 });
    expect(report.notes).toContain("media gallery-images/piege.html stored as piege.gif");
    expect((await photoUrls()).get(id(1))).toBe("/media/gallery-images/piege.gif");
    expect(await app.services.storage.stat("gallery-images", "piege.html")).toBeNull();
    const response = await app.fetch("/media/gallery-images/piege.gif");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/gif");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await app.fetch("/media/gallery-images/piege.html")).status).toBe(404);
  });
});

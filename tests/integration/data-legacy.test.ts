// Moving in from the old site: the CSV fixtures of tests/fixtures/legacy (every table; quotes, commas,
// new lines, arrays with quotes, empty arrays, nulls, accents) with their media served by a local HTTP
// server, one of them missing and one not a picture; a second run that adds nothing; what visitors see.
import { sql } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { selectRows, type Db } from "../../server/db/client";
import { galleryPhotos, machineCategories, machines, machineSteps, products, tags } from "../../server/db/schema";
import { importLegacy, LegacyImportError, type LegacyReport } from "../../server/data-transfer/legacy";
import { BUCKETS } from "../../app/rules/uploads";
import { startTestS3, type TestS3 } from "../support/s3";
import { startTestApp, type TestApp } from "../support/server";

const FIXTURES = join(import.meta.dirname, "../fixtures/legacy");
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(3000, 9)]);
const id = (digit: string, n: number) =>
  `${digit.repeat(8)}-${digit.repeat(4)}-4${digit.repeat(3)}-8${digit.repeat(3)}-${digit.repeat(11)}${n}`;

let app: TestApp;
let server: Server;
let base: string;
let dir: string;
const served = new Map<string, Buffer>();
const requested: string[] = [];

const png = (color: string) =>
  sharp({ create: { width: 48, height: 32, channels: 3, background: color } })
    .png()
    .toBuffer();

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "legacy-test-"));
  served.set("/files/machine-category-images/categorie-1.png", await png("#1f3a33"));
  served.set("/files/machine-step-videos/etape-1.webm", WEBM);
  served.set("/files/machine-images/machine-1.png", await png("#85601f"));
  served.set(
    "/files/product-images/produit-1.jpg",
    await sharp({ create: { width: 40, height: 40, channels: 3, background: "#5a1f2b" } })
      .jpeg()
      .toBuffer(),
  );
  served.set("/files/gallery-images/gallery-1.png", await png("#172a44"));
  // Named like a picture, but HTML (an error page saved under the name): refused by its content.
  served.set("/files/gallery-images/faux.png", Buffer.from("<!doctype html><title>Erreur</title>".padEnd(200, " ")));
  served.set("/storage/v1/object/public/gallery-images/direct-1.png", await png("#3d5a47"));
  server = createServer((req, res) => {
    requested.push(req.url ?? "");
    const body = served.get(decodeURIComponent(req.url ?? ""));
    if (!body) return void res.writeHead(404).end("introuvable");
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const contentVersion = async (db: Db) =>
  Number((await selectRows<{ version: number }>(db, sql`select version from content_version`))[0]!.version);

async function mediaCount() {
  let n = 0;
  for (const bucket of BUCKETS) n += (await app.services.storage.list(bucket, Infinity)).length;
  return n;
}

for (const media of ["local", "s3"] as const)
  describe(`importing the old site's CSV exports (media ${media === "s3" ? "on S3" : "on local disk"})`, () => {
    let report: LegacyReport;
    let s3: TestS3 | undefined;
    beforeAll(async () => {
      s3 = media === "s3" ? await startTestS3() : undefined;
      app = await startTestApp(s3?.env ?? {});
    });
    afterAll(async () => {
      await app?.close();
      await s3?.stop();
    });

    it("imports every table, fetches the media and reports the problems with their lines", async () => {
      report = await importLegacy(app.services, FIXTURES, { mediaBase: `${base}/files` });
      expect(report.tables.tags).toMatchObject({ inserted: 3, updated: 0, skipped: 0 });
      expect(report.tables.machine_categories).toMatchObject({ inserted: 2 });
      expect(report.tables.machine_steps).toMatchObject({ inserted: 2 });
      expect(report.tables.machines).toMatchObject({ inserted: 2, skipped: 1 });
      expect(report.tables.products).toMatchObject({ inserted: 3 });
      expect(report.tables.gallery_photos).toMatchObject({ inserted: 2 });
      expect(report.media).toEqual({ fetched: 5, alreadyHere: 0, failed: 2 });

      const problems = report.problems.map((p) => `${p.file}:${p.line ?? "-"} ${p.message}`);
      expect(problems).toContain("machines.csv:1 unknown columns ignored: legacy_flag");
      expect(problems).toContain(
        'machines.csv:4 disponible_en_entrepot: expected true or false, not "oui"; row skipped',
      );
      expect(problems).toContain(
        "machines.csv:5 categorie_id 99999999-9999-4999-8999-999999999999 names no category; machine kept without a category",
      );
      expect(problems.find((p) => p.startsWith("products.csv:4 media product-images/absent.png"))).toMatch(
        /unreachable \(HTTP 404\); placeholder kept/,
      );
      expect(problems.find((p) => p.startsWith("gallery_photos.csv:3 media gallery-images/faux.png"))).toMatch(
        /not a JPEG, PNG, WebP, AVIF or GIF picture; placeholder kept/,
      );
    });

    it("keeps every tricky cell as it was: quotes, commas, new lines, arrays, nulls, accents, ids", async () => {
      const db = app.db();
      expect((await db.select().from(tags)).map((t) => t.nom).sort()).toEqual([
        "Café, thé",
        'Le "meilleur"',
        "Sans gluten",
      ]);

      const [categorie] = await db
        .select()
        .from(machineCategories)
        .where(sql`id = ${id("1", 1)}`);
      expect(categorie!.description).toBe(
        'Nos distributrices « combinées » :\ncollations, boissons froides et "paiement sans contact".',
      );
      expect(categorie!.image).toBe("/media/machine-category-images/categorie-1.png");
      expect(categorie!.created_at.toISOString()).toBe("2024-03-05T14:07:09.123Z");
      const [cafe] = await db
        .select()
        .from(machineCategories)
        .where(sql`id = ${id("1", 2)}`);
      expect(cafe).toMatchObject({ description: null, image: null });
      expect(cafe!.created_at.toISOString()).toBe("2024-03-06T14:00:00.000Z");

      const [signature] = await db
        .select()
        .from(machines)
        .where(sql`id = ${id("3", 1)}`);
      expect(signature).toMatchObject({
        nom: "Boréal Signature",
        description: "Notre distributrice phare, « vitrine » éclairée.\nDeuxième ligne.",
        dimensions: "183 × 92 × 89 cm",
        disponible_en_entrepot: true,
        temps_commande: null,
        avantages: ["Installation gratuite", "Paiement : carte, téléphone", 'Il dit "oui"'],
        specifications: ["Hauteur: 183 cm", "Largeur: 92 cm"],
        images: ["/media/machine-images/machine-1.png", "/placeholder.svg"],
        categorie_id: id("1", 1),
        produits_par_rangee: 6,
        nombre_de_rangees: 6,
        grid_default_width: 300,
        grid_sections: [{ rows: 5, cols: 4, position: { x: 30, y: 50 }, size: { width: 300, height: 400 } }],
        step_ids: [id("2", 1), id("2", 2)],
        etapes_fonctionnement: [{ titre: "Étape", image: "/media/machine-images/machine-1.png" }],
      });
      const [compacte] = await db
        .select()
        .from(machines)
        .where(sql`id = ${id("3", 3)}`);
      expect(compacte).toMatchObject({
        categorie_id: null,
        avantages: [],
        specifications: [],
        images: [],
        produits_par_rangee: 8,
        nombre_de_rangees: 5,
        grid_default_position_x: 40.5,
        etapes_fonctionnement: [],
        temps_commande: "2-3 semaines",
      });

      const [step] = await db
        .select()
        .from(machineSteps)
        .where(sql`id = ${id("2", 1)}`);
      expect(step).toMatchObject({ numero: 1, image: null, video: "/media/machine-step-videos/etape-1.webm" });

      const byId = new Map((await db.select().from(products)).map((p) => [p.id, p]));
      expect(byId.get(id("4", 1))).toMatchObject({
        nom: "Café glacé « vanille »",
        nom_recherche: "cafe glace « vanille »",
        prix: 3.5,
        description: 'Un café "glacé", doux,\navec une touche de vanille.',
        categorie: ["Boissons"],
        tags: ["Café, thé", 'Le "meilleur"', "Sans gluten"],
        ingredients: "Eau, café, sucre de canne",
        ranking: 1,
        dans_notre_top_10_des_plus_gros_vendeur: true,
        image: "/media/product-images/produit-1.jpg",
        nutrition_image: "/placeholder.svg",
      });
      expect(byId.get(id("4", 2))).toMatchObject({
        tags: [],
        ingredients: null,
        ranking: null,
        image: "/placeholder.svg",
      });
      expect(byId.get(id("4", 3))).toMatchObject({
        prix: 0,
        description: "",
        categorie: ["Collations"],
        dans_notre_top_10_des_plus_gros_vendeur: false,
        image: "/placeholder.svg",
      });

      const photos = await db.select().from(galleryPhotos).orderBy(galleryPhotos.ordre);
      expect(photos.map((p) => [p.nom, p.image_url, p.is_featured])).toEqual([
        ["Photo 1709650000000", "/media/gallery-images/gallery-1.png", true],
        ["Réalisation, Lévis", "/placeholder.svg", false],
      ]);
    });

    it("gives visitors the machine with its steps and pictures that answer", async () => {
      const response = await app.fetch(`/machines/${id("1", 1)}/${id("3", 1)}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain("Choisissez votre produit");
      expect(html).toContain("Payez sans contact");
      expect(html).toContain("/media/machine-step-videos/etape-1.webm");
      for (const url of [
        "/media/machine-images/machine-1.png",
        "/img/machine-images/machine-1.png?w=320",
        "/media/product-images/produit-1.jpg",
        "/media/gallery-images/gallery-1.png",
        "/media/machine-step-videos/etape-1.webm",
      ]) {
        expect((await app.fetch(url)).status, url).toBe(200);
      }
      expect(await app.services.storage.stat("gallery-images", "faux.png")).toBeNull();
    });

    it("adds nothing when run a second time", async () => {
      const version = await contentVersion(app.db());
      const media = await mediaCount();
      const before = requested.length;
      const again = await importLegacy(app.services, FIXTURES, { mediaBase: `${base}/files` });
      for (const [table, counts] of Object.entries(again.tables)) {
        expect(counts, table).toMatchObject({ inserted: 0, updated: 0 });
      }
      expect(again.media).toEqual({ fetched: 0, alreadyHere: 5, failed: 2 });
      expect(await contentVersion(app.db())).toBe(version);
      expect(await mediaCount()).toBe(media);
      // Only the two that failed are asked for again.
      expect(requested.length - before).toBe(2);
    });

    it("updates a row whose cell changed, and reads media from a local folder or from the URL itself", async () => {
      const changed = join(dir, `changed-${media}`);
      await mkdir(changed);
      await writeFile(
        join(changed, "gallery_photos.csv"),
        [
          "ordre,image_url,nom,id,is_featured",
          `1,https://ancien-site.supabase.co/storage/v1/object/public/gallery-images/dossier/photo été.png,Réalisation renommée,${id("6", 2)},false`,
          `2,${base}/storage/v1/object/public/gallery-images/direct-1.png,Directe,${id("6", 3)},false`,
        ].join("\r\n"),
      );
      const folder = join(dir, `media-${media}`);
      await mkdir(join(folder, "gallery-images", "dossier"), { recursive: true });
      await writeFile(join(folder, "gallery-images", "dossier", "photo été.png"), await png("#aa3344"));
      const viaFolder = await importLegacy(app.services, changed, { mediaBase: folder });
      expect(viaFolder.tables.gallery_photos).toMatchObject({ inserted: 1, updated: 1 });
      // The direct URL is not under the folder: reported, placeholder kept.
      expect(viaFolder.media).toMatchObject({ fetched: 1, failed: 1 });
      const [renamed] = await app
        .db()
        .select()
        .from(galleryPhotos)
        .where(sql`id = ${id("6", 2)}`);
      expect(renamed!.nom).toBe("Réalisation renommée");
      expect(renamed!.image_url).toMatch(/^\/media\/gallery-images\/dossier-photo-ete-[0-9a-f]{8}\.png$/);
      expect(renamed!.created_at.toISOString()).toBe("2024-03-05T15:01:00.000Z");

      // Without the host named by the operator, the URL itself is not fetched: reported with its line.
      const before = requested.length;
      const notAllowed = await importLegacy(app.services, changed);
      expect(notAllowed.media).toMatchObject({ fetched: 0, failed: 1 });
      expect(requested.length).toBe(before);
      const refused = notAllowed.problems.find((p) => p.file === "gallery_photos.csv" && p.line === 3);
      expect(refused?.message).toMatch(/not fetched: 127\.0\.0\.1:\d+ is not an allowed host/);
      const direct = await importLegacy(app.services, changed, { allowHosts: [new URL(base).host] });
      expect(direct.media).toMatchObject({ fetched: 1 });
      const [photo] = await app
        .db()
        .select()
        .from(galleryPhotos)
        .where(sql`id = ${id("6", 3)}`);
      expect(photo!.image_url).toBe("/media/gallery-images/direct-1.png");
    });

    it("refuses a file that is not CSV, or lacks the ids, and writes nothing", async () => {
      const version = await contentVersion(app.db());
      const rows = (await app.db().select().from(products)).length;
      for (const [content, message] of [
        ['id,nom\n44444444-4444-4444-8444-444444444449,"Sans fin\n', /products.csv is not valid CSV/],
        ["nom,prix\nCafé,3\n", /products.csv has no id column/],
        ["id,prix\n44444444-4444-4444-8444-444444444449,3\n", /products.csv lacks the column nom/],
      ] as const) {
        const bad = join(dir, `bad-${Math.random()}`);
        await cp(FIXTURES, bad, { recursive: true });
        await writeFile(join(bad, "products.csv"), content);
        const error = await importLegacy(app.services, bad, { mediaBase: `${base}/files` }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(LegacyImportError);
        expect((error as Error).message).toMatch(message);
      }
      expect((await app.db().select().from(products)).length).toBe(rows);
      expect(await contentVersion(app.db())).toBe(version);
    });
  });

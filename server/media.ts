import express, { type Request, type Response, type Router } from "express";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { nearestAllowedWidth } from "../app/lib/images";
import type { Services } from "./context";
import { isBucket, isValidObjectName } from "./storage/storage";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** GET /media/<bucket>/<name>: stored objects as they are, with Range support (video seeking),
 * immutable caching (names never get new content) and 404 for anything outside the buckets. */
export function mediaRouter(services: Services): Router {
  const router = express.Router();
  router.get("/media/:bucket/:name", (req: Request, res: Response) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.name);
    const root = services.storage.localRoot;
    if (!isBucket(bucket) || !isValidObjectName(name) || !root) {
      return res.status(404).type("text/plain").send("Introuvable");
    }
    res.sendFile(
      name,
      {
        root: join(root, bucket),
        dotfiles: "deny",
        immutable: true,
        maxAge: YEAR_SECONDS * 1000,
        acceptRanges: true,
        lastModified: true,
      },
      (error?: Error & { status?: number }) => {
        if (!error || res.headersSent) return;
        if (error.status === 416) res.status(416).end();
        else res.status(404).type("text/plain").send("Introuvable");
      },
    );
  });
  return router;
}

/** GET /img/<bucket>/<name>?w=640: a stored raster image resized to an allowed width, as AVIF or
 * WebP following Accept, rendered once and then served from DATA_DIR/cache/img. */
export function imageRouter(services: Services): Router {
  const router = express.Router();
  const cacheDir = join(services.config.dataDir, "cache", "img");
  const inFlight = new Map<string, Promise<Buffer | null>>();

  router.get("/img/:bucket/:name", async (req: Request, res: Response) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.name);
    const width = nearestAllowedWidth(Number(req.query.w));
    if (!isBucket(bucket) || !isValidObjectName(name) || width === null || /\.svg$/i.test(name)) {
      return res.status(404).type("text/plain").send("Introuvable");
    }
    const format = req.accepts(["image/avif", "image/webp"]) === "image/avif" ? "avif" : "webp";
    const key = `${bucket}__${name}__${width}.${format}`;
    const file = join(cacheDir, key);
    let body: Buffer | null = await readFile(file).catch(() => null);
    if (!body) {
      let job = inFlight.get(key);
      if (!job) {
        job = (async () => {
          const source = await services.storage.read(bucket, name);
          if (!source) return null;
          const pipeline = sharp(source, { failOn: "error" }).rotate().resize({ width, withoutEnlargement: true });
          // AVIF with half-resolution colour, as JPEG and WebP always have: 7 % smaller than sharp's
          // default full-resolution colour and 30 % faster to make, no visible difference on a photo.
          const out =
            format === "avif"
              ? await pipeline.avif({ quality: 55, effort: 2, chromaSubsampling: "4:2:0" }).toBuffer()
              : await pipeline.webp({ quality: 78 }).toBuffer();
          await mkdir(cacheDir, { recursive: true });
          const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
          await writeFile(temp, out);
          await rename(temp, file);
          return out;
        })().finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      body = await job.catch((error) => {
        services.log.warn({ err: error, bucket, name }, "Image resize failed");
        return null;
      });
    }
    if (!body) return res.status(404).type("text/plain").send("Introuvable");
    res.set({
      "Content-Type": `image/${format}`,
      "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
      Vary: "Accept",
    });
    res.send(body);
  });
  return router;
}

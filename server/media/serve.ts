import express, { type Request, type Response, type Router } from "express";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { nearestAllowedWidth } from "../../app/lib/images";
import type { Services } from "../context";
import { createLimiter, LimiterFullError } from "../lib/limiter";
import { isBucket, isValidObjectName, type Bucket } from "../storage/storage";
import { resizedCopyPath, writeResizedCopy, type ResizedFormat } from "./cache";
import { loadSharp } from "./sharp";
import {
  FailureMemo,
  HEAD_BYTES,
  isRasterImageHead,
  isResizable,
  MAX_INPUT_PIXELS,
  MAX_SOURCE_BYTES,
  refKey,
  RESIZE_CONCURRENCY,
  RESIZE_QUEUE,
  RETRY_AFTER_SECONDS,
} from "./rules";

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

/** A source /img will not resize (not a picture, too large, undecodable): remembered for a while. */
class Refused extends Error {}

/**
 * GET /img/<bucket>/<name>?w=640: a stored raster picture resized to an allowed width, as AVIF or
 * WebP following Accept, made once and then served from DATA_DIR/cache/img. Only picture buckets and
 * picture names; the first bytes must be a picture's and the size bounded before anything is read
 * whole; at most RESIZE_CONCURRENCY decodes at once (503 beyond the queue); a source that failed is
 * refused without being read again for FAILURE_TTL_MS.
 */
export function imageRouter(services: Services): Router {
  const router = express.Router();
  const { storage } = services;
  const limiter = createLimiter({ concurrency: RESIZE_CONCURRENCY, queue: RESIZE_QUEUE });
  const failures = new FailureMemo();
  const inFlight = new Map<string, Promise<Buffer | null>>();
  const notFound = (res: Response) => res.status(404).type("text/plain").send("Introuvable");

  async function render(bucket: Bucket, name: string, width: number, format: ResizedFormat, file: string) {
    // Missing is not remembered: the name may be uploaded later.
    const object = await storage.stat(bucket, name);
    if (!object) return null;
    if (object.size > MAX_SOURCE_BYTES) throw new Refused(`source of ${object.size} bytes`);
    const head = await storage.readHead(bucket, name, HEAD_BYTES);
    if (!head) return null;
    if (!isRasterImageHead(head)) throw new Refused("source is not a raster image");
    return limiter.run(async () => {
      const source = await storage.read(bucket, name, { maxBytes: MAX_SOURCE_BYTES });
      if (!source) return null;
      const sharp = await loadSharp();
      const pipeline = sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width, withoutEnlargement: true });
      // AVIF with half-resolution colour, as JPEG and WebP always have: 7 % smaller than sharp's
      // default full-resolution colour and 30 % faster to make, no visible difference on a photo.
      const out =
        format === "avif"
          ? await pipeline.avif({ quality: 55, effort: 2, chromaSubsampling: "4:2:0" }).toBuffer()
          : await pipeline.webp({ quality: 78 }).toBuffer();
      await writeResizedCopy(file, out);
      // Deleted while we worked (deleteStoredObject removes the object, then its copies): drop ours.
      if (!(await storage.stat(bucket, name))) {
        await rm(file, { force: true });
        return null;
      }
      return out;
    });
  }

  router.get("/img/:bucket/:name", async (req: Request, res: Response) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.name);
    const width = nearestAllowedWidth(Number(req.query.w));
    if (!isResizable(bucket, name) || width === null) return notFound(res);
    const format: ResizedFormat = req.accepts(["image/avif", "image/webp"]) === "image/avif" ? "avif" : "webp";
    const file = resizedCopyPath(services.config.dataDir, bucket, name, width, format);
    let body: Buffer | null = await readFile(file).catch(() => null);
    if (!body) {
      const source = refKey({ bucket, name });
      if (failures.has(source)) return notFound(res);
      const key = `${source}/${width}.${format}`;
      let job = inFlight.get(key);
      if (!job) {
        job = render(bucket, name, width, format, file).finally(() => inFlight.delete(key));
        inFlight.set(key, job);
      }
      try {
        body = await job;
      } catch (error) {
        if (error instanceof LimiterFullError) {
          return res
            .status(503)
            .set({ "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" })
            .type("text/plain")
            .send("Service occupé, réessayez.");
        }
        failures.add(source);
        services.log.warn({ err: error, bucket, name }, "Image resize refused or failed");
        return notFound(res);
      }
    }
    if (!body) return notFound(res);
    res.set({
      "Content-Type": `image/${format}`,
      "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
      Vary: "Accept",
    });
    res.send(body);
  });
  return router;
}

import express, { type Request, type Response, type Router } from "express";
import { readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { nearestAllowedWidth } from "../../app/rules/images";
import type { Services } from "../context";
import { createLimiter, LimiterFullError } from "../lib/limiter";
import { DETECTED_TYPES, isPublicBucket, type Bucket } from "../../app/rules/uploads";
import { isValidObjectName, mediaTypeOfName, type ByteRange, type ObjectInfo } from "../storage/storage";
import { removeResizedCopies, resizedCopyPath, type ResizedFormat } from "./cache";
import { checkSource, encodeResized, keepCopies, readSource } from "./resize";
import { FailureMemo, isResizable, refKey, RESIZE_CONCURRENCY, RESIZE_QUEUE, RETRY_AFTER_SECONDS } from "./rules";

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Whether a Range request still applies under its If-Range (RFC 9110 13.1.5): the same entity tag
 * (strong comparison) or a date no older than the object. */
function rangeApplies(ifRange: string | undefined, object: ObjectInfo): boolean {
  if (!ifRange) return true;
  if (ifRange.startsWith('"') || ifRange.startsWith("W/")) return ifRange === object.etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(object.createdAt.getTime() / 1000) * 1000 <= date;
}

/** Drops what a media answer set before it failed: an error is never cached for a year. */
function forget(res: Response) {
  for (const header of ["ETag", "Last-Modified", "Content-Range", "Content-Length", "Accept-Ranges"]) {
    res.removeHeader(header);
  }
  res.status(200).set("Cache-Control", "no-store");
}

/** GET /media/<bucket>/<name>: stored pictures and videos as they are, with the type their name was
 * given from their bytes when stored, never sniffed by the browser (a name of any other type is 404:
 * nothing here is ever a page or a script). Streamed from the storage (local disk or
 * S3), with Range (video seeking), ETag and 304, immutable caching (names never get new content) and
 * 404 for anything outside the public buckets (a ticket's photo is the staff's). A visitor who goes away stops the read. */
export function mediaRouter(services: Services): Router {
  const router = express.Router();
  const notFound = (res: Response) => res.status(404).type("text/plain").send("Introuvable");
  router.get("/media/:bucket/:name", async (req: Request, res: Response) => {
    const bucket = String(req.params.bucket);
    const name = String(req.params.name);
    const type = mediaTypeOfName(name);
    if (!isPublicBucket(bucket) || !isValidObjectName(name) || !type) return notFound(res);
    const { storage } = services;
    const object = await storage.head(bucket, name);
    if (!object) return notFound(res);
    res.set({
      "Accept-Ranges": "bytes",
      "Cache-Control": `public, max-age=${YEAR_SECONDS}, immutable`,
      ETag: object.etag,
      "Last-Modified": object.createdAt.toUTCString(),
    });
    res.set({ "Content-Type": DETECTED_TYPES[type].mime, "X-Content-Type-Options": "nosniff" });
    // If-None-Match / If-Modified-Since against the headers just set.
    if (req.fresh) return res.status(304).end();

    const { size } = object;
    let range: ByteRange = { start: 0, end: size - 1 };
    if (req.headers.range && rangeApplies(req.get("if-range"), object)) {
      const ranges = req.range(size, { combine: true });
      if (ranges === -1) {
        res.set("Content-Range", `bytes */${size}`);
        return res.status(416).end();
      }
      // One range is served as asked; several (rare, never from a video player) get the whole object.
      if (Array.isArray(ranges) && ranges.type === "bytes" && ranges.length === 1) {
        range = ranges[0]!;
        res.status(206).set("Content-Range", `bytes ${range.start}-${range.end}/${size}`);
      }
    }
    res.set("Content-Length", String(size === 0 ? 0 : range.end - range.start + 1));
    if (req.method === "HEAD" || size === 0) return res.end();

    const stop = new AbortController();
    res.once("close", () => stop.abort());
    let body: Readable | null;
    try {
      body = await storage.readRange(bucket, name, range, { signal: stop.signal });
    } catch (error) {
      if (stop.signal.aborted) return;
      forget(res);
      throw error;
    }
    if (!body) {
      // Removed between the two calls.
      forget(res);
      return notFound(res);
    }
    // The read is destroyed with the response, whether it ends or the visitor goes away.
    await pipeline(body, res).catch(() => {});
  });
  return router;
}

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
    if (!(await checkSource(storage, bucket, name))) return null;
    return limiter.run(async () => {
      const source = await readSource(storage, bucket, name);
      if (!source) return null;
      const out = await encodeResized(source, width, format);
      return (await keepCopies(storage, bucket, name, [{ file, body: out }])) ? out : null;
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
    // Copies are this instance's, the storage may be shared: an object another instance deleted has
    // its copies here still. They are served only while the object exists.
    if (body && !(await storage.stat(bucket, name))) {
      await removeResizedCopies(services.config.dataDir, bucket, name);
      return notFound(res);
    }
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

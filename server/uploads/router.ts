import busboy from "busboy";
import express, { type Request, type Response, type Router } from "express";
import { PassThrough } from "node:stream";
import {
  BUCKET_RULES,
  DETECTED_TYPES,
  detectType,
  UPLOAD_LIMITS,
  UPLOAD_MESSAGES,
  type DetectedType,
  isPublicBucket,
  type Bucket,
} from "../../app/rules/uploads";
import { maySessionAccess, ROLE_REFUSED } from "../../app/rules/staff-roles";
import { requestSessionUser } from "../auth/users";
import type { Services } from "../context";
import { checkMedia, MEDIA_HEAD_BYTES } from "../media/check";

const HEAD_BYTES = MEDIA_HEAD_BYTES;

class UploadError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** POST /api/upload/<bucket> (multipart, one field 'file'): the admin session is checked before a byte is
 * read; the type is detected from the content; the size limit holds while streaming; the object is stored
 * as '{prefix}-{timestamp}.{ext}'. Answers 201 { url, name, type } or an error with a French message. */
export function uploadRouter(
  services: Services,
  { onStored }: { onStored?: (bucket: Bucket, name: string) => void } = {},
): Router {
  const router = express.Router();
  router.post("/api/upload/:bucket", async (req: Request, res: Response) => {
    const fail = (status: number, error: string) => {
      // Do not read a refused body: answer and close the connection.
      if (!res.headersSent) res.status(status).set("Connection", "close").json({ error });
      req.unpipe();
      req.resume();
    };
    const user = await requestSessionUser(services.db, services.config, req.headers.cookie).catch(() => null);
    if (!user) return fail(401, UPLOAD_MESSAGES.unauthorized);
    if (!maySessionAccess(user, req.method, req.path)) return fail(403, ROLE_REFUSED);
    const bucket = String(req.params.bucket);
    // A private bucket is written by its own form only (a ticket's photo: the machine's page).
    if (!isPublicBucket(bucket)) return fail(404, UPLOAD_MESSAGES.badRequest);
    const rule = BUCKET_RULES[bucket];
    const limit = UPLOAD_LIMITS[rule.kind];
    const declared = Number(req.headers["content-length"] ?? 0);
    if (declared > limit + 64 * 1024) {
      return fail(413, rule.kind === "image" ? UPLOAD_MESSAGES.tooLargeImage : UPLOAD_MESSAGES.tooLargeVideo);
    }

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fileSize: limit, fields: 0, parts: 2 } });
    } catch {
      return fail(400, UPLOAD_MESSAGES.badRequest);
    }

    let handled = false;
    const result = new Promise<{ name: string; type: DetectedType }>((resolve, reject) => {
      parser.on("file", (_field, file) => {
        handled = true;
        storeFile(services, bucket, rule, file, limit).then(resolve, reject);
      });
      parser.on("error", () => reject(new UploadError(400, UPLOAD_MESSAGES.badRequest)));
      parser.on("close", () => {
        if (!handled) reject(new UploadError(400, UPLOAD_MESSAGES.badRequest));
      });
    });
    req.pipe(parser);
    try {
      const { name, type } = await result;
      services.log.info({ bucket, name, user: user.username }, "Upload stored");
      res.status(201).json({ url: services.storage.publicUrl(bucket, name), name, type: DETECTED_TYPES[type].mime });
      onStored?.(bucket, name);
    } catch (error) {
      if (error instanceof UploadError) return fail(error.status, error.message);
      services.log.error({ err: error, bucket }, "Upload failed");
      fail(500, UPLOAD_MESSAGES.failed);
    }
  });
  return router;
}

async function storeFile(
  services: Services,
  bucket: Parameters<Services["storage"]["putNew"]>[0],
  rule: (typeof BUCKET_RULES)[keyof typeof BUCKET_RULES],
  file: NodeJS.ReadableStream & { truncated?: boolean },
  limit: number,
): Promise<{ name: string; type: DetectedType }> {
  const wrongType = new UploadError(415, rule.kind === "image" ? UPLOAD_MESSAGES.notImage : UPLOAD_MESSAGES.notVideo);
  const tooLarge = new UploadError(
    413,
    rule.kind === "image" ? UPLOAD_MESSAGES.tooLargeImage : UPLOAD_MESSAGES.tooLargeVideo,
  );

  // One pass over the stream: the first bytes decide the type, the rest flows to storage with the
  // size counted as it goes (busboy also stops at the limit and marks the stream truncated).
  const stored = new Promise<{ name: string; type: DetectedType }>((resolve, reject) => {
    let head = Buffer.alloc(0);
    let body: PassThrough | null = null;
    let type: DetectedType | null = null;
    let refused = false;
    let size = 0;

    const start = () => {
      type = detectType(head);
      if (!type || DETECTED_TYPES[type].kind !== rule.kind) {
        refused = true;
        file.resume();
        return reject(wrongType);
      }
      const stream = new PassThrough();
      body = stream;
      const detected = type;
      services.storage.putNew(bucket, rule.prefix, detected, stream, DETECTED_TYPES[detected].mime).then(
        (name) => resolve({ name, type: detected }),
        (error: unknown) => {
          const failure = error instanceof Error ? error : new Error(String(error));
          reject(failure.message === tooLarge.message ? tooLarge : failure);
        },
      );
      write(head);
    };
    const write = (chunk: Buffer) => {
      size += chunk.length;
      if (!body!.write(chunk)) {
        file.pause();
        body!.once("drain", () => file.resume());
      }
    };

    file.on("data", (chunk: Buffer) => {
      if (refused) return;
      if (body) return write(chunk);
      head = Buffer.concat([head, chunk]);
      if (head.length >= HEAD_BYTES) start();
    });
    file.on("end", () => {
      if (refused) return;
      if (!body) start();
      if (refused || !body) return;
      if (file.truncated || size > limit) body.destroy(tooLarge);
      else body.end();
    });
    file.on("error", reject);
  });
  const { name, type } = await stored;

  // The check every stored media passes: an image must also decode all the way through (a JPEG header
  // in front of something else is refused) within /img's pixel bound, so every stored picture can be
  // shown resized and no upload makes the decoder allocate gigabytes.
  const object = await services.storage.stat(bucket, name);
  const head = (await services.storage.readHead(bucket, name, MEDIA_HEAD_BYTES)) ?? Buffer.alloc(0);
  const checked = await checkMedia(rule.kind, {
    size: object?.size ?? 0,
    head,
    whole: () => services.storage.read(bucket, name, { maxBytes: limit }).catch(() => null),
  });
  if ("problem" in checked) {
    await services.storage.delete(bucket, name);
    const status = checked.problem === "notImage" || checked.problem === "notVideo" ? 415 : 413;
    throw new UploadError(status, UPLOAD_MESSAGES[checked.problem]);
  }
  return { name, type };
}

import type { Readable } from "node:stream";
import { DETECTED_TYPES, type Bucket, type DetectedType } from "../../app/rules/uploads";

/** Plain names: '{prefix}-{timestamp}.{ext}' and the like, whatever the extension (an archive's
 * entries are read with it, so that an object with a refused extension is reported, not fatal). */
const PLAIN_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*(\.[A-Za-z0-9]{1,8})?$/;
export function isPlainObjectName(name: string): boolean {
  return name.length <= 200 && PLAIN_NAME.test(name);
}

/** The accepted media type an object name's extension stands for ('.jpeg' and capitals, from older
 * sites, included), or null. Every writer names an object after the type found in its bytes, so the
 * extension is the stored type: /media answers with it and S3 keeps it as the object's ContentType. */
export function mediaTypeOfName(name: string): DetectedType | null {
  const dot = name.lastIndexOf(".");
  if (dot < 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  const type = ext === "jpeg" ? "jpg" : ext;
  return Object.hasOwn(DETECTED_TYPES, type) ? (type as DetectedType) : null;
}

/** Names the storage reads and writes: plain, with the extension of an accepted picture or video type.
 * Anything else (an '.html' or '.svg' planted by hand or by an archive) is never stored nor served. */
export function isValidObjectName(name: string): boolean {
  return isPlainObjectName(name) && mediaTypeOfName(name) !== null;
}

/** Refuses to store under a name that is not a media name, or with a Content-Type that is not its
 * extension's: an object's name and its type never disagree. */
export function checkStoredName(name: string, contentType: string): void {
  const type = isPlainObjectName(name) ? mediaTypeOfName(name) : null;
  if (!type) throw new Error(`Invalid object name: ${name}`);
  if (DETECTED_TYPES[type].mime !== contentType) {
    throw new Error(`Content-Type ${contentType} does not match the object name ${name}`);
  }
}

/** Uploaded files are named '{prefix}-{timestamp}.{ext}', as the previous backend named them. */
export function objectName(prefix: string, ext: string, now = Date.now()): string {
  return `${prefix}-${now}.${ext}`;
}

/** The object a public URL points to: the last path segment of the URL. */
export function objectNameFromUrl(url: string): string | null {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  const name = decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
  return isValidObjectName(name) ? name : null;
}

export type StoredObject = { name: string; size: number; createdAt: Date };

/** What /media needs to answer conditional requests: the object's facts and its entity tag, which
 * changes whenever its content does. */
export type ObjectInfo = StoredObject & { etag: string };

/** Bytes `start` to `end` of an object, both included. */
export type ByteRange = { start: number; end: number };

/** read() of an object larger than the caller's bound: nothing was loaded. */
export class ObjectTooLargeError extends Error {
  constructor(
    readonly size: number,
    readonly maxBytes: number,
  ) {
    super(`Stored object of ${size} bytes is over the ${maxBytes} bytes allowed`);
  }
}

export interface Storage {
  /** Folder of the buckets when objects live on this machine's disk (tests and tools; /media reads
   * through head and readRange whatever the storage). */
  readonly localRoot?: string;
  /** Stores body under bucket/name; the name must pass isValidObjectName and contentType be its
   * extension's type (checkStoredName). Callers name the object after the type found in its bytes. */
  put(bucket: Bucket, name: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** Stores under '{prefix}-{timestamp}.{ext}' (same rule as put), moving the timestamp on if that name is taken. */
  putNew(bucket: Bucket, prefix: string, ext: string, body: Buffer | Readable, contentType: string): Promise<string>;
  /** The whole object, or null when there is none; with maxBytes, throws ObjectTooLargeError before
   * loading an object larger than that. */
  read(bucket: Bucket, name: string, options?: { maxBytes?: number }): Promise<Buffer | null>;
  /** The whole object as a stream (exports, copies between storages), or null when there is none. */
  readStream(bucket: Bucket, name: string): Promise<Readable | null>;
  /** At most `length` bytes from the start of the object (content sniffing), or null when there is none. */
  readHead(bucket: Bucket, name: string, length: number): Promise<Buffer | null>;
  /** Size and creation time, or null when there is no such object. */
  stat(bucket: Bucket, name: string): Promise<StoredObject | null>;
  /** stat() with the entity tag (/media: ETag, 304, If-Range), or null when there is no such object. */
  head(bucket: Bucket, name: string): Promise<ObjectInfo | null>;
  /** The bytes of `range` as a stream (/media, video seeking), or null when there is no such object.
   * Aborting `signal` stops the read (a visitor who went away costs no more transfer). */
  readRange(
    bucket: Bucket,
    name: string,
    range: ByteRange,
    options?: { signal?: AbortSignal },
  ): Promise<Readable | null>;
  /** Removes the object only. Callers use deleteStoredObject (server/media), which also drops the
   * resized copies served by /img. */
  delete(bucket: Bucket, name: string): Promise<void>;
  /** Newest first; `Infinity` lists the whole bucket. */
  list(bucket: Bucket, limit?: number): Promise<StoredObject[]>;
  /** Where pages link the object: '/media/<bucket>/<name>', or the public bucket or CDN address. */
  publicUrl(bucket: Bucket, name: string): string;
}

// Pure rules of the media layer: which stored objects /img may resize, which object a record's URL
// names, what an edit dropped, which objects the sweep removes, and a short memory of failed resizes.
import { parseLegacySteps } from "../../app/rules/legacy-steps";
import { BUCKET_RULES, DETECTED_TYPES, detectType, BUCKETS, isBucket, type Bucket } from "../../app/rules/uploads";
import type { GalleryPhoto, Machine, MachineCategory, MachineStep, Product } from "../db/schema";
import { isValidObjectName, type StoredObject } from "../storage/storage";

/** Buckets of public pictures: the only ones /img reads (videos are never handed to the image decoder;
 * a private bucket's pictures get no public resized copies). */
export const IMAGE_BUCKETS: readonly Bucket[] = BUCKETS.filter(
  (bucket) => BUCKET_RULES[bucket].kind === "image" && !BUCKET_RULES[bucket].private,
);

/** Extensions of the raster formats uploads accept (never SVG). */
const RASTER_NAME = /\.(?:webp|png|jpe?g|avif|gif)$/i;

/** Bytes read to tell a picture from anything else (detectType needs 12). */
export const HEAD_BYTES = 32;
/** Largest source /img reads: uploads stop at 15 MB, imported pictures get some room. */
export const MAX_SOURCE_BYTES = 32 * 1024 * 1024;
/** Largest picture decoded, in pixels (a 48 MP phone photo passes; a decompression bomb does not). */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Resizes at once, and requests waiting for one; beyond that /img answers 503. */
export const RESIZE_CONCURRENCY = 2;
export const RESIZE_QUEUE = 32;
export const RETRY_AFTER_SECONDS = 5;
/** How long a source that failed to resize is refused without being read again. */
const FAILURE_TTL_MS = 10 * 60 * 1000;
const FAILURE_MEMORY = 1000;

/** Uploaded objects no record points to are removed once this old (an admin may still be filling the form). */
export const SWEEP_GRACE_MS = 24 * 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 24 * 60 * 60 * 1000;
/** Every bucket but the hero videos: no record names them (the newest one is shown, the panel manages
 * the rest). Ticket photos are named by their ticket (service_tickets.photo_key). */
export const SWEPT_BUCKETS: readonly Bucket[] = BUCKETS.filter((bucket) => bucket !== "homepage-videos");

export type MediaRef = { bucket: Bucket; name: string };
export const refKey = (ref: MediaRef) => `${ref.bucket}/${ref.name}`;

/** /img resizes only a raster picture's name in a picture bucket. */
export function isResizable(bucket: string, name: string): bucket is Bucket {
  return isBucket(bucket) && IMAGE_BUCKETS.includes(bucket) && isValidObjectName(name) && RASTER_NAME.test(name);
}

/** The stored bytes start like a picture we accept (JPEG, PNG, WebP, AVIF, GIF). */
export function isRasterImageHead(head: Uint8Array): boolean {
  const type = detectType(head);
  return type !== null && DETECTED_TYPES[type].kind === "image";
}

/** libvips threads per resize: the cores shared by the resizes that may run together. */
export function sharpThreads(cores: number, concurrency = RESIZE_CONCURRENCY): number {
  return Math.max(1, Math.floor(cores / concurrency));
}

/**
 * The stored object a record's URL names: its last path segment in the bucket named by the segment
 * before it. Covers our '/media/<bucket>/<name>', a storage service's public URL (buckets are key
 * prefixes there) and the previous backend's URLs (the object is the URL's last path segment).
 */
export function mediaRefFromUrl(url: string | null | undefined): MediaRef | null {
  if (!url) return null;
  let path = url.split(/[?#]/, 1)[0] ?? "";
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    try {
      path = new URL(path).pathname;
    } catch {
      return null;
    }
  }
  const segments = path.split("/");
  if (segments.length < 3) return null;
  const bucket = segments[segments.length - 2]!;
  let name: string;
  try {
    name = decodeURIComponent(segments[segments.length - 1]!);
  } catch {
    return null;
  }
  return isBucket(bucket) && isValidObjectName(name) ? { bucket, name } : null;
}

/** The distinct objects named by a list of URLs. */
export function mediaRefs(urls: Iterable<string | null | undefined>): MediaRef[] {
  const refs = new Map<string, MediaRef>();
  for (const url of urls) {
    const ref = mediaRefFromUrl(url);
    if (ref) refs.set(refKey(ref), ref);
  }
  return [...refs.values()];
}

/** URLs of `before` whose object `after` no longer names (what an edit replaced or removed). */
export function droppedMedia(
  before: Iterable<string | null | undefined>,
  after: Iterable<string | null | undefined>,
): string[] {
  const kept = new Set(mediaRefs(after).map(refKey));
  const dropped: string[] = [];
  for (const url of before) {
    const ref = mediaRefFromUrl(url);
    if (url && ref && !kept.has(refKey(ref))) dropped.push(url);
  }
  return dropped;
}

// Each record's media columns (server/db/schema.ts); the reference query in references.ts reads the same.
type Maybe<T> = T | null | undefined;
// A share picture is optional in these shapes: callers that never change it may leave it out.
type SharePicture = { share_image?: string | null };
export const productMedia = (p: Maybe<Pick<Product, "image" | "nutrition_image"> & SharePicture>) =>
  p ? [p.image, p.nutrition_image, p.share_image] : [];
export const machineMedia = (
  m: Maybe<
    Pick<Machine, "images" | "video" | "process_video" | "image_overlay"> &
      SharePicture & { etapes_fonctionnement?: unknown }
  >,
) =>
  m
    ? [
        ...m.images,
        m.video,
        m.process_video,
        m.image_overlay,
        m.share_image,
        ...stringsIn(parseLegacySteps(m.etapes_fonctionnement)),
      ]
    : [];
export const stepMedia = (s: Maybe<Pick<MachineStep, "image" | "video">>) => (s ? [s.image, s.video] : []);
export const categoryMedia = (c: Maybe<Pick<MachineCategory, "image"> & SharePicture>) =>
  c ? [c.image, c.share_image] : [];
export const photoMedia = (g: Maybe<Pick<GalleryPhoto, "image_url">>) => (g ? [g.image_url] : []);

/** Every string inside a JSON value (etapes_fonctionnement may hold media URLs from imported data). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === "string") out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === "object") for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** Objects the sweep removes: named by no record and created before the cutoff. */
export function selectOrphans(
  listings: ReadonlyArray<{ bucket: Bucket; objects: readonly StoredObject[] }>,
  referenced: ReadonlySet<string>,
  cutoff: Date,
): MediaRef[] {
  return listings.flatMap(({ bucket, objects }) =>
    objects
      .filter((o) => o.createdAt.getTime() < cutoff.getTime() && !referenced.has(refKey({ bucket, name: o.name })))
      .map((o) => ({ bucket, name: o.name })),
  );
}

/** Sources that failed to resize, refused for `ttlMs` without reading them again; the oldest entry
 * goes first when `capacity` is reached, so a flood of bad names cannot grow it. */
export class FailureMemo {
  private readonly until = new Map<string, number>();

  constructor(
    private readonly ttlMs = FAILURE_TTL_MS,
    private readonly capacity = FAILURE_MEMORY,
    private readonly now: () => number = Date.now,
  ) {}

  has(key: string): boolean {
    const until = this.until.get(key);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(key);
    return false;
  }

  add(key: string): void {
    // Re-inserted at the end: insertion order stays expiry order (one TTL for all).
    this.until.delete(key);
    this.until.set(key, this.now() + this.ttlMs);
    while (this.until.size > this.capacity) this.until.delete(this.until.keys().next().value!);
  }

  get size(): number {
    return this.until.size;
  }
}

// Making a resized copy of a stored picture: the checks before a source is decoded, the encoding, and
// the copy's file. Shared by /img (a width asked for and still missing) and by the standard widths made
// in the background when a picture is stored (variants.ts).
import { rm } from "node:fs/promises";
import type { Storage } from "../storage/storage";
import type { Bucket } from "../../app/rules/uploads";
import { writeResizedCopy, type ResizedFormat } from "./cache";
import { loadSharp } from "./sharp";
import { HEAD_BYTES, isRasterImageHead, MAX_INPUT_PIXELS, MAX_SOURCE_BYTES } from "./rules";

/** A source that will not be resized (not a picture, too large, undecodable). */
class RefusedSource extends Error {}

type Reader = Pick<Storage, "stat" | "readHead" | "read">;

/** Whether the stored object may be decoded: false when it is missing; throws RefusedSource when it is
 * too large or does not start like a picture we accept. Nothing is read whole. */
export async function checkSource(storage: Reader, bucket: Bucket, name: string): Promise<boolean> {
  const object = await storage.stat(bucket, name);
  if (!object) return false;
  if (object.size > MAX_SOURCE_BYTES) throw new RefusedSource(`source of ${object.size} bytes`);
  const head = await storage.readHead(bucket, name, HEAD_BYTES);
  if (!head) return false;
  if (!isRasterImageHead(head)) throw new RefusedSource("source is not a raster image");
  return true;
}

/** The whole source, bounded; null when it was removed meanwhile. */
export function readSource(storage: Reader, bucket: Bucket, name: string): Promise<Buffer | null> {
  return storage.read(bucket, name, { maxBytes: MAX_SOURCE_BYTES });
}

/** The source's displayed width (after its EXIF orientation), within the pixel bound. */
export async function sourceWidth(source: Buffer): Promise<number> {
  const sharp = await loadSharp();
  const meta = await sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  if (!width) throw new RefusedSource("source has no width");
  return width;
}

/** The picture at `width` (never enlarged), as AVIF or WebP. */
export async function encodeResized(source: Buffer, width: number, format: ResizedFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp(source, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .rotate()
    .resize({ width, withoutEnlargement: true });
  // AVIF with half-resolution colour, as JPEG and WebP always have: 7 % smaller than sharp's
  // default full-resolution colour and 30 % faster to make, no visible difference on a photo.
  return format === "avif"
    ? pipeline.avif({ quality: 55, effort: 2, chromaSubsampling: "4:2:0" }).toBuffer()
    : pipeline.webp({ quality: 78 }).toBuffer();
}

/** Writes copies, then drops them if the object was deleted while they were made (deleteStoredObject
 * removes the object, then its copies). Returns false in that case. */
export async function keepCopies(
  storage: Pick<Storage, "stat">,
  bucket: Bucket,
  name: string,
  copies: ReadonlyArray<{ file: string; body: Buffer }>,
): Promise<boolean> {
  for (const { file, body } of copies) await writeResizedCopy(file, body);
  if (await storage.stat(bucket, name)) return true;
  for (const { file } of copies) await rm(file, { force: true });
  return false;
}

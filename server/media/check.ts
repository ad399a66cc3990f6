// The one check every stored picture and video passes, whoever brings it (an upload, an archive
// import, the legacy import): the type comes from the first bytes and must be one the bucket accepts,
// the size stays within the upload limit, and a picture decodes all the way through within /img's
// pixel bound. The object is then named with that type's extension.
import { DETECTED_TYPES, detectType, UPLOAD_LIMITS, type DetectedType } from "../../app/rules/uploads";
import { pictureProblem } from "./image-check";

export type MediaProblem = "notImage" | "notVideo" | "tooLargeImage" | "tooLargeVideo" | "tooManyPixels";

/** Bytes detectType reads. */
export const MEDIA_HEAD_BYTES = 32;

/** Why an import refused a media, in the words of its report. */
export const MEDIA_PROBLEM_TEXT: Record<MediaProblem, string> = {
  notImage: "not a JPEG, PNG, WebP, AVIF or GIF picture",
  notVideo: "not an MP4 or WebM video",
  tooLargeImage: `larger than the ${UPLOAD_LIMITS.image / 1024 / 1024} MB an uploaded picture may be`,
  tooLargeVideo: `larger than the ${UPLOAD_LIMITS.video / 1024 / 1024} MB an uploaded video may be`,
  tooManyPixels: "over 50 megapixels",
};

export const tooLargeProblem = (kind: "image" | "video"): MediaProblem =>
  kind === "image" ? "tooLargeImage" : "tooLargeVideo";

/**
 * The media's type, or why it is refused for a bucket of `kind`. `head` is its first bytes (at least
 * MEDIA_HEAD_BYTES unless it is shorter); `whole` loads it whole, called only for a picture within the
 * size limit.
 */
export async function checkMedia(
  kind: "image" | "video",
  { size, head, whole }: { size: number; head: Uint8Array; whole: () => Promise<Buffer | null> },
): Promise<{ type: DetectedType } | { problem: MediaProblem }> {
  const type = detectType(head);
  if (!type || DETECTED_TYPES[type].kind !== kind) return { problem: kind === "image" ? "notImage" : "notVideo" };
  if (size > UPLOAD_LIMITS[kind]) return { problem: tooLargeProblem(kind) };
  if (kind === "image") {
    const bytes = await whole();
    const problem = bytes ? await pictureProblem(bytes) : "notImage";
    if (problem) return { problem };
  }
  return { type };
}

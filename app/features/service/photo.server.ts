// The photo a person joins to a problem reported at a machine (/m/{code}). It passes the check every
// stored picture passes (type from its first bytes, pixel bound, decodes all the way), then is turned
// upright, fitted within TICKET_PHOTO.box and encoded again as a JPEG: nothing of the file sent is kept,
// no EXIF, no GPS. It lives in the private bucket 'ticket-photos' under a random name, read only by the
// staff's route (/edit-service/{id}/photo).
import { randomBytes } from "node:crypto";
import { DETECTED_TYPES, TICKET_PHOTO } from "../../rules/uploads";
import type { Services } from "../../../server/context";
import { createLimiter, LimiterFullError } from "../../../server/lib/limiter";
import { checkMedia, MEDIA_HEAD_BYTES, type MediaProblem } from "../../../server/media/check";
import { MAX_INPUT_PIXELS } from "../../../server/media/rules";
import { loadSharp } from "../../../server/media/sharp";

const BUCKET = "ticket-photos";

/** Why a photo was refused: the media check's reasons for a picture, or the server too busy decoding others. */
type PhotoProblem = Extract<MediaProblem, "notImage" | "tooLargeImage" | "tooManyPixels"> | "busy";

// Decoding a phone photo takes a core and up to a few hundred MB: one at a time, a few waiting.
const decoding = createLimiter({ concurrency: 1, queue: 4 });

/** The photo as it will be stored (upright, within the box, JPEG without metadata), or why it is refused. */
export async function preparePhoto(bytes: Buffer): Promise<{ jpeg: Buffer } | { problem: PhotoProblem }> {
  if (bytes.length > TICKET_PHOTO.maxBytes) return { problem: "tooLargeImage" };
  try {
    return await decoding.run(async () => {
      const checked = await checkMedia("image", {
        size: bytes.length,
        head: bytes.subarray(0, MEDIA_HEAD_BYTES),
        whole: () => Promise.resolve(bytes),
      });
      if ("problem" in checked) {
        const { problem } = checked;
        return { problem: problem === "tooManyPixels" || problem === "tooLargeImage" ? problem : "notImage" };
      }
      const sharp = await loadSharp();
      const jpeg = await sharp(bytes, { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS, animated: false })
        .rotate()
        .resize({ width: TICKET_PHOTO.box, height: TICKET_PHOTO.box, fit: "inside", withoutEnlargement: true })
        // A transparent PNG on white, as it was seen.
        .flatten({ background: "#ffffff" })
        .jpeg({ quality: TICKET_PHOTO.quality, mozjpeg: true })
        .toBuffer();
      return { jpeg };
    });
  } catch (error) {
    if (error instanceof LimiterFullError) return { problem: "busy" };
    throw error;
  }
}

/** Stores a prepared photo under a name no one can guess; returns the name (the ticket keeps it). */
export async function storeTicketPhoto({ storage }: Pick<Services, "storage">, jpeg: Buffer): Promise<string> {
  const name = `ticket-${randomBytes(16).toString("hex")}.jpg`;
  await storage.put(BUCKET, name, jpeg, DETECTED_TYPES.jpg.mime);
  return name;
}

/** Deletes a ticket's photo; what fails is logged and left to the sweep (no ticket names it any more). */
export async function deleteTicketPhotos(
  { storage, log }: Pick<Services, "storage" | "log">,
  names: readonly (string | null)[],
): Promise<void> {
  for (const name of names) {
    if (!name) continue;
    await storage.delete(BUCKET, name).catch((error: unknown) => {
      log.error({ err: error, object: `${BUCKET}/${name}` }, "Error deleting a ticket's photo");
    });
  }
}

/** A ticket's photo, for the staff's route; null when it is gone. */
export function readTicketPhoto({ storage }: Pick<Services, "storage">, name: string): Promise<Buffer | null> {
  return storage.read(BUCKET, name, { maxBytes: TICKET_PHOTO.maxBytes });
}

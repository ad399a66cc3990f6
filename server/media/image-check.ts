// The check every stored picture passes (uploads, imported media): it decodes all the way through,
// within /img's pixel bound, so every stored picture can be shown resized and none makes the decoder
// allocate gigabytes.
import { MAX_INPUT_PIXELS } from "./rules";
import { loadSharp } from "./sharp";

/** Null for a picture that decodes; otherwise why it is refused. */
export async function pictureProblem(bytes: Buffer): Promise<"tooManyPixels" | "notImage" | null> {
  const sharp = await loadSharp();
  const size = await sharp(bytes, { animated: false })
    .metadata()
    .catch(() => null);
  if (!size) return "notImage";
  if (size.width !== undefined && size.width * size.height > MAX_INPUT_PIXELS) return "tooManyPixels";
  const decodes = await sharp(bytes, { failOn: "error", animated: false, limitInputPixels: MAX_INPUT_PIXELS })
    .resize(16)
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
  return decodes ? null : "notImage";
}

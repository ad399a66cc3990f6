// One zod schema per mutation of /edit-gallery, used by the forms (before sending) and by the route
// action (authoritative). Field names are the forms' own: 'photos.0.alt', 'ids.3'.
import { z } from "../../lib/zod";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { GALLERY_MSG } from "./messages";

/** Longest description of a photo: what a screen reader reads without tiring, and search engines keep. */
export const ALT_MAX = 160;
/** Photos added in one post. */
export const MAX_BATCH = 30;

const GALLERY_URL = /^\/media\/gallery-images\/[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|png|webp|avif|gif)$/;

/** The description: one line (runs of spaces and line breaks become one space), 1 to 160 characters. */
const AltTextSchema = z
  .string({ error: GALLERY_MSG.altRequired })
  .transform((value) => value.replace(/\s+/g, " ").trim())
  .pipe(z.string().min(1, GALLERY_MSG.altRequired).max(ALT_MAX, GALLERY_MSG.altTooLong(ALT_MAX)));

export const GalleryActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add"),
    photos: z
      .array(z.object({ image_url: z.string().regex(GALLERY_URL), alt: AltTextSchema }))
      .min(1)
      .max(MAX_BATCH),
  }),
  z.object({ intent: z.literal("describe"), id: z.uuid(), alt: AltTextSchema }),
  z.object({
    intent: z.literal("feature"),
    id: z.uuid(),
    featured: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({
    intent: z.literal("reorder"),
    ids: z
      .array(z.uuid())
      .min(1)
      .max(5000)
      .refine((ids) => new Set(ids).size === ids.length),
  }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type GalleryIntent = z.output<typeof GalleryActionSchema>["intent"];
export const GALLERY_INTENTS: readonly GalleryIntent[] = ["add", "describe", "feature", "reorder", "delete"];

/** What /edit-gallery answers. */
export type GalleryActionResult = StaffActionResult<GalleryIntent>;

/** The toast for a refused form: a description's own message when that is what was wrong, else what
 * the gallery says of a failed upload, change or deletion. */
export function validationToast(intent: GalleryIntent | "invalid", fieldErrors: FieldErrors): StaffToast {
  const description = Object.entries(fieldErrors).find(([field]) => field === "alt" || field.endsWith(".alt"))?.[1];
  switch (intent) {
    case "add":
      return { type: "error", title: GALLERY_MSG.uploadError, description: description ?? GALLERY_MSG.addFailed };
    case "reorder":
      return { type: "error", title: GALLERY_MSG.updateError, description: GALLERY_MSG.orderFailed };
    case "delete":
      return { type: "error", title: GALLERY_MSG.deleteError, description: GALLERY_MSG.retry };
    default:
      return { type: "error", title: GALLERY_MSG.updateError, description: description ?? GALLERY_MSG.retry };
  }
}

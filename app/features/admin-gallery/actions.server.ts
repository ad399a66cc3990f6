// What /edit-gallery changes: add photos (with their descriptions), describe, feature, reorder, delete.
// The body is the posted form, read with the forms' own schema; every answer is a StaffActionResult
// whose toasts the page shows. The caller (the route module) has already called requireAdmin.
import type { StaffToast } from "~/lib/staff-action";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import type { Services } from "../../../server/context";
import {
  deletePhoto,
  FeaturedLimitError,
  getPhoto,
  insertPhotosFirst,
  listPhotos,
  reorderPhotos,
  setPhotoAlt,
  setPhotoFeatured,
} from "~/features/gallery/store.server";
import { releaseMedia } from "../../../server/media/remove";
import { photoMedia } from "../../../server/media/rules";
import { GALLERY_MSG } from "./messages";
import { MAX_FEATURED } from "./order";
import {
  GALLERY_INTENTS,
  GalleryActionSchema,
  validationToast,
  type GalleryActionResult,
  type GalleryIntent,
} from "./schema";

export async function galleryAction(services: Services, request: Request) {
  const answer = (result: GalleryActionResult, status?: number) =>
    staffAnswer(request, services.secret, result, { status, doneUrl: "/edit-gallery" });
  const ok = (intent: GalleryIntent, toasts: StaffToast[] = [], id?: string) =>
    answer({ ok: true, intent, toasts, id });
  const fail = (intent: GalleryIntent, toast: StaffToast, status: number) =>
    answer({ ok: false, intent, toasts: [toast] }, status);

  const { db, log } = services;
  const read = await readStaffForm(request, GalleryActionSchema);
  if (!read.ok) {
    const intent = GALLERY_INTENTS.find((known) => known === read.intent) ?? "invalid";
    const { fieldErrors } = read;
    return answer({ ok: false, intent, toasts: [validationToast(intent, fieldErrors)], fieldErrors }, 400);
  }
  const input = read.input;

  try {
    switch (input.intent) {
      case "add": {
        const now = Date.now();
        const photos = await insertPhotosFirst(
          db,
          input.photos.map((photo, index) => ({
            nom: `Photo ${now + index}`,
            image_url: photo.image_url,
            alt: photo.alt,
          })),
        );
        return ok(input.intent, [success(GALLERY_MSG.success, GALLERY_MSG.added(photos.length))]);
      }
      case "describe": {
        const photo = await setPhotoAlt(db, input.id, input.alt);
        if (!photo) return fail(input.intent, failure(GALLERY_MSG.updateError, GALLERY_MSG.gone), 404);
        return ok(input.intent, [success(GALLERY_MSG.success, GALLERY_MSG.described)], photo.id);
      }
      case "feature": {
        // A missing photo is said so before the limit is checked.
        const gone = () => fail(input.intent, failure(GALLERY_MSG.updateError, GALLERY_MSG.gone), 404);
        if (!(await getPhoto(db, input.id))) return gone();
        const photo = await setPhotoFeatured(db, input.id, input.featured);
        if (!photo) return gone();
        const done = photo.is_featured ? GALLERY_MSG.featured : GALLERY_MSG.unfeatured;
        return ok(input.intent, [success(GALLERY_MSG.success, done)], photo.id);
      }
      case "reorder": {
        // The list on screen must be the list in the database: a photo added or removed elsewhere
        // meanwhile makes the order stale, and the page reloads the list instead.
        const current = new Set((await listPhotos(db)).map((photo) => photo.id));
        if (current.size !== input.ids.length || input.ids.some((id) => !current.has(id)))
          return fail(input.intent, failure(GALLERY_MSG.updateError, GALLERY_MSG.staleOrder), 409);
        await reorderPhotos(db, input.ids);
        return ok(input.intent);
      }
      case "delete": {
        const photo = await deletePhoto(db, input.id);
        if (!photo) return fail(input.intent, failure(GALLERY_MSG.deleteError, GALLERY_MSG.gone), 404);
        // The stored object named by the URL's last segment goes too, with its resized copies
        // (unless another record still shows it).
        await releaseMedia(services, photoMedia(photo));
        return ok(input.intent, [success(GALLERY_MSG.success, GALLERY_MSG.deleted)], photo.id);
      }
    }
  } catch (error) {
    if (error instanceof FeaturedLimitError)
      return fail("feature", failure(GALLERY_MSG.updateError, GALLERY_MSG.featuredLimit(MAX_FEATURED)), 409);
    log.error({ err: error, intent: input.intent }, "Error updating gallery");
    return fail(input.intent, serverFailure(input.intent), 500);
  }
}

/** What a failure on our side says, by intent. */
function serverFailure(intent: GalleryIntent): StaffToast {
  switch (intent) {
    case "add":
      return failure(GALLERY_MSG.uploadError, GALLERY_MSG.addFailed);
    case "reorder":
      return failure(GALLERY_MSG.updateError, GALLERY_MSG.orderFailed);
    case "delete":
      return failure(GALLERY_MSG.deleteError, GALLERY_MSG.retry);
    default:
      return failure(GALLERY_MSG.updateError, GALLERY_MSG.retry);
  }
}

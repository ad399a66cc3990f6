// What /edit-gallery changes: add, feature, reorder, delete photos. The caller (the route module) has
// already called requireAdmin.
import { sql } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Services } from "../../../server/context";
import {
  deletePhoto,
  FeaturedLimitError,
  getPhoto,
  listPhotos,
  reorderPhotos,
  setPhotoFeatured,
} from "../../../server/data/gallery-photos";
import type { Db } from "../../../server/db/client";
import { galleryPhotos, type GalleryPhoto } from "../../../server/db/schema";
import { releaseMedia } from "../../../server/media/remove";
import { photoMedia } from "../../../server/media/rules";

const GALLERY_URL = /^\/media\/gallery-images\/[A-Za-z0-9][A-Za-z0-9_-]*\.(?:jpg|png|webp|avif|gif)$/;
const MAX_BATCH = 30;

export const GalleryActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), image_url: z.array(z.string().regex(GALLERY_URL)).min(1).max(MAX_BATCH) }),
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

type Intent = z.infer<typeof GalleryActionSchema>["intent"];

export type GalleryActionResult =
  | { ok: true; intent: "add"; photos: GalleryPhoto[] }
  | { ok: true; intent: "feature"; photo: GalleryPhoto }
  | { ok: true; intent: "reorder" }
  | { ok: true; intent: "delete"; id: string }
  | { ok: false; intent: Intent | null; error: "invalid" | "limit" | "not-found" | "stale" | "server" };

const fail = (intent: Intent | null, error: "invalid" | "limit" | "not-found" | "stale" | "server", status: number) =>
  data<GalleryActionResult>({ ok: false, intent, error }, { status });

function readForm(form: FormData) {
  return {
    intent: form.get("intent"),
    image_url: form.getAll("image_url"),
    id: form.get("id"),
    featured: form.get("featured"),
    ids: form.getAll("ids"),
  };
}

export async function galleryAction(services: Services, form: FormData) {
  const { db, log } = services;
  const raw = readForm(form);
  const parsed = GalleryActionSchema.safeParse(raw);
  const rawIntent = (["add", "feature", "reorder", "delete"] as const).find((i) => i === raw.intent) ?? null;
  if (!parsed.success) return fail(rawIntent, "invalid", 400);
  const input = parsed.data;

  try {
    switch (input.intent) {
      case "add": {
        const now = Date.now();
        const photos = await insertPhotosFirst(
          db,
          input.image_url.map((image_url, index) => ({ nom: `Photo ${now + index}`, image_url })),
        );
        return data<GalleryActionResult>({ ok: true, intent: "add", photos });
      }
      case "feature": {
        if (!(await getPhoto(db, input.id))) return fail("feature", "not-found", 404);
        const photo = await setPhotoFeatured(db, input.id, input.featured);
        if (!photo) return fail("feature", "not-found", 404);
        return data<GalleryActionResult>({ ok: true, intent: "feature", photo });
      }
      case "reorder": {
        // The list on screen must be the list in the database: a photo added or removed elsewhere
        // meanwhile makes the order stale, and the page reloads the list instead.
        const current = new Set((await listPhotos(db)).map((photo) => photo.id));
        if (current.size !== input.ids.length || input.ids.some((id) => !current.has(id)))
          return fail("reorder", "stale", 409);
        await reorderPhotos(db, input.ids);
        return data<GalleryActionResult>({ ok: true, intent: "reorder" });
      }
      case "delete": {
        const photo = await deletePhoto(db, input.id);
        if (!photo) return fail("delete", "not-found", 404);
        // The stored object named by the URL's last segment goes too, with its resized copies
        // (unless another record still shows it).
        await releaseMedia(services, photoMedia(photo));
        return data<GalleryActionResult>({ ok: true, intent: "delete", id: photo.id });
      }
    }
  } catch (error) {
    if (error instanceof FeaturedLimitError) return fail("feature", "limit", 409);
    log.error({ err: error, intent: input.intent }, "Error updating gallery");
    return fail(input.intent, "server", 500);
  }
}

/** Inserts photos with ordre 0 and moves every existing photo one place down, in one
 * transaction, so new photos show first in the admin and on the gallery page. */
export async function insertPhotosFirst(db: Db, photos: { nom: string; image_url: string }[]): Promise<GalleryPhoto[]> {
  if (photos.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.update(galleryPhotos).set({ ordre: sql`${galleryPhotos.ordre} + ${photos.length}` });
    return tx
      .insert(galleryPhotos)
      .values(photos.map((photo, index) => ({ ...photo, is_featured: false, ordre: index })))
      .returning();
  });
}

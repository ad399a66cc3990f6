// Staff gallery screen (/edit-gallery): new photos go first.
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { galleryPhotos, type GalleryPhoto } from "../db/schema";

/** Inserts photos with ordre 0 (spec) and moves every existing photo one place down, in one
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

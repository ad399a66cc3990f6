// Staff gallery screen (/edit-gallery): new photos go first, and a stored file is removed only when no
// photo uses it any more.
import { count, eq, sql } from "drizzle-orm";
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

export async function countPhotosUsing(db: Db, imageUrl: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(galleryPhotos).where(eq(galleryPhotos.image_url, imageUrl));
  return Number(row?.value ?? 0);
}

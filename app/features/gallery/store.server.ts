// The gallery's photos: this module alone reads and writes their table (gallery_photos). The home
// page, the gallery, its staff screen, the staff panel and the journal call it.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { galleryPhotos, type GalleryPhoto } from "../../../server/db/schema";

const MAX_FEATURED_PHOTOS = 6;

export class FeaturedLimitError extends Error {
  constructor() {
    super(`At most ${MAX_FEATURED_PHOTOS} photos can be featured`);
  }
}

/** Home: featured photos ordered by ordre ascending, at most 6. */
export function listFeaturedPhotos(db: Db): Promise<GalleryPhoto[]> {
  return db
    .select()
    .from(galleryPhotos)
    .where(eq(galleryPhotos.is_featured, true))
    .orderBy(asc(galleryPhotos.ordre), asc(galleryPhotos.created_at))
    .limit(MAX_FEATURED_PHOTOS);
}

/** Gallery page and admin: all photos ordered by ordre ascending. */
export function listPhotos(db: Db): Promise<GalleryPhoto[]> {
  return db.select().from(galleryPhotos).orderBy(asc(galleryPhotos.ordre), asc(galleryPhotos.created_at));
}

export async function getPhoto(db: Db, id: string): Promise<GalleryPhoto | null> {
  const [row] = await db.select().from(galleryPhotos).where(eq(galleryPhotos.id, id)).limit(1);
  return row ?? null;
}

/** Inserts photos with ordre 0 and moves every existing photo one place down, in one
 * transaction, so new photos show first in the admin and on the gallery page. */
export async function insertPhotosFirst(
  db: Db,
  photos: { nom: string; image_url: string; alt: string | null }[],
): Promise<GalleryPhoto[]> {
  if (photos.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.update(galleryPhotos).set({ ordre: sql`${galleryPhotos.ordre} + ${photos.length}` });
    return tx
      .insert(galleryPhotos)
      .values(photos.map((photo, index) => ({ ...photo, is_featured: false, ordre: index })))
      .returning();
  });
}

export async function insertPhoto(
  db: Db,
  input: { nom: string; image_url: string; alt?: string | null; is_featured?: boolean; ordre?: number },
): Promise<GalleryPhoto> {
  return db.transaction(async (tx) => {
    if (input.is_featured) await assertCanFeature(tx);
    const [row] = await tx
      .insert(galleryPhotos)
      .values({ ordre: 0, ...input })
      .returning();
    return row!;
  });
}

/** Update is_featured by id; refuses a seventh featured photo even when two admins race. */
export async function setPhotoFeatured(db: Db, id: string, featured: boolean): Promise<GalleryPhoto | null> {
  return db.transaction(async (tx) => {
    if (featured) await assertCanFeature(tx, id);
    const [row] = await tx
      .update(galleryPhotos)
      .set({ is_featured: featured })
      .where(eq(galleryPhotos.id, id))
      .returning();
    return row ?? null;
  });
}

/** A photo's description by id (the activity log's line); null when there is none. */
export async function getPhotoAlt(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: galleryPhotos.alt }).from(galleryPhotos).where(eq(galleryPhotos.id, id));
  return row?.name ?? null;
}

export async function countPhotos(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(galleryPhotos);
  return Number(row?.value ?? 0);
}

export async function countFeaturedPhotos(db: Db): Promise<number> {
  const [row] = await db.select({ value: count() }).from(galleryPhotos).where(eq(galleryPhotos.is_featured, true));
  return Number(row?.value ?? 0);
}

async function assertCanFeature(tx: Db, exceptId?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('gallery_photos.is_featured'))`);
  const where = exceptId
    ? and(eq(galleryPhotos.is_featured, true), sql`${galleryPhotos.id} <> ${exceptId}`)
    : eq(galleryPhotos.is_featured, true);
  const [{ value }] = (await tx.select({ value: count() }).from(galleryPhotos).where(where)) as [{ value: number }];
  if (value >= MAX_FEATURED_PHOTOS) throw new FeaturedLimitError();
}

/** Update alt (the photo's description) by id. */
export async function setPhotoAlt(db: Db, id: string, alt: string | null): Promise<GalleryPhoto | null> {
  const [row] = await db.update(galleryPhotos).set({ alt }).where(eq(galleryPhotos.id, id)).returning();
  return row ?? null;
}

/** Saves a new order: each id gets its index as ordre. */
export async function reorderPhotos(db: Db, orderedIds: string[]): Promise<void> {
  await db.transaction(async (tx) => {
    for (const [index, id] of orderedIds.entries()) {
      await tx.update(galleryPhotos).set({ ordre: index }).where(eq(galleryPhotos.id, id));
    }
  });
}

export async function deletePhoto(db: Db, id: string): Promise<GalleryPhoto | null> {
  const [row] = await db.delete(galleryPhotos).where(eq(galleryPhotos.id, id)).returning();
  return row ?? null;
}

// Figures shown on the staff panel's cards (/edit).
import { count, eq, isNull } from "drizzle-orm";
import type { Db } from "../db/client";
import { contactRequests, galleryPhotos, machines, products } from "../db/schema";

export type PanelCounts = { products: number; machines: number; photos: number; featured: number; openRequests: number };

export async function panelCounts(db: Db): Promise<PanelCounts> {
  const one = async (query: Promise<{ value: number }[]>) => Number((await query)[0]?.value ?? 0);
  const [p, m, photos, featured, openRequests] = await Promise.all([
    one(db.select({ value: count() }).from(products)),
    one(db.select({ value: count() }).from(machines)),
    one(db.select({ value: count() }).from(galleryPhotos)),
    one(db.select({ value: count() }).from(galleryPhotos).where(eq(galleryPhotos.is_featured, true))),
    one(db.select({ value: count() }).from(contactRequests).where(isNull(contactRequests.handled_at))),
  ]);
  return { products: p, machines: m, photos, featured, openRequests };
}

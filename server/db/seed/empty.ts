// Kept apart from ./index.ts so the server can ask whether to seed without loading the drawing code.
import { count } from "drizzle-orm";
import type { Db } from "../client";
import { galleryPhotos, machineCategories, machines, products } from "../schema";

/** True when the site has no product, machine, machine category or gallery photo. */
export async function isDemoEmpty(db: Db): Promise<boolean> {
  const tables = [products, machines, machineCategories, galleryPhotos] as const;
  const counts = await Promise.all(tables.map((t) => db.select({ n: count() }).from(t)));
  return counts.every(([row]) => Number(row?.n ?? 0) === 0);
}

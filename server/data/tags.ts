import { asc } from "drizzle-orm";
import type { Db } from "../db/client";
import { tags, type Tag } from "../db/schema";

/** Every tag, by name (nom ascending). */
export function listTags(db: Db): Promise<Tag[]> {
  return db.select().from(tags).orderBy(asc(tags.nom));
}

/** Inserts {nom}; an existing tag of the same name is returned instead of failing. */
export async function insertTag(db: Db, nom: string): Promise<Tag> {
  const [row] = await db
    .insert(tags)
    .values({ nom })
    .onConflictDoUpdate({ target: tags.nom, set: { nom } })
    .returning();
  return row!;
}

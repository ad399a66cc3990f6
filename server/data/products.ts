import { desc, eq } from "drizzle-orm";
import { normalizeForSearch } from "../../app/rules/text";
import type { Db } from "../db/client";
import { products, type NewProduct, type Product } from "../db/schema";

export type ProductInput = Omit<NewProduct, "id" | "created_at" | "nom_recherche">;

/** Every product, newest first. */
export function listProducts(db: Db): Promise<Product[]> {
  return db.select().from(products).orderBy(desc(products.created_at), products.nom);
}

export async function getProduct(db: Db, id: string): Promise<Product | null> {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export async function insertProduct(db: Db, input: ProductInput): Promise<Product> {
  const [row] = await db
    .insert(products)
    .values({ ...input, nom_recherche: normalizeForSearch(input.nom) })
    .returning();
  return row!;
}

export async function updateProduct(
  db: Db,
  id: string,
  input: Partial<ProductInput>,
): Promise<Product | null> {
  const values = input.nom === undefined ? input : { ...input, nom_recherche: normalizeForSearch(input.nom) };
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row ?? null;
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(products).where(eq(products.id, id)).returning({ id: products.id });
  return rows.length > 0;
}

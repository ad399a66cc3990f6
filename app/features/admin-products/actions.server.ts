// What /edit-products changes: create, update, delete a product; create a tag. The caller (the route
// module) has already called requireAdmin.
import { data } from "react-router";
import { formText } from "~/lib/form-data";
import { IdSchema, productInputFromForm, TagSchema, validateProduct, type ProductField } from "./schema";
import type { Services } from "../../../server/context";
import { deleteProduct, getProduct, insertProduct, updateProduct } from "../../../server/data/products";
import { insertTag, listTags } from "../../../server/data/tags";
import type { Product, Tag } from "../../../server/db/schema";
import { releaseMedia } from "../../../server/media/remove";
import { droppedMedia, productMedia } from "../../../server/media/rules";

export type ProductIntent = "create" | "update" | "delete" | "create-tag";

export type ProductActionResult =
  | { ok: true; intent: "create" | "update"; product: Product }
  | { ok: true; intent: "delete"; id: string }
  | { ok: true; intent: "create-tag"; tag: Tag }
  | {
      ok: false;
      intent: ProductIntent | null;
      error: "missing" | "invalid" | "not-found" | "server";
      fieldErrors?: Partial<Record<ProductField, string>>;
    };

const fail = (
  intent: ProductIntent | null,
  error: "missing" | "invalid" | "not-found" | "server",
  status: number,
  fieldErrors?: Partial<Record<ProductField, string>>,
) => data<ProductActionResult>({ ok: false, intent, error, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

export async function productsAction(services: Services, form: FormData) {
  const { db, log } = services;
  const raw = form.get("intent");
  const intent = (["create", "update", "delete", "create-tag"] as const).find((i) => i === raw) ?? null;
  if (!intent) return fail(null, "invalid", 400);

  if (intent === "create-tag") {
    const parsed = TagSchema.safeParse({ nom: formText(form, "nom").replace(/\s+/g, " ") });
    if (!parsed.success) return fail(intent, formText(form, "nom").trim() ? "invalid" : "missing", 400);
    try {
      // 'local' when 'Local' exists gives the existing tag rather than a near-duplicate.
      const key = parsed.data.nom.toLocaleLowerCase("fr-CA");
      const existing = (await listTags(db)).find((tag) => tag.nom.toLocaleLowerCase("fr-CA") === key);
      const tag = existing ?? (await insertTag(db, parsed.data.nom));
      return data<ProductActionResult>({ ok: true, intent, tag });
    } catch (error) {
      log.error({ err: error }, "Error adding tag");
      return fail(intent, "server", 500);
    }
  }

  let id: string | null = null;
  if (intent === "update" || intent === "delete") {
    const parsed = IdSchema.safeParse(form.get("id"));
    if (!parsed.success) return fail(intent, "not-found", 404);
    id = parsed.data;
  }

  if (intent === "delete") {
    try {
      // Its pictures go once the row is gone (unless another record shows them).
      const before = await getProduct(db, id!);
      if (!before || !(await deleteProduct(db, id!))) return fail(intent, "not-found", 404);
      await releaseMedia(services, productMedia(before));
      return data<ProductActionResult>({ ok: true, intent, id: id! });
    } catch (error) {
      log.error({ err: error }, "Error deleting product");
      return fail(intent, "server", 500);
    }
  }

  const result = validateProduct(productInputFromForm(form));
  if (!result.ok) return fail(intent, result.missing ? "missing" : "invalid", 400, result.fieldErrors);
  const values = result.values;
  try {
    // Every tag of a product exists in tags (with the existing spelling), so the catalogue's tag
    // filters offer it.
    const lower = (nom: string) => nom.toLocaleLowerCase("fr-CA");
    const known = new Map((await listTags(db)).map((tag) => [lower(tag.nom), tag.nom]));
    values.tags = values.tags.map((nom) => known.get(lower(nom)) ?? nom);
    for (const nom of values.tags) if (!known.has(lower(nom))) await insertTag(db, nom);
    if (intent === "create") {
      const product = await insertProduct(db, values);
      return data<ProductActionResult>({ ok: true, intent, product });
    }
    const before = await getProduct(db, id!);
    const product = await updateProduct(db, id!, values);
    if (!product) return fail(intent, "not-found", 404);
    // A replaced picture goes once the new one is saved.
    await releaseMedia(services, droppedMedia(productMedia(before), productMedia(product)));
    return data<ProductActionResult>({ ok: true, intent, product });
  } catch (error) {
    log.error({ err: error }, intent === "create" ? "Error adding product" : "Error updating product");
    return fail(intent, "server", 500);
  }
}

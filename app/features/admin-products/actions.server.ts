// What /edit-products changes: create, update, delete a product; create a tag. The body is the posted
// form, read with the forms' own schema. The caller (the route module) has already called requireAdmin.
import { isUuid } from "~/rules/id";
import type { StaffToast } from "~/lib/staff-action";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { MSG } from "~/lib/messages";
import {
  PRODUCT_INTENTS,
  PRODUCT_MESSAGES,
  ProductActionSchema,
  productValuesOf,
  validationToast,
  type ProductActionResult,
  type ProductIntent,
} from "./schema";
import type { Services } from "../../../server/context";
import {
  deleteProduct,
  getProduct,
  insertProduct,
  insertTag,
  listTags,
  updateProduct,
} from "~/features/catalogue/products.server";
import { releaseMedia } from "../../../server/media/remove";
import { droppedMedia, productMedia } from "../../../server/media/rules";

const lower = (nom: string) => nom.toLocaleLowerCase("fr-CA");

export async function productsAction(services: Services, request: Request) {
  const answer = (result: ProductActionResult, status?: number, doneUrl?: string) =>
    staffAnswer(request, services.secret, result, { status, doneUrl });
  const fail = (
    intent: ProductIntent | "invalid",
    toast: StaffToast,
    status: number,
    extra: Partial<ProductActionResult> = {},
  ) => answer({ ok: false, intent, toasts: [toast], ...extra }, status);
  const notFound = (intent: ProductIntent) =>
    fail(intent, failure(MSG.error, PRODUCT_MESSAGES.notFound), 404, { missing: true });
  const serverError = (intent: ProductIntent, description: string = PRODUCT_MESSAGES.saveFailed) =>
    fail(intent, failure(MSG.error, description), 500);

  const { db, log } = services;
  const read = await readStaffForm(request, ProductActionSchema);
  if (!read.ok) {
    const { fieldErrors } = read;
    const intent = PRODUCT_INTENTS.find((known) => known === read.intent) ?? "invalid";
    return answer({ ok: false, intent, toasts: [validationToast(fieldErrors, intent)], fieldErrors }, 400);
  }
  const input = read.input;

  switch (input.intent) {
    case "create-tag": {
      try {
        // 'local' when 'Local' exists gives the existing tag rather than a near-duplicate.
        const existing = (await listTags(db)).find((tag) => lower(tag.nom) === lower(input.nom));
        const tag = existing ?? (await insertTag(db, input.nom));
        return answer({
          ok: true,
          intent: input.intent,
          toasts: [success("Tag créé", `« ${tag.nom} » est ajouté au produit.`)],
          id: tag.id,
          tag,
        });
      } catch (err) {
        log.error({ err }, "Error adding tag");
        return serverError(input.intent, PRODUCT_MESSAGES.tagFailed);
      }
    }
    case "delete": {
      if (!isUuid(input.id)) return notFound(input.intent);
      try {
        // Its pictures go once the row is gone (unless another record shows them).
        const before = await getProduct(db, input.id);
        if (!before || !(await deleteProduct(db, input.id))) return notFound(input.intent);
        await releaseMedia(services, productMedia(before));
        return answer({
          ok: true,
          intent: input.intent,
          toasts: [success("Produit supprimé", before.nom)],
          id: before.id,
        });
      } catch (err) {
        log.error({ err }, "Error deleting product");
        return serverError(input.intent);
      }
    }
    case "create":
    case "update": {
      const { intent } = input;
      const id = input.intent === "update" ? input.id : null;
      if (intent === "update" && !isUuid(id)) return notFound(intent);
      const values = productValuesOf(input);
      try {
        // Every tag of a product exists in tags (with the existing spelling), so the catalogue's tag
        // filters offer it.
        const known = new Map((await listTags(db)).map((tag) => [lower(tag.nom), tag.nom]));
        values.tags = values.tags.map((nom) => known.get(lower(nom)) ?? nom);
        for (const nom of values.tags) if (!known.has(lower(nom))) await insertTag(db, nom);
        const before = id ? await getProduct(db, id) : null;
        const product = id ? await updateProduct(db, id, values) : await insertProduct(db, values);
        if (!product) return notFound(intent);
        // A replaced picture goes once the new one is saved.
        await releaseMedia(services, droppedMedia(productMedia(before), productMedia(product)));
        const title = intent === "create" ? "Produit ajouté" : "Produit mis à jour";
        // Saved without JavaScript: back to the page, its search showing the product.
        const doneUrl = `/edit-products?q=${encodeURIComponent(product.nom)}`;
        return answer(
          { ok: true, intent, toasts: [success(title, product.nom)], id: product.id, product },
          200,
          doneUrl,
        );
      } catch (err) {
        log.error({ err }, intent === "create" ? "Error adding product" : "Error updating product");
        return serverError(intent);
      }
    }
  }
}

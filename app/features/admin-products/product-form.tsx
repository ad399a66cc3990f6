import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { toast } from "sonner";
import type { ProductActionResult } from "./actions.server";
import type { Product, Tag } from "../../../server/db/schema";
import { MSG } from "~/lib/messages";
import { useFetcherResult } from "~/lib/use-fetcher-result";
import { CategoryInput } from "./label-chips";
import { ProductFormActions, ProductImagesFields, ProductInformationFields } from "./product-form-fields";
import {
  EMPTY_PRODUCT,
  productInputToForm,
  productToInput,
  validateProduct,
  type ProductField,
  type ProductFormInput,
} from "./schema";
import { TagPicker } from "./tag-picker";

export const PRODUCT_TOASTS = {
  create: "Produit ajouté",
  update: "Produit mis à jour",
  delete: "Produit supprimé",
} as const;

export function productErrorDescription(error: "missing" | "invalid" | "not-found" | "server"): string {
  switch (error) {
    case "missing":
      return MSG.requiredFields;
    case "invalid":
      return "Veuillez corriger les champs indiqués.";
    case "not-found":
      return "Ce produit n'existe plus : il a peut-être été supprimé. La liste est à jour.";
    default:
      return "L'enregistrement a échoué. Veuillez réessayer.";
  }
}

const FIELD_ORDER: ProductField[] = [
  "nom",
  "prix",
  "description",
  "ranking",
  "ingredients",
  "image",
  "nutrition_image",
];

/** Add or edit one product. The same schema checks the values here and on the server; the toast
 * comes only once the server has saved them. */
export function ProductForm({
  mode,
  product,
  tags,
  categories,
  onSaved,
  onCancel,
  onDelete,
  onDirtyChange,
  onMissing,
}: {
  mode: "add" | "edit";
  product: Product | null;
  tags: Tag[];
  categories: string[];
  onSaved: (product: Product) => void;
  onCancel: () => void;
  onDelete?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  /** The product was deleted meanwhile (elsewhere): the page leaves edit mode. */
  onMissing?: () => void;
}) {
  // The saved values: what `dirty` compares with.
  const [initial, setInitial] = useState<ProductFormInput>(() =>
    product && mode === "edit" ? productToInput(product) : EMPTY_PRODUCT,
  );
  const [values, setValues] = useState<ProductFormInput>(initial);
  const [errors, setErrors] = useState<Partial<Record<ProductField, string>>>({});
  const fetcher = useFetcher<ProductActionResult>({ key: "product-save" });
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const saving = fetcher.state !== "idle";
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // A closed form holds no unsaved changes.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const set = <K extends keyof ProductFormInput>(key: K, value: ProductFormInput[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  function focusFirstError(fieldErrors: Partial<Record<ProductField, string>>) {
    const first = FIELD_ORDER.find((key) => fieldErrors[key]);
    if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
  }

  useFetcherResult(fetcher, (result) => {
    if (result.ok && (result.intent === "create" || result.intent === "update")) {
      toast.success(PRODUCT_TOASTS[result.intent], { description: result.product.nom });
      setInitial(values);
      onSaved(result.product);
    } else if (!result.ok) {
      toast.error(MSG.error, { description: productErrorDescription(result.error) });
      if (result.error === "not-found") {
        void revalidator.revalidate();
        onMissing?.();
      }
      if (result.fieldErrors) {
        setErrors(result.fieldErrors);
        focusFirstError(result.fieldErrors);
      }
    }
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validateProduct(values);
    if (!checked.ok) {
      setErrors(checked.fieldErrors);
      toast.error(MSG.error, {
        description: checked.missing ? MSG.requiredFields : productErrorDescription("invalid"),
      });
      focusFirstError(checked.fieldErrors);
      return;
    }
    setErrors({});
    const data = productInputToForm(values);
    data.set("intent", mode === "add" ? "create" : "update");
    if (mode === "edit" && product) data.set("id", product.id);
    void fetcher.submit(data, { method: "post", action: "/edit-products" });
  }

  const title = mode === "add" ? "Nouveau produit" : `Modifier « ${product?.nom ?? ""} »`;

  return (
    <form
      ref={form}
      onSubmit={submit}
      noValidate
      aria-labelledby="product-form-title"
      className="overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)]"
    >
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-ink/8 px-5 py-4 sm:px-7">
        <div>
          <p className="eyebrow">{mode === "add" ? "Ajout" : "Modification"}</p>
          <h2 id="product-form-title" className="mt-1 text-2xl font-semibold">
            {title}
          </h2>
        </div>
        <p className="text-xs text-stone">
          <span className="text-danger" aria-hidden="true">
            *
          </span>{" "}
          champs obligatoires
        </p>
      </div>

      <div className="space-y-9 px-5 py-6 sm:px-7">
        <ProductInformationFields values={values} set={set} errors={errors} />
        <fieldset className="space-y-6">
          <legend className="mb-4 text-sm font-semibold tracking-wide text-stone uppercase">Catégories et tags</legend>
          <CategoryInput
            value={values.categorie}
            onChange={(next) => set("categorie", next)}
            suggestions={categories}
          />
          <TagPicker value={values.tags} onChange={(next) => set("tags", next)} tags={tags} />
        </fieldset>
        <ProductImagesFields values={values} set={set} errors={errors} />
      </div>

      <ProductFormActions mode={mode} saving={saving} onDelete={onDelete} onCancel={onCancel} />
    </form>
  );
}

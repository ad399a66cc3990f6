// Add or edit one product: a plain form posted to the route action (intent 'create' or 'update'), its
// typed fields named inputs, its lists and pictures hidden fields rendered from the form's state. The
// same schema checks it here and on the server; the toasts come from the server's answer.
import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import type { Product, Tag } from "../../../server/db/schema";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { CategoryInput } from "./label-chips";
import { ProductFormActions, ProductImagesFields, ProductInformationFields } from "./product-form-fields";
import { ProductSearchFields } from "./product-search-fields";
import {
  EMPTY_PRODUCT,
  ProductActionSchema,
  productToInput,
  validationToast,
  type ProductActionResult,
  type ProductFormValues,
} from "./schema";
import { TagPicker } from "./tag-picker";

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
  const [initial, setInitial] = useState<ProductFormValues>(() =>
    product && mode === "edit" ? productToInput(product) : EMPTY_PRODUCT,
  );
  const [values, setValues] = useState<ProductFormValues>(initial);
  const fetcher = useFetcher<ProductActionResult>({ key: "product-save" });
  const revalidator = useRevalidator();
  const form = useRef<HTMLFormElement>(null);
  const dirty = JSON.stringify(values) !== JSON.stringify(initial);
  const productId = mode === "edit" ? (product?.id ?? null) : null;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);
  // A closed form holds no unsaved changes.
  useEffect(() => () => onDirtyChange?.(false), [onDirtyChange]);

  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => {
    if (result.ok && result.product) {
      setInitial(values);
      onSaved(result.product);
    } else if (result.missing) {
      // A refused action is not followed by a reload of the page's data: the list is brought up to date.
      void revalidator.revalidate();
      onMissing?.();
    } else if (!result.ok) {
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
    }
  });

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    // A changed field drops its error (and those of its list's items).
    if (Object.keys(fieldErrors).some((name) => name === key || name.startsWith(`${key}.`)))
      setFieldErrors((errors) =>
        Object.fromEntries(Object.entries(errors).filter(([name]) => name !== key && !name.startsWith(`${key}.`))),
      );
  };

  const title = mode === "add" ? "Nouveau produit" : `Modifier « ${product?.nom ?? ""} »`;
  const fieldProps = { values, set, errors: fieldErrors };

  return (
    <fetcher.Form
      ref={form}
      method="post"
      action="/edit-products"
      onSubmit={(event) =>
        setFieldErrors(checkBeforeSending(event, ProductActionSchema, (errors) => validationToast(errors)))
      }
      noValidate
      aria-labelledby="product-form-title"
      className="overflow-hidden rounded-[var(--radius-card)] border border-ink/8 bg-white shadow-[var(--shadow-card)]"
    >
      <input type="hidden" name="intent" value={mode === "add" ? "create" : "update"} />
      {productId && <input type="hidden" name="id" value={productId} />}
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
        <ProductInformationFields {...fieldProps} />
        <fieldset className="space-y-6">
          <legend className="mb-4 text-sm font-semibold tracking-wide text-stone uppercase">Catégories et tags</legend>
          {values.categorie.map((nom, index) => (
            <input key={`categorie-${nom}`} type="hidden" name={`categorie.${index}`} value={nom} />
          ))}
          {values.tags.map((nom, index) => (
            <input key={`tag-${nom}`} type="hidden" name={`tags.${index}`} value={nom} />
          ))}
          <CategoryInput
            value={values.categorie}
            onChange={(next) => set("categorie", next)}
            suggestions={categories}
          />
          <TagPicker value={values.tags} onChange={(next) => set("tags", next)} tags={tags} />
        </fieldset>
        <ProductImagesFields {...fieldProps} />
        <ProductSearchFields {...fieldProps} productId={productId} />
      </div>

      <ProductFormActions mode={mode} saving={pending} onDelete={onDelete} onCancel={onCancel} />
    </fetcher.Form>
  );
}

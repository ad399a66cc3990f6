// 'Recherche et partage': the product page's title and description for search engines, its share picture
// and that picture's text, each optional over the derived one, with a live preview of the search result
// and of a shared link. Closed until opened, or while one of its fields is refused.
import { ChevronDown, Search } from "lucide-react";
import { useState } from "react";
import { SeoPreview } from "~/components/seo-preview";
import { Field, Input, Textarea } from "~/components/ui/field";
import { productMeta } from "~/features/catalogue/product-texts";
import { UploadField } from "~/features/uploads/upload-field";
import { SHARE_IMAGE } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { AltTextField, LengthHint, nameOrDefault, type FieldsProps } from "./product-form-fields";
import { parsePrice, PRODUCT_LIMITS, type ProductFormValues } from "./schema";

const SEARCH_FIELDS = ["seo_title", "seo_description", "share_image", "share_image_alt"] as const;

/** The page's meta as the form's values give it: the staff's texts, else the derived ones. */
function metaOf(values: ProductFormValues) {
  return productMeta({ ...values, nom: nameOrDefault(values), prix: parsePrice(values.prix) || 0 });
}

export function ProductSearchFields({ productId, ...props }: FieldsProps & { productId: string | null }) {
  const { values, set, errors } = props;
  const site = useSite();
  const [open, setOpen] = useState(() => SEARCH_FIELDS.some((field) => values[field].trim() !== ""));
  const refused = SEARCH_FIELDS.some((field) => errors[field]);
  const meta = metaOf(values);
  const derived = metaOf({ ...values, seo_title: "", seo_description: "", share_image_alt: "" });
  const derivedShareAlt = derived.imageAlt ?? SHARE_IMAGE.alt(site.name);

  return (
    <details
      open={open || refused}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      // On a phone it spans the form's width like the sections above; a framed panel from 640 px.
      className="group border-y border-ink/10 sm:rounded-2xl sm:border sm:bg-ivory/50 sm:open:bg-white"
    >
      <summary className="flex cursor-pointer list-none items-center gap-3 rounded-2xl py-4 outline-none focus-visible:ring-2 focus-visible:ring-brass/50 sm:px-5 [&::-webkit-details-marker]:hidden">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-sand text-brass-ink">
          <Search className="size-4" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold tracking-wide text-ink uppercase">Recherche et partage</span>
          <span className="block text-xs text-stone">
            Facultatif : le titre, la description et l'image que montrent Google et un lien partagé.
          </span>
        </span>
        <ChevronDown
          className="size-5 shrink-0 text-stone transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>

      <div className="space-y-5 border-t border-ink/8 pt-5 pb-6 sm:px-5">
        <Field
          label="Titre pour les moteurs de recherche"
          error={errors.seo_title}
          hint={
            <LengthHint value={values.seo_title} max={PRODUCT_LIMITS.seoTitle}>
              Vide : le nom du produit. Le nom du site suit le titre.
            </LengthHint>
          }
        >
          {(p) => (
            <Input
              {...p}
              name="seo_title"
              value={values.seo_title}
              placeholder={derived.title}
              autoComplete="off"
              onChange={(e) => set("seo_title", e.target.value)}
            />
          )}
        </Field>
        <Field
          label="Description pour les moteurs de recherche"
          error={errors.seo_description}
          hint={
            <LengthHint value={values.seo_description} max={PRODUCT_LIMITS.seoDescription}>
              Vide : le début de la description du produit.
            </LengthHint>
          }
        >
          {(p) => (
            <Textarea
              {...p}
              name="seo_description"
              compact
              value={values.seo_description}
              placeholder={derived.description}
              onChange={(e) => set("seo_description", e.target.value)}
            />
          )}
        </Field>

        <div className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2 [&>*]:min-w-0">
          <div>
            <input type="hidden" name="share_image" value={values.share_image} />
            <UploadField
              bucket="product-images"
              label="Image de partage"
              value={values.share_image}
              onUploaded={(result) => set("share_image", result.url)}
              onRemove={() => set("share_image", "")}
              failureMessage="Erreur lors du téléchargement"
              hint="Sinon, l'image principale du produit est partagée. Idéalement 1200 × 630 pixels."
            />
            {errors.share_image && <p className="mt-2 text-sm text-danger">{errors.share_image}</p>}
          </div>
          <AltTextField
            {...props}
            label="Texte de remplacement de l'image de partage"
            name="share_image_alt"
            derived={derivedShareAlt}
          />
        </div>

        <div>
          <p className="mb-3 text-sm font-medium text-ink">Aperçu</p>
          <SeoPreview
            path={productId ? `/produits/${productId}` : "/produits/…"}
            title={meta.title}
            description={meta.description}
            image={meta.image ?? null}
            imageAlt={meta.imageAlt}
          />
        </div>
      </div>
    </details>
  );
}

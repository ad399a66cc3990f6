// 'Recherche et partage' of a product: closed until opened, or while one of its fields is refused; the
// product page's title, description and share picture derive from the product when left empty.
import { ChevronDown, Search } from "lucide-react";
import { useState } from "react";
import { SearchAndSharingFields, type SearchAndSharingValue } from "~/components/search-and-sharing-fields";
import { productMeta } from "~/features/catalogue/product-texts";
import { SHARE_IMAGE } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import { nameOrDefault, type FieldsProps } from "./product-form-fields";
import { parsePrice, PRODUCT_LIMITS, type ProductFormValues } from "./schema";

const SEARCH_FIELDS = ["seo_title", "seo_description", "share_image", "share_image_alt"] as const;

/** The page's meta as the form's values give it: the staff's texts, else the derived ones. */
function metaOf(values: ProductFormValues) {
  return productMeta({ ...values, nom: nameOrDefault(values), prix: parsePrice(values.prix) || 0 });
}

export function ProductSearchFields({ productId, values, set, errors }: FieldsProps & { productId: string | null }) {
  const site = useSite();
  const [open, setOpen] = useState(() => SEARCH_FIELDS.some((field) => values[field].trim() !== ""));
  const refused = SEARCH_FIELDS.some((field) => errors[field]);
  const derived = metaOf({ ...values, seo_title: "", seo_description: "", share_image_alt: "" });
  const value: SearchAndSharingValue = { ...values, share_image: values.share_image || null };

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
            Facultatif&nbsp;: le titre, la description et l'image que montrent Google et un lien partagé.
          </span>
        </span>
        <ChevronDown
          className="size-5 shrink-0 text-stone transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>

      <div className="border-t border-ink/8 pt-5 pb-6 sm:px-5">
        <SearchAndSharingFields
          value={value}
          set={(field, next) => set(field, next ?? "")}
          nameOf={(field) => field}
          errors={errors}
          shown={metaOf(values)}
          derived={{
            title: derived.title,
            description: derived.description,
            shareImageAlt: derived.imageAlt ?? SHARE_IMAGE.alt(site.name),
          }}
          limits={{
            title: PRODUCT_LIMITS.seoTitle,
            description: PRODUCT_LIMITS.seoDescription,
            alt: PRODUCT_LIMITS.alt,
          }}
          bucket="product-images"
          defaultPictureName="la photo principale du produit"
          path={productId ? `/produits/${productId}` : "/produits/…"}
        />
      </div>
    </details>
  );
}

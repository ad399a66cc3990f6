// 'Recherche et partage' of a staff form (a product, a machine, a category): the title and description a
// search result shows, the picture and text a shared link shows, each left empty to keep what the page
// derives (shown as the field's placeholder), and the live preview of both. The area computes what the
// page shows; this draws the fields and the preview the same way everywhere.
import { Search } from "lucide-react";
import type { ComponentProps } from "react";
import { SeoPreview } from "~/components/seo-preview";
import { Field, Input, LengthHint, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";

/** The four fields as typed ("" or null: keep what the page derives). */
export type SearchAndSharingValue = {
  seo_title: string;
  seo_description: string;
  share_image: string | null;
  share_image_alt: string;
};

type FieldKey = keyof SearchAndSharingValue;

type Props = {
  value: SearchAndSharingValue;
  set: <K extends FieldKey>(field: K, value: SearchAndSharingValue[K]) => void;
  /** Each field's name in the posted form ('seo_title', 'machine.seo_title'); errors are keyed by it. */
  nameOf: (field: FieldKey) => string;
  errors: Partial<Record<string, string>>;
  /** What the page shows with these values, for the preview. */
  shown: { title: string; description: string; image?: string | null; imageAlt?: string };
  /** What each text field keeps when left empty. */
  derived: { title: string; description: string; shareImageAlt: string };
  limits: { title: number; description: number; alt: number };
  bucket: ComponentProps<typeof UploadField>["bucket"];
  /** What a shared link shows without a share picture ('la photo principale du produit'). */
  defaultPictureName: string;
  /** The public page's path, for the preview. */
  path: string;
};

export function SearchAndSharingFields({
  value,
  set,
  nameOf,
  errors,
  shown,
  derived,
  limits,
  bucket,
  defaultPictureName,
  path,
}: Props) {
  const shareImageError = errors[nameOf("share_image")];
  return (
    <div className="space-y-6">
      <input type="hidden" name={nameOf("share_image")} value={value.share_image ?? ""} />
      <div className="grid gap-5">
        <Field
          label="Titre dans les résultats de recherche"
          error={errors[nameOf("seo_title")]}
          hint={
            <LengthHint value={value.seo_title} max={limits.title}>
              Vide&nbsp;: le texte en gris. Le nom du site suit le titre.
            </LengthHint>
          }
        >
          {(p) => (
            <Input
              {...p}
              name={nameOf("seo_title")}
              value={value.seo_title}
              maxLength={limits.title}
              placeholder={derived.title}
              autoComplete="off"
              onChange={(e) => set("seo_title", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="Description dans les résultats de recherche"
          error={errors[nameOf("seo_description")]}
          hint={
            <LengthHint value={value.seo_description} max={limits.description}>
              Vide&nbsp;: le texte en gris.
            </LengthHint>
          }
        >
          {(p) => (
            <Textarea
              {...p}
              compact
              name={nameOf("seo_description")}
              value={value.seo_description}
              maxLength={limits.description}
              placeholder={derived.description}
              onChange={(e) => set("seo_description", e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="grid grid-cols-1 gap-x-6 gap-y-5 md:grid-cols-2 [&>*]:min-w-0">
          <div>
            <UploadField
              bucket={bucket}
              label="Image de partage"
              hint={`Idéalement 1200 × 630 pixels. Sans image de partage, le lien montre ${defaultPictureName}.`}
              value={value.share_image}
              onUploaded={({ url }) => set("share_image", url)}
              onRemove={() => set("share_image", null)}
            />
            {shareImageError && <p className="mt-2 text-sm text-danger">{shareImageError}</p>}
          </div>
          <Field
            label="Description de l'image de partage"
            error={errors[nameOf("share_image_alt")]}
            hint={
              <LengthHint value={value.share_image_alt} max={limits.alt}>
                Pour qui ne voit pas l'image. Vide&nbsp;: le texte en gris.
              </LengthHint>
            }
          >
            {(p) => (
              <Input
                {...p}
                name={nameOf("share_image_alt")}
                value={value.share_image_alt}
                maxLength={limits.alt}
                placeholder={derived.shareImageAlt}
                autoComplete="off"
                onChange={(e) => set("share_image_alt", e.currentTarget.value)}
              />
            )}
          </Field>
        </div>
      </div>
      <div>
        <h3 className="mb-3 flex items-center gap-2 font-sans text-sm font-semibold tracking-normal">
          <Search className="size-4 text-brass-ink" aria-hidden="true" /> Aperçu
        </h3>
        <SeoPreview
          path={path}
          title={shown.title}
          description={shown.description}
          image={shown.image ?? null}
          imageAlt={shown.imageAlt}
        />
      </div>
    </div>
  );
}

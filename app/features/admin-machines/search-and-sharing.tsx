// 'Recherche et partage' of a machine or a category: the title and description a search result shows,
// the picture and text a shared link shows, each left empty to keep what the page derives, and the
// live preview of both. Field names are the schema's ('machine.seo_title', 'category.share_image').
import { Search, Share2 } from "lucide-react";
import { SeoPreview } from "~/components/seo-preview";
import { Field, Input, Textarea } from "~/components/ui/field";
import { UploadField } from "~/features/uploads/upload-field";
import { searchAndSharing, type Picture } from "~/features/machines/seo";
import { SHARE_IMAGE } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import type { FieldErrors } from "~/lib/staff-action";
import type { MachineFormState, SearchAndSharing } from "./form-state";
import { mainPicture } from "~/features/machines/media";
import { machineDerivedSeo } from "~/features/machines/seo";
import { FormSection } from "./parts";
import { TEXT_LIMITS } from "./schema";

type Props = {
  /** The form's object: 'machine' or 'category'. */
  prefix: "machine" | "category";
  value: SearchAndSharing;
  onChange: (value: SearchAndSharing) => void;
  /** What the page shows when a field is left empty. */
  derived: { title: string; description: string };
  /** The picture shared without one of its own (the machine's main picture, the category's). */
  defaultPicture: Picture | null;
  /** 'la photo principale' — said in the share picture's hint. */
  defaultPictureName: string;
  bucket: "machine-images" | "machine-category-images";
  /** The public page's path, for the preview. */
  path: string;
  errors: FieldErrors;
};

const count = (text: string, max: number) => `${text.trim().length} / ${max} caractères · facultatif`;

export function SearchAndSharingFields({
  prefix,
  value,
  onChange,
  derived,
  defaultPicture,
  defaultPictureName,
  bucket,
  path,
  errors,
}: Props) {
  const site = useSite();
  const set = <K extends keyof SearchAndSharing>(key: K, v: SearchAndSharing[K]) => onChange({ ...value, [key]: v });
  const shown = searchAndSharing(value, derived, [defaultPicture]);
  // The text a shared link's picture carries when the field is left empty (as pageMeta chooses it).
  const derivedAlt = searchAndSharing({ ...value, share_image_alt: null }, derived, [defaultPicture]);
  const altPlaceholder = derivedAlt.imageAlt ?? (derivedAlt.image ? shown.title : SHARE_IMAGE.alt(site.name));
  const name = (field: keyof SearchAndSharing) => `${prefix}.${field}`;

  return (
    <div className="space-y-6">
      <input type="hidden" name={name("share_image")} value={value.share_image ?? ""} />
      <div className="grid gap-5">
        <Field
          label="Titre dans les résultats de recherche"
          hint={count(value.seo_title, TEXT_LIMITS.seoTitle)}
          error={errors[name("seo_title")]}
        >
          {(p) => (
            <Input
              {...p}
              name={name("seo_title")}
              value={value.seo_title}
              maxLength={TEXT_LIMITS.seoTitle}
              placeholder={derived.title}
              onChange={(e) => set("seo_title", e.currentTarget.value)}
            />
          )}
        </Field>
        <Field
          label="Description dans les résultats de recherche"
          hint={count(value.seo_description, TEXT_LIMITS.seoDescription)}
          error={errors[name("seo_description")]}
        >
          {(p) => (
            <Textarea
              {...p}
              compact
              name={name("seo_description")}
              value={value.seo_description}
              maxLength={TEXT_LIMITS.seoDescription}
              placeholder={derived.description}
              onChange={(e) => set("seo_description", e.currentTarget.value)}
            />
          )}
        </Field>
        <UploadField
          bucket={bucket}
          label="Image de partage"
          hint={`Idéalement 1200 × 630 pixels. Sans image de partage, le lien montre ${defaultPictureName}.`}
          value={value.share_image}
          onUploaded={({ url }) => set("share_image", url)}
          onRemove={() => set("share_image", null)}
        />
        <Field
          label="Description de l'image de partage"
          hint={count(value.share_image_alt, TEXT_LIMITS.alt)}
          error={errors[name("share_image_alt")]}
        >
          {(p) => (
            <Input
              {...p}
              name={name("share_image_alt")}
              value={value.share_image_alt}
              maxLength={TEXT_LIMITS.alt}
              placeholder={altPlaceholder}
              onChange={(e) => set("share_image_alt", e.currentTarget.value)}
            />
          )}
        </Field>
      </div>
      <div>
        <h3 className="mb-3 flex items-center gap-2 font-sans text-sm font-semibold tracking-normal">
          <Search className="size-4 text-brass-ink" aria-hidden="true" /> Aperçu
        </h3>
        <SeoPreview
          path={path}
          title={shown.title}
          description={shown.description}
          image={shown.image}
          imageAlt={shown.imageAlt}
        />
      </div>
    </div>
  );
}

/** The machine form's 'Recherche et partage' section: its page shares its main picture by default. */
export function MachineSearchSection({
  state,
  set,
  errors,
  machineId,
}: {
  state: MachineFormState;
  set: (key: "search", value: SearchAndSharing) => void;
  errors: FieldErrors;
  machineId: string | null;
}) {
  const { images, alts, main } = state.images;
  return (
    <FormSection
      id="partage"
      title="Recherche et partage"
      icon={<Share2 />}
      description="Ce que montrent un résultat de recherche et un lien partagé vers la page de la machine. Laissé vide, chaque champ reprend le texte de la page."
    >
      <SearchAndSharingFields
        prefix="machine"
        value={state.search}
        onChange={(search) => set("search", search)}
        derived={machineDerivedSeo({ nom: state.nom.trim() || "Nouvelle machine", description: state.description })}
        defaultPicture={mainPicture({ images, image_alts: alts, main_image_index: main })}
        defaultPictureName="la photo principale de la machine"
        bucket="machine-images"
        path={`/machines/${state.categorie_id || "…"}/${machineId ?? "…"}`}
        errors={errors}
      />
    </FormSection>
  );
}

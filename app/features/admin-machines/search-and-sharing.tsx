// 'Recherche et partage' of a machine or a category: what its page shows in a search result and as a
// shared link, each field left empty keeping what the page derives from the machine or the category.
import { Share2 } from "lucide-react";
import { SearchAndSharingFields, type SearchAndSharingValue } from "~/components/search-and-sharing-fields";
import { searchAndSharing, type Picture } from "~/features/machines/seo";
import { SHARE_IMAGE } from "~/lib/seo";
import { useSite } from "~/lib/site-data";
import type { FieldErrors } from "~/lib/staff-action";
import type { MachineFormState } from "./form-state";
import { mainPicture } from "~/features/machines/media";
import { machineDerivedSeo } from "~/features/machines/seo";
import { FormSection } from "./parts";
import { TEXT_LIMITS } from "./schema";

type Props = {
  /** The form's object: 'machine' or 'category'. */
  prefix: "machine" | "category";
  value: SearchAndSharingValue;
  onChange: (value: SearchAndSharingValue) => void;
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

/** A machine's or a category's search and sharing fields, named as the schema reads them
 * ('machine.seo_title', 'category.share_image'). */
export function MachineSearchFields({ prefix, value, onChange, derived, defaultPicture, ...props }: Props) {
  const site = useSite();
  const shown = searchAndSharing(value, derived, [defaultPicture]);
  // The text a shared link's picture carries when the field is left empty (as pageMeta chooses it).
  const derivedAlt = searchAndSharing({ ...value, share_image_alt: null }, derived, [defaultPicture]);
  return (
    <SearchAndSharingFields
      {...props}
      value={value}
      set={(field, next) => onChange({ ...value, [field]: next })}
      nameOf={(field) => `${prefix}.${field}`}
      shown={shown}
      derived={{
        ...derived,
        shareImageAlt: derivedAlt.imageAlt ?? (derivedAlt.image ? shown.title : SHARE_IMAGE.alt(site.name)),
      }}
      limits={{ title: TEXT_LIMITS.seoTitle, description: TEXT_LIMITS.seoDescription, alt: TEXT_LIMITS.alt }}
    />
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
  set: (key: "search", value: SearchAndSharingValue) => void;
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
      <MachineSearchFields
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

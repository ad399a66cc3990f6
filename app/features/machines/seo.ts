// What a machine page and a category page show in a search result and as a shared link: the staff's
// title, description and share picture when set, else those derived from the machine or the category.
// The public pages' meta and the staff's preview read the same rules.
import { metaDescription } from "~/features/catalogue/display";
import type { PageMetaInput } from "~/lib/seo";
import { staffText } from "~/rules/machine-pictures";

/** A picture and the staff's description of it (null: none set). */
export type Picture = { src: string; alt: string | null };

/** The search and sharing columns of a machine or a category (null: keep the derived value). */
export type SearchAndSharingFields = {
  seo_title: string | null;
  seo_description: string | null;
  share_image: string | null;
  share_image_alt: string | null;
};

type Derived = { title: string; description: string };

export function machineDerivedSeo(machine: { nom: string; description: string | null }): Derived {
  return {
    title: machine.nom,
    description: metaDescription(
      machine.description,
      `${machine.nom} : distributrice haut de gamme installée gratuitement.`,
    ),
  };
}

export function categoryDerivedSeo(category: { nom: string; description: string | null }): Derived {
  return {
    title: `${category.nom} — Machines`,
    description: metaDescription(
      category.description,
      `Nos distributrices de la catégorie ${category.nom}, installées gratuitement.`,
    ),
  };
}

/** The page's title, description, share picture and its text. The share picture is the staff's, else
 * the first of `pictures` (none: pageMeta shares the brand's picture); its text is the staff's share
 * text, else the chosen picture's own description (none: pageMeta uses the title). */
export function searchAndSharing(
  fields: SearchAndSharingFields,
  derived: Derived,
  pictures: readonly (Picture | null | undefined)[],
): Pick<PageMetaInput, "title" | "description" | "image" | "imageAlt"> {
  const own = staffText(fields.share_image);
  const picture = own ? { src: own, alt: null } : pictures.find((p) => p?.src);
  return {
    title: staffText(fields.seo_title) ?? derived.title,
    description: staffText(fields.seo_description) ?? derived.description,
    image: picture?.src,
    imageAlt: staffText(fields.share_image_alt) ?? picture?.alt ?? undefined,
  };
}

/** The search and sharing columns of a row, as the public pages' loaders pass them on. */
export function searchAndSharingFields(row: SearchAndSharingFields): SearchAndSharingFields {
  return {
    seo_title: row.seo_title,
    seo_description: row.seo_description,
    share_image: row.share_image,
    share_image_alt: row.share_image_alt,
  };
}

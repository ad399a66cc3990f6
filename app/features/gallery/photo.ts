import { resizedImageUrl } from "~/rules/images";

/** What the public pages need of a gallery photo. */
export type PublicPhoto = { id: string; nom: string; image_url: string };

export function toPublicPhoto(row: { id: string; nom: string; image_url: string }): PublicPhoto {
  return { id: row.id, nom: row.nom, image_url: row.image_url };
}

/** Photos are auto-named 'Photo {timestamp}' on upload: such a name says nothing, so the alternative
 * text falls back to the photo's place in the series. */
export function photoAlt(nom: string, index: number, total: number): string {
  const name = nom.trim();
  if (name === "" || /^photo\s*\d*$/i.test(name))
    return `Distributrice installée chez un client, photo ${index + 1} sur ${total}`;
  return name;
}

/** Where a photo's link goes before the app has started (or in a new tab): the picture itself, at the
 * largest size the lightbox shows. */
export function photoHref(src: string): string {
  return resizedImageUrl(src, 1920) ?? src;
}

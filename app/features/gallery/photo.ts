import { resizedImageUrl } from "~/rules/images";

/** What the public pages need of a gallery photo. */
export type PublicPhoto = { id: string; nom: string; image_url: string; alt: string | null };

export function toPublicPhoto(row: { id: string; nom: string; image_url: string; alt: string | null }): PublicPhoto {
  return { id: row.id, nom: row.nom, image_url: row.image_url, alt: row.alt };
}

/** A real name given to the photo, or null for the 'Photo {timestamp}' name every upload gets. */
export function photoName(nom: string): string | null {
  const name = nom.trim();
  return name === "" || /^photo\s*\d*$/i.test(name) ? null : name;
}

/** The photo's alternative text: the description the staff wrote; without one, its real name; for an
 * auto-named photo, its place in the series. */
export function photoAlt(photo: { nom: string; alt: string | null }, index: number, total: number): string {
  return (
    photo.alt?.trim() ||
    photoName(photo.nom) ||
    `Distributrice installée chez un client, photo ${index + 1} sur ${total}`
  );
}

/** What the lightbox writes under the photo: its description or real name; nothing for a photo known
 * only by its place in the series. */
export function photoCaption(photo: { nom: string; alt: string | null }): string | null {
  return photo.alt?.trim() || photoName(photo.nom);
}

/** Where a photo's link goes before the app has started (or in a new tab): the picture itself, at the
 * largest size the lightbox shows. */
export function photoHref(src: string): string {
  return resizedImageUrl(src, 1920) ?? src;
}

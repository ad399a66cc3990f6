// What a product shows to visitors and to search engines: each picture's text for those who cannot
// see it, the page's title, description and share picture. The staff's texts win; empty ones fall back
// to texts derived from the product, so a product nobody wrote them for still reads well.
import { isRealMedia } from "./media";
import { formatPrice } from "~/lib/format";
import { metaDescription } from "./display";

export type ProductTexts = {
  nom: string;
  description: string | null;
  prix: number;
  image: string | null;
  nutrition_image: string | null;
  image_alt?: string | null;
  nutrition_image_alt?: string | null;
  seo_title?: string | null;
  seo_description?: string | null;
  share_image?: string | null;
  share_image_alt?: string | null;
};

export type ProductPicture = { src: string; alt: string };

/** The main picture's text when the staff wrote none: the product's name. */
export const derivedImageAlt = (nom: string) => nom;
/** The nutrition facts' text when the staff wrote none. */
export const derivedNutritionImageAlt = (nom: string) => `Valeur nutritive : ${nom}`;

const own = (text: string | null | undefined) => text?.trim() || null;

/** The product page's pictures, main then nutrition facts (placeholders and blanks left out), each
 * with its text. */
export function productPictures(product: ProductTexts): ProductPicture[] {
  const pictures: ProductPicture[] = [];
  if (isRealMedia(product.image))
    pictures.push({ src: product.image.trim(), alt: own(product.image_alt) ?? derivedImageAlt(product.nom) });
  if (isRealMedia(product.nutrition_image))
    pictures.push({
      src: product.nutrition_image.trim(),
      alt: own(product.nutrition_image_alt) ?? derivedNutritionImageAlt(product.nom),
    });
  return pictures;
}

/** The description search engines get when the staff wrote none: the product's own, on one line. */
function derivedSeoDescription(product: Pick<ProductTexts, "nom" | "description" | "prix">): string {
  return metaDescription(
    product.description,
    `${product.nom}, offert dans nos distributrices à ${formatPrice(product.prix)}.`,
  );
}

export type ProductMeta = { title: string; description: string; image?: string; imageAlt?: string };

/** The product page's title, description and share picture with its text (pageMeta's inputs). With no
 * picture of its own the page is shared with the brand's, and its text. */
export function productMeta(product: ProductTexts): ProductMeta {
  const title = own(product.seo_title) ?? product.nom;
  const description = own(product.seo_description) ?? derivedSeoDescription(product);
  const share = own(product.share_image);
  if (share) return { title, description, image: share, imageAlt: own(product.share_image_alt) ?? title };
  const first = productPictures(product)[0];
  if (!first) return { title, description };
  return { title, description, image: first.src, imageAlt: own(product.share_image_alt) ?? first.alt };
}

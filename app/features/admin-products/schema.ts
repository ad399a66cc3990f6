// One zod schema per mutation of /edit-products, run by the forms before sending and by the route action
// (authoritative). Field names are the form's: 'nom', 'prix', 'categorie.0', 'tags.2', 'image_alt'…
import { z } from "../../lib/zod";
import { MSG } from "~/lib/messages";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import type { Product, Tag } from "../../../server/db/schema";

/** Default of both product images: a product shows this picture until one is uploaded. */
export const PLACEHOLDER_IMAGE = "/placeholder.svg";

export const PRODUCT_LIMITS = {
  nom: 160,
  description: 4000,
  ingredients: 4000,
  label: 60,
  labels: 30,
  prixMax: 100_000,
  rankingMax: 1_000_000,
  // Search engines show about 60 characters of a title and 155 of a description.
  seoTitle: 70,
  seoDescription: 160,
  alt: 160,
} as const;

export const PRODUCT_MESSAGES = {
  required: "Ce champ est obligatoire.",
  invalid: "Veuillez corriger les champs indiqués.",
  notFound: "Ce produit n'existe plus : il a peut-être été supprimé. La liste est à jour.",
  saveFailed: "L'enregistrement a échoué. Veuillez réessayer.",
  tagRequired: "Veuillez entrer le nom du tag.",
  tagFailed: "Impossible de créer le tag. Veuillez réessayer.",
  badImage: "Image invalide.",
  badPrice: "Prix invalide.",
  badRanking: "Le classement doit être un nombre entier positif.",
  badText: "Texte invalide.",
  tooLong: (max: number) => `Ce texte ne doit pas dépasser ${max} caractères.`,
  labelTooLong: `Une catégorie ou un tag ne doit pas dépasser ${PRODUCT_LIMITS.label} caractères.`,
  tooManyLabels: `${PRODUCT_LIMITS.labels} catégories ou tags au plus.`,
  altTooLong: `Le texte de remplacement ne doit pas dépasser ${PRODUCT_LIMITS.alt} caractères.`,
  seoTitleTooLong: `Le titre ne doit pas dépasser ${PRODUCT_LIMITS.seoTitle} caractères.`,
  seoDescriptionTooLong: `La description ne doit pas dépasser ${PRODUCT_LIMITS.seoDescription} caractères.`,
} as const;

/** An image the site can show: the placeholder, one of our stored objects, or an https URL imported from
 * the previous backend. Never javascript:, data: or protocol-relative URLs. */
export function isAcceptableImageUrl(value: string): boolean {
  if (value === PLACEHOLDER_IMAGE) return true;
  if (/^\/media\/[a-z-]+\/[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value) && !value.includes("..")) return true;
  return /^https:\/\/[^\s"'<>]+$/.test(value);
}

/** A French or English decimal ('2,50', '2.5', ' 3 ') to a number with at most 2 decimals; NaN when not a price. */
export function parsePrice(raw: string): number {
  const cleaned = raw.replace(/\s|\$/g, "").replace(",", ".");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100) / 100;
}

export function dedupeLabels(items: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of items) {
    const label = item.trim().replace(/\s+/g, " ");
    const key = label.toLocaleLowerCase("fr-CA");
    if (!label || seen.has(key)) continue;
    seen.add(key);
    out.push(label);
  }
  return out;
}

/** A field the form did not post reads as empty. */
const posted = <S extends z.ZodType>(schema: S) => z.preprocess((v) => v ?? "", schema);
const text = (max: number, tooLong: string = PRODUCT_MESSAGES.tooLong(max)) =>
  z.string({ error: PRODUCT_MESSAGES.badText }).trim().max(max, tooLong);
const requiredText = (max: number) => posted(text(max).min(1, PRODUCT_MESSAGES.required));
/** Optional text: empty is null (the derived text is shown instead). */
const optionalText = (max: number, tooLong?: string) => posted(text(max, tooLong).transform((v) => v || null));
/** A ticked box posts 'on'; an unticked one posts nothing. */
const tickBox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());

/** A list of labels (categories or tags), posted as 'categorie.0', 'categorie.1'… (a single field is a
 * list of one): trimmed, blanks dropped, duplicates (ignoring case) removed. */
const labels = z
  .preprocess(
    (v) => (v === undefined ? [] : Array.isArray(v) ? Array.from(v, (item: unknown) => item ?? "") : [v]),
    z
      .array(z.string({ error: PRODUCT_MESSAGES.badText }))
      .max(PRODUCT_LIMITS.labels * 2, PRODUCT_MESSAGES.tooManyLabels),
  )
  .transform((items) => dedupeLabels(items))
  .pipe(
    z
      .array(z.string().max(PRODUCT_LIMITS.label, PRODUCT_MESSAGES.labelTooLong))
      .max(PRODUCT_LIMITS.labels, PRODUCT_MESSAGES.tooManyLabels),
  );

const imageUrl = z.string({ error: PRODUCT_MESSAGES.badImage }).trim().max(500, PRODUCT_MESSAGES.badImage);
/** A product picture: empty is the placeholder. */
const image = posted(
  imageUrl.transform((value) => value || PLACEHOLDER_IMAGE).refine(isAcceptableImageUrl, PRODUCT_MESSAGES.badImage),
);
/** An optional picture (the share picture): empty, or the placeholder, is none. */
const optionalImage = posted(
  imageUrl
    .transform((value) => (value === PLACEHOLDER_IMAGE ? "" : value))
    .refine((value) => !value || isAcceptableImageUrl(value), PRODUCT_MESSAGES.badImage)
    .transform((value) => value || null),
);

/** The product form's fields, as posted. Required: nom, description, prix. */
const ProductFieldsSchema = z.object({
  nom: requiredText(PRODUCT_LIMITS.nom),
  description: requiredText(PRODUCT_LIMITS.description),
  prix: posted(
    z
      .string({ error: PRODUCT_MESSAGES.badPrice })
      .trim()
      .min(1, PRODUCT_MESSAGES.required)
      .transform(parsePrice)
      .pipe(
        z
          .number({ error: PRODUCT_MESSAGES.badPrice })
          .refine((n) => Number.isFinite(n), PRODUCT_MESSAGES.badPrice)
          .refine((n) => n >= 0 && n <= PRODUCT_LIMITS.prixMax, PRODUCT_MESSAGES.badPrice),
      ),
  ),
  categorie: labels,
  tags: labels,
  ingredients: optionalText(PRODUCT_LIMITS.ingredients),
  ranking: posted(
    z
      .string({ error: PRODUCT_MESSAGES.badRanking })
      .trim()
      .transform((v, ctx) => {
        if (!v) return null;
        const n = Number(v);
        if (!Number.isInteger(n) || n < 0 || n > PRODUCT_LIMITS.rankingMax) {
          ctx.addIssue({ code: "custom", message: PRODUCT_MESSAGES.badRanking });
          return z.NEVER;
        }
        return n;
      }),
  ),
  dans_notre_top_10_des_plus_gros_vendeur: tickBox,
  image,
  nutrition_image: image,
  image_alt: optionalText(PRODUCT_LIMITS.alt, PRODUCT_MESSAGES.altTooLong),
  nutrition_image_alt: optionalText(PRODUCT_LIMITS.alt, PRODUCT_MESSAGES.altTooLong),
  seo_title: optionalText(PRODUCT_LIMITS.seoTitle, PRODUCT_MESSAGES.seoTitleTooLong),
  seo_description: optionalText(PRODUCT_LIMITS.seoDescription, PRODUCT_MESSAGES.seoDescriptionTooLong),
  share_image: optionalImage,
  share_image_alt: optionalText(PRODUCT_LIMITS.alt, PRODUCT_MESSAGES.altTooLong),
});

export type ProductValues = z.output<typeof ProductFieldsSchema>;
type ProductField = keyof ProductValues;
const PRODUCT_FIELDS = Object.keys(ProductFieldsSchema.shape) as ProductField[];

/** The product's own fields of a checked post (without its intent and id). */
export function productValuesOf(input: ProductValues): ProductValues {
  return Object.fromEntries(PRODUCT_FIELDS.map((field) => [field, input[field]])) as ProductValues;
}

/** A product id as posted; one that is not a UUID names no product (answered as not found). */
const postedId = posted(z.string().max(100));
/** A tag created inline from the product form: spaces collapsed. */
const tagName = posted(
  z
    .string({ error: PRODUCT_MESSAGES.tagRequired })
    .transform((v) => v.replace(/\s+/g, " ").trim())
    .pipe(
      z
        .string()
        .min(1, PRODUCT_MESSAGES.tagRequired)
        .max(PRODUCT_LIMITS.label, `Le nom du tag ne doit pas dépasser ${PRODUCT_LIMITS.label} caractères.`),
    ),
);

export const ProductActionSchema = z.discriminatedUnion("intent", [
  ProductFieldsSchema.extend({ intent: z.literal("create") }),
  ProductFieldsSchema.extend({ intent: z.literal("update"), id: postedId }),
  z.object({ intent: z.literal("delete"), id: postedId }),
  z.object({ intent: z.literal("create-tag"), nom: tagName }),
]);
type ProductAction = z.output<typeof ProductActionSchema>;
export type ProductIntent = ProductAction["intent"];
export const PRODUCT_INTENTS: readonly ProductIntent[] = ["create", "update", "delete", "create-tag"];

/** What /edit-products answers: the staff convention's result, with the row saved (the screen shows
 * it at once: its list holds only one page of search results), and `missing` when the product named
 * no longer exists (the screen then leaves it). */
export type ProductActionResult = StaffActionResult<ProductIntent> & {
  product?: Product;
  tag?: Tag;
  missing?: boolean;
};

const error = (description: string): StaffToast => ({ type: "error", title: MSG.error, description });

/** The toast for a refused form: the tag's own message; for a product, the required-fields message
 * when one is empty, else 'correct the fields shown'. */
export function validationToast(fieldErrors: FieldErrors, intent?: string | null): StaffToast {
  if (intent === "create-tag") return error(fieldErrors.nom ?? PRODUCT_MESSAGES.tagRequired);
  const missing = Object.values(fieldErrors).includes(PRODUCT_MESSAGES.required);
  return error(missing ? MSG.requiredFields : PRODUCT_MESSAGES.invalid);
}

/** What the product form edits: every field as the form holds it (text as typed, lists, the box). */
export type ProductFormValues = {
  nom: string;
  description: string;
  prix: string;
  categorie: string[];
  tags: string[];
  ingredients: string;
  ranking: string;
  dans_notre_top_10_des_plus_gros_vendeur: boolean;
  image: string;
  nutrition_image: string;
  image_alt: string;
  nutrition_image_alt: string;
  seo_title: string;
  seo_description: string;
  share_image: string;
  share_image_alt: string;
};

export const EMPTY_PRODUCT: ProductFormValues = {
  nom: "",
  description: "",
  prix: "",
  categorie: [],
  tags: [],
  ingredients: "",
  ranking: "",
  dans_notre_top_10_des_plus_gros_vendeur: false,
  image: PLACEHOLDER_IMAGE,
  nutrition_image: PLACEHOLDER_IMAGE,
  image_alt: "",
  nutrition_image_alt: "",
  seo_title: "",
  seo_description: "",
  share_image: "",
  share_image_alt: "",
};

/** The form values of a stored product (for 'Modifier'). */
export function productToInput(
  product: Pick<
    Product,
    | "nom"
    | "description"
    | "prix"
    | "categorie"
    | "tags"
    | "ingredients"
    | "ranking"
    | "dans_notre_top_10_des_plus_gros_vendeur"
    | "image"
    | "nutrition_image"
  > &
    Partial<
      Pick<
        Product,
        "image_alt" | "nutrition_image_alt" | "seo_title" | "seo_description" | "share_image" | "share_image_alt"
      >
    >,
): ProductFormValues {
  return {
    nom: product.nom,
    description: product.description,
    prix: product.prix.toFixed(2),
    categorie: [...product.categorie],
    tags: [...product.tags],
    ingredients: product.ingredients ?? "",
    ranking: product.ranking == null ? "" : String(product.ranking),
    dans_notre_top_10_des_plus_gros_vendeur: product.dans_notre_top_10_des_plus_gros_vendeur,
    image: product.image || PLACEHOLDER_IMAGE,
    nutrition_image: product.nutrition_image || PLACEHOLDER_IMAGE,
    image_alt: product.image_alt ?? "",
    nutrition_image_alt: product.nutrition_image_alt ?? "",
    seo_title: product.seo_title ?? "",
    seo_description: product.seo_description ?? "",
    share_image: product.share_image ?? "",
    share_image_alt: product.share_image_alt ?? "",
  };
}

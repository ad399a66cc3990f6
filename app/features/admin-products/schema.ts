import { z } from "../../lib/zod";
import { MSG } from "~/lib/messages";

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
} as const;

/** An image the site can show: the placeholder, one of our stored objects, or an https URL imported from
 * the previous backend. Never javascript:, data: or protocol-relative URLs. */
export function isAcceptableImageUrl(value: string): boolean {
  if (value === PLACEHOLDER_IMAGE) return true;
  if (/^\/media\/[a-z-]+\/[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(value) && !value.includes("..")) return true;
  return /^https:\/\/[^\s"'<>]+$/.test(value);
}

const text = (max: number) => z.string().trim().max(max);

/** A French or English decimal ('2,50', '2.5', ' 3 ') to a number with at most 2 decimals; NaN when not a price. */
export function parsePrice(raw: string): number {
  const cleaned = raw.replace(/\s|\$/g, "").replace(",", ".");
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned)) return Number.NaN;
  return Math.round(Number(cleaned) * 100) / 100;
}

/** A list of labels (categories or tags): trimmed, blanks dropped, duplicates (ignoring case) removed. */
const labels = z
  .array(z.string())
  .max(PRODUCT_LIMITS.labels * 2)
  .transform((items) => dedupeLabels(items))
  .pipe(z.array(z.string().max(PRODUCT_LIMITS.label)).max(PRODUCT_LIMITS.labels));

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

const image = z
  .string()
  .trim()
  .max(500)
  .transform((value) => value || PLACEHOLDER_IMAGE)
  .refine(isAcceptableImageUrl, { message: "Image invalide." });

/** The product form, as sent by the browser and checked again by the server (the server decides).
 * Required: nom, description, prix. */
export const ProductSchema = z.object({
  nom: text(PRODUCT_LIMITS.nom).min(1, MSG.requiredFields),
  description: text(PRODUCT_LIMITS.description).min(1, MSG.requiredFields),
  prix: z
    .string()
    .trim()
    .min(1, MSG.requiredFields)
    .transform(parsePrice)
    .pipe(
      z
        .number({ error: "Prix invalide." })
        .refine((n) => Number.isFinite(n), "Prix invalide.")
        .refine((n) => n >= 0 && n <= PRODUCT_LIMITS.prixMax, "Prix invalide."),
    ),
  categorie: labels,
  tags: labels,
  ingredients: text(PRODUCT_LIMITS.ingredients).transform((v) => v || null),
  ranking: z
    .string()
    .trim()
    .transform((v, ctx) => {
      if (!v) return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > PRODUCT_LIMITS.rankingMax) {
        ctx.addIssue({ code: "custom", message: "Le classement doit être un nombre entier positif." });
        return z.NEVER;
      }
      return n;
    }),
  dans_notre_top_10_des_plus_gros_vendeur: z.boolean(),
  image,
  nutrition_image: image,
});

export type ProductFormInput = z.input<typeof ProductSchema>;
export type ProductValues = z.output<typeof ProductSchema>;
export type ProductField = keyof ProductFormInput;

export const REQUIRED_FIELDS = ["nom", "description", "prix"] as const satisfies readonly ProductField[];
export const REQUIRED_FIELD_MESSAGE = "Ce champ est obligatoire.";

/** The form's fields from a FormData (lists as repeated keys), the shape both sides validate. */
export function productInputFromForm(form: FormData): ProductFormInput {
  const str = (key: string) => {
    const value = form.get(key);
    return typeof value === "string" ? value : "";
  };
  const list = (key: string) => form.getAll(key).filter((v): v is string => typeof v === "string");
  return {
    nom: str("nom"),
    description: str("description"),
    prix: str("prix"),
    categorie: list("categorie"),
    tags: list("tags"),
    ingredients: str("ingredients"),
    ranking: str("ranking"),
    dans_notre_top_10_des_plus_gros_vendeur: ["on", "true", "1"].includes(
      str("dans_notre_top_10_des_plus_gros_vendeur"),
    ),
    image: str("image"),
    nutrition_image: str("nutrition_image"),
  };
}

/** The same fields as FormData, for a fetcher submission. */
export function productInputToForm(input: ProductFormInput, form = new FormData()): FormData {
  form.set("nom", input.nom);
  form.set("description", input.description);
  form.set("prix", input.prix);
  for (const c of input.categorie) form.append("categorie", c);
  for (const t of input.tags) form.append("tags", t);
  form.set("ingredients", input.ingredients);
  form.set("ranking", input.ranking);
  form.set("dans_notre_top_10_des_plus_gros_vendeur", input.dans_notre_top_10_des_plus_gros_vendeur ? "true" : "false");
  form.set("image", input.image);
  form.set("nutrition_image", input.nutrition_image);
  return form;
}

export type ProductValidation =
  | { ok: true; values: ProductValues }
  | { ok: false; missing: boolean; fieldErrors: Partial<Record<ProductField, string>> };

/** Validates the form. `missing` is true when a required field is empty: the toast is then
 * 'Erreur' / 'Veuillez remplir tous les champs obligatoires.' */
export function validateProduct(input: ProductFormInput): ProductValidation {
  const parsed = ProductSchema.safeParse(input);
  if (parsed.success) return { ok: true, values: parsed.data };
  const fieldErrors: Partial<Record<ProductField, string>> = {};
  const blank = (key: ProductField) =>
    (REQUIRED_FIELDS as readonly string[]).includes(key) && !String(input[key] ?? "").trim();
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as ProductField | undefined;
    // The toast says 'Veuillez remplir tous les champs obligatoires.'; each empty field says it briefly.
    if (key && !fieldErrors[key]) fieldErrors[key] = blank(key) ? REQUIRED_FIELD_MESSAGE : issue.message;
  }
  const missing = REQUIRED_FIELDS.some(blank);
  return { ok: false, missing, fieldErrors };
}

/** The form values of a stored product (for 'Modifier'). */
export function productToInput(product: {
  nom: string;
  description: string;
  prix: number;
  categorie: string[];
  tags: string[];
  ingredients: string | null;
  ranking: number | null;
  dans_notre_top_10_des_plus_gros_vendeur: boolean;
  image: string;
  nutrition_image: string;
}): ProductFormInput {
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
  };
}

export const EMPTY_PRODUCT: ProductFormInput = {
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
};

/** A tag created inline from the product form. */
export const TagSchema = z.object({ nom: text(PRODUCT_LIMITS.label).min(1, "Veuillez entrer le nom du tag.") });

/** Ids sent by the admin screens. */
export const IdSchema = z.uuid();

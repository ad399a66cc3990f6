/** Pure rules and shapes of the offer page's dialogs (no I/O). */
const PLACEHOLDER = "/placeholder.svg";

export type CategorySummary = {
  id: string;
  nom: string;
  description: string | null;
  image: string | null;
  /** The staff's description of the picture (none: decorative). */
  imageAlt?: string | null;
  machineCount: number;
};
export type MachineSummary = {
  id: string;
  nom: string;
  description: string;
  image: string | null;
  imageAlt?: string | null;
  disponible: boolean;
};
export type MachineDetail = {
  id: string;
  nom: string;
  description: string;
  images: string[];
  /** The staff's description of each picture, same order ("" = none). */
  imageAlts?: string[];
  disponible: boolean;
  tempsCommande: string | null;
  avantages: string[];
  specifications: { label: string; value: string }[];
  categorieId: string | null;
};
export type ProductDetail = {
  id: string;
  nom: string;
  prix: number;
  description: string;
  image: string;
  top10: boolean;
  categories: string[];
  tags: string[];
  ingredients: string | null;
};

export type ProductSummary = { id: string; nom: string; prix: number; image: string; top10: boolean; tags: string[] };

/** What the page loader answers a dialog (?vue=...). */
export type OfferDialogData =
  | { vue: "categories"; categories: CategorySummary[] }
  | { vue: "machines"; category: CategorySummary | null; machines: MachineSummary[] }
  | { vue: "machine"; machine: MachineDetail | null }
  | { vue: "produits"; q: string; limite: number; items: ProductSummary[]; total: number }
  | { vue: "produit"; product: ProductDetail | null };

/** The page's own data: a glimpse of the catalogue. */
export type OfferPreview = {
  categories: CategorySummary[];
  topProducts: ProductSummary[];
  counts: { machines: number; products: number };
};

export type OfferLoaderData = {
  preview: OfferPreview | null;
  dialog: OfferDialogData | null;
  /** The machine view (/notre-offre?machine=<id>): the machine, or null when it does not exist;
   * absent when the page is shown without it. */
  view?: { id: string; machine: MachineDetail | null };
  /** Its own edited texts, and those it repeats: the contact promises and the about page's four steps. */
  texts: { offer: Record<string, string>; contact: Record<string, string>; about: Record<string, string> } | null;
};

/** Machine media: placeholders and blanks are left out. */
export function realImages(images: readonly (string | null | undefined)[]): string[] {
  return images.flatMap((src) => {
    const value = src?.trim();
    return value && value !== PLACEHOLDER ? [value] : [];
  });
}

/** The card picture: the image at main_image_index when it is a real one, else the first real one. */
export function mainImage(images: readonly (string | null | undefined)[], mainIndex: number): string | null {
  const chosen = images[mainIndex]?.trim();
  if (chosen && chosen !== PLACEHOLDER) return chosen;
  return realImages(images)[0] ?? null;
}

/** 'Hauteur: 183 cm' → label 'Hauteur', value '183 cm' (split at the first colon; '-' with no value). */
export function splitSpecification(line: string): { label: string; value: string } {
  const at = line.indexOf(":");
  if (at === -1) return { label: line.trim(), value: "-" };
  const value = line.slice(at + 1).trim();
  return { label: line.slice(0, at).trim(), value: value || "-" };
}

/** Lines that say something (empty advantages and specifications are dropped). */
export function nonEmpty(lines: readonly (string | null | undefined)[]): string[] {
  return lines.flatMap((line) => (line && line.trim() ? [line.trim()] : []));
}

/** A category without a picture shows an emoji that fits its name. */
export function categoryEmoji(nom: string): string {
  const name = nom
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();
  if (/cafe|the\b|chaud|espresso/.test(name)) return "☕";
  if (/boisson|froid|jus|eau|frigo|refrig/.test(name)) return "🥤";
  if (/repas|frais|sante|sandwich|salade/.test(name)) return "🥗";
  if (/collation|snack|friandise|bonbon|chocolat|croustille/.test(name)) return "🍫";
  return "🏪";
}

import { normalizeForSearch } from "~/rules/text";

// A category without a picture shows an emoji that fits its name.
const RULES: [RegExp, string][] = [
  [/cafe|espresso|expresso|the\b|chaud/, "☕"],
  [/boisson|breuvage|rafraich|froid|eau|jus|soda/, "🥤"],
  [/repas|frais|sante|salade|sandwich|traiteur/, "🥗"],
  [/glace|congel|surgel/, "🍦"],
  [/collation|snack|grignot|friandise|bonbon|chocolat|combo/, "🍫"],
  [/micro|marche|market|libre-service|kiosque/, "🛒"],
];

export const DEFAULT_CATEGORY_EMOJI = "🏪";

export function categoryEmoji(nom: string): string {
  const text = normalizeForSearch(nom);
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? DEFAULT_CATEGORY_EMOJI;
}

import { formatNumber } from "~/lib/format";

// Small display rules of the catalogue, kept pure for tests.

/** The first `max` tags and how many more there are ('+N'). */
export function visibleTags(tags: readonly string[], max: number): { shown: string[]; more: number } {
  const clean = tags.filter((t) => t.trim() !== "");
  return { shown: clean.slice(0, max), more: Math.max(0, clean.length - max) };
}

/** 'N produit(s) trouvé(s)' with N in fr-CA digits. */
export function resultCountLabel(total: number): string {
  return `${formatNumber(total)} produit(s) trouvé(s)`;
}

/** A meta description from free text: one line, cut at a word near `max` characters. */
export function metaDescription(text: string | null | undefined, fallback: string, max = 155): string {
  const line = (text ?? "").replace(/\s+/g, " ").trim();
  if (!line) return fallback;
  if (line.length <= max) return line;
  const cut = line.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–-]+$/, "")}…`;
}

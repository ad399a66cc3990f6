// The machine's grid numbers, in one place: each has a range and a default. A blank or invalid entry
// falls back to the default; an entry outside the range is brought to the nearest bound. The form
// shows the resolved value beside each field, so what the admin sees is what will be saved.

export type NumberRule = {
  min: number;
  max: number;
  fallback: number;
  /** Decimal places kept (0 for whole numbers). */
  decimals: number;
  unit: "" | "%" | "px";
};

export const NUMBER_RULES = {
  produits_par_rangee: { min: 1, max: 20, fallback: 6, decimals: 0, unit: "" },
  nombre_de_rangees: { min: 1, max: 20, fallback: 6, decimals: 0, unit: "" },
  grid_default_position_x: { min: 0, max: 100, fallback: 50, decimals: 1, unit: "%" },
  grid_default_position_y: { min: 0, max: 100, fallback: 50, decimals: 1, unit: "%" },
  grid_default_width: { min: 50, max: 800, fallback: 300, decimals: 0, unit: "px" },
  grid_default_height: { min: 50, max: 800, fallback: 400, decimals: 0, unit: "px" },
} as const satisfies Record<string, NumberRule>;

export type NumberField = keyof typeof NUMBER_RULES;
export const NUMBER_FIELDS = Object.keys(NUMBER_RULES) as NumberField[];

/** The default grid's fields as the form shows them, in order. */
export const GRID_FIELDS: { field: NumberField; label: string }[] = [
  { field: "nombre_de_rangees", label: "Nombre de rangées" },
  { field: "produits_par_rangee", label: "Produits par rangée" },
  { field: "grid_default_position_x", label: "Position X (%)" },
  { field: "grid_default_position_y", label: "Position Y (%)" },
  { field: "grid_default_width", label: "Largeur (px)" },
  { field: "grid_default_height", label: "Hauteur (px)" },
];

/** A start section's numbers, each following the rule of the default grid's field. */
const SECTION_NUMBERS = {
  rows: "nombre_de_rangees",
  cols: "produits_par_rangee",
  x: "grid_default_position_x",
  y: "grid_default_position_y",
  width: "grid_default_width",
  height: "grid_default_height",
} as const satisfies Record<string, NumberField>;
export type SectionNumber = keyof typeof SECTION_NUMBERS;
export const sectionRule = (key: SectionNumber): NumberRule => NUMBER_RULES[SECTION_NUMBERS[key]];

/** A number typed by a person: '12', ' 12,5 ' (French decimal comma) or 12.5; null when it is blank or
 * not a plain number ('abc', '1e3', '12 px', '--1'). */
export function parseTypedNumber(raw: unknown): number | null {
  if (typeof raw === "number") return Number.isFinite(raw) ? raw : null;
  if (typeof raw !== "string") return null;
  const text = raw.trim().replace(/\s/g, "").replace(",", ".");
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};

export type Resolved = {
  value: number;
  /** How the typed entry became the value: kept, rounded, clamped to a bound, or the default. */
  reason: "kept" | "rounded" | "clamped" | "default";
};

/** The value that will be saved for a typed entry under a rule. */
export function resolveNumberDetailed(raw: unknown, rule: NumberRule): Resolved {
  const parsed = parseTypedNumber(raw);
  if (parsed === null) return { value: rule.fallback, reason: "default" };
  if (parsed < rule.min) return { value: rule.min, reason: "clamped" };
  if (parsed > rule.max) return { value: rule.max, reason: "clamped" };
  const value = round(parsed, rule.decimals);
  return { value, reason: value === parsed ? "kept" : "rounded" };
}

export function resolveNumber(raw: unknown, rule: NumberRule): number {
  return resolveNumberDetailed(raw, rule).value;
}

/** '12,5 %' — the French way of writing a resolved value. */
export function formatResolved(value: number, rule: NumberRule): string {
  const text = String(value).replace(".", ",");
  return rule.unit ? `${text} ${rule.unit}` : text;
}

/** Short hint under a field: 'Entre 1 et 20 · par défaut 6'. */
export function ruleHint(rule: NumberRule): string {
  const unit = rule.unit ? ` ${rule.unit}` : "";
  return `Entre ${rule.min} et ${rule.max}${unit} · par défaut ${rule.fallback}${unit}`;
}

/** The legacy column machines.etapes_fonctionnement (steps kept inside the machine row) may arrive as a
 * list or as JSON text; anything else reads as an empty list. */
export function parseLegacySteps(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value === "string") {
    try {
      const parsed: unknown = JSON.parse(value);
      return Array.isArray(parsed) ? parsed : [];
    } catch {
      return [];
    }
  }
  return [];
}

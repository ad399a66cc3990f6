export type Specification = { label: string; value: string };

/**
 * One specification line ('Hauteur: 183 cm') split at its first colon into a label and a value
 * ('Hauteur', '183 cm'); later colons stay in the value ('Heures: 7:00–22:00'). A line without a
 * colon, or with nothing after it, has the value '-'.
 */
export function splitSpecification(line: string): Specification {
  const index = line.indexOf(":");
  if (index === -1) return { label: line.trim(), value: "-" };
  const label = line.slice(0, index).trim();
  const value = line.slice(index + 1).trim();
  return { label, value: value || "-" };
}

/** Every non-blank line of a machine's specifications, split. */
export function splitSpecifications(lines: readonly (string | null | undefined)[]): Specification[] {
  return lines.filter((line): line is string => typeof line === "string" && line.trim() !== "").map(splitSpecification);
}

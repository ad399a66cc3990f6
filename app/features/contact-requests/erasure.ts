// What an erasure looks for and what it writes in place of a person: pure, unit-tested
// (app/features/contact-requests/erasure.server.ts does the database side).

/** What replaces an erased person's name or address in a line of the activity log. */
export const ERASED_PERSON = "(personne effacée)";

/** The texts that name a person (names and addresses), trimmed, without duplicates (case ignored), the
 * longest first so that a name is replaced before a shorter one it contains. Texts of fewer than 3
 * characters are left out: they would match everywhere and name nobody. */
export function personNeedles(texts: readonly (string | null | undefined)[]): string[] {
  const seen = new Map<string, string>();
  for (const raw of texts) {
    const text = (raw ?? "").replace(/\s+/g, " ").trim();
    if (text.length >= 3 && !seen.has(text.toLowerCase())) seen.set(text.toLowerCase(), text);
  }
  return [...seen.values()].sort((a, b) => b.length - a.length);
}

/** How a needle is written inside a JSON document as PostgreSQL prints it (`payload::text`): quotes
 * and backslashes escaped. */
export function jsonEscaped(needle: string): string {
  return JSON.stringify(needle).slice(1, -1);
}

const regexEscaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** `text` with every occurrence of a needle (case ignored, any run of spaces inside it matching any
 * other) replaced by ERASED_PERSON; the same text when none occurs. */
export function anonymised(text: string, needles: readonly string[]): string {
  let out = text;
  for (const needle of needles) {
    const pattern = needle.split(" ").map(regexEscaped).join("\\s+");
    out = out.replace(new RegExp(pattern, "giu"), ERASED_PERSON);
  }
  return out;
}

/** The erasure's own line in the activity log: what went, never whom. */
export function erasureSummary(counts: {
  requests: number;
  proposals: number;
  messages: number;
  journal: number;
  installations?: number;
  tickets?: number;
}): string {
  const n = (count: number, one: string, many: string) => `${count} ${count > 1 ? many : one}`;
  return [
    n(counts.requests, "demande", "demandes"),
    n(counts.proposals, "proposition", "propositions"),
    n(counts.messages, "courriel", "courriels"),
    n(counts.journal, "ligne du journal anonymisée", "lignes du journal anonymisées"),
    // The service's, only when there were any.
    ...(counts.tickets ? [n(counts.tickets, "signalement", "signalements")] : []),
    ...(counts.installations ? [n(counts.installations, "installation anonymisée", "installations anonymisées")] : []),
  ].join(", ");
}

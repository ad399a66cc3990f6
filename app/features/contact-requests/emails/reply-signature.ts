// A staff reply ends with one signature. The email signs it with the team's name and phone, unless the
// staff already signed their text: then their closing is the signature, and nothing is added after it.

/** Closings that start a signature in French (and the team's own name). */
const CLOSINGS = [
  "cordialement",
  "salutations",
  "bien à vous",
  "bonne journée",
  "bonne soirée",
  "au plaisir",
  "à bientôt",
  "merci",
  "l'équipe",
  "l’équipe",
];

/** The reply's text already ends with a signature: its last paragraph (at most four short lines) opens
 * with a short closing line ("Cordialement,", not "Merci de confirmer la date…") or names the business. */
export function signedByStaff(body: string, siteName: string): boolean {
  const paragraphs = body
    .trim()
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  const last = paragraphs.at(-1);
  if (!last) return false;
  const lines = last.split("\n").map((line) => line.trim().toLocaleLowerCase("fr-CA"));
  if (lines.length > 4 || lines.some((line) => line.length > 80)) return false;
  const name = siteName.trim().toLocaleLowerCase("fr-CA");
  return lines.some(
    (line, index) =>
      (name !== "" && line.includes(name)) ||
      (index === 0 && line.length <= 40 && CLOSINGS.some((c) => line.startsWith(c))),
  );
}

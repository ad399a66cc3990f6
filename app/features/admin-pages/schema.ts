// The check of an edited document (/edit-pages), shared by the form and the action: every field
// present, each within its limits, a phone number or an email where one is expected. French messages.
import { z } from "~/lib/zod";
import { PAGE_FIELDS, type FieldSpec, type SitePage, type SiteTexts } from "~/rules/site-texts";

// A phone number as people write it: digits, spaces, dots, dashes, parentheses, a leading +; 7 to 15 digits.
const PHONE_RE = /^\+?[\d\s().-]+$/;
const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

// Letters a text may not carry: control characters other than line breaks.
// eslint-disable-next-line no-control-regex -- the control characters are what it finds
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** The check of one field, with its French messages. */
function fieldSchema(spec: FieldSpec) {
  return z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .superRefine((value, ctx) => {
      const fail = (message: string) => ctx.addIssue({ code: "custom", message });
      if (value === "") {
        if (spec.required) fail("Ce champ est requis.");
        return;
      }
      if (value.length > spec.max) return fail(`${value.length} caractères : ${spec.max} au plus.`);
      if (CONTROL_RE.test(value)) return fail("Ce texte contient des caractères invalides.");
      if (spec.kind !== "long" && value.includes("\n")) return fail("Une seule ligne, sans retour à la ligne.");
      if (spec.kind === "phone") {
        const digits = value.replace(/\D/g, "").length;
        if (!PHONE_RE.test(value) || digits < 7 || digits > 15) fail("Ce numéro de téléphone n'est pas valide.");
      }
      if (spec.kind === "email" && !EMAIL_RE.test(value)) fail("Cette adresse courriel n'est pas valide.");
      if (spec.kind === "url") {
        let url: URL | null = null;
        try {
          url = new URL(value);
        } catch {
          // Reported below.
        }
        if (!url || url.protocol !== "https:") fail("Donnez une adresse complète commençant par https://.");
      }
    });
}

/** The schema of one page's document: every field present, each checked. */
export function pageSchema(page: SitePage) {
  return z.object(Object.fromEntries(PAGE_FIELDS[page].map((spec) => [spec.key, fieldSchema(spec)])));
}

export type FieldErrors = Record<string, string>;

/** Checks a submitted document: its clean values, or one French message per wrong field. */
export function parsePageTexts(
  page: SitePage,
  input: Record<string, unknown>,
): { ok: true; texts: SiteTexts } | { ok: false; errors: FieldErrors } {
  const result = pageSchema(page).safeParse(
    Object.fromEntries(PAGE_FIELDS[page].map(({ key }) => [key, typeof input[key] === "string" ? input[key] : ""])),
  );
  if (result.success) return { ok: true, texts: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? "");
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

// The check of /edit-pages' posts, shared by the form (before sending) and the action (authoritative):
// every field of the document present, each within its limits, a phone number, an email or a picture of
// ours where one is expected, a picture's description once the picture is set. French messages.
import { MSG } from "~/lib/messages";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import {
  PAGE_FIELDS,
  pagePictureRef,
  SITE_PAGES,
  type FieldSpec,
  type SitePage,
  type SiteTexts,
} from "~/features/site-texts/site-texts";

export const PAGES_MESSAGES = {
  fix: "Corrigez les champs signalés : rien n'a changé.",
  versionGone: "Cette version n'existe plus.",
  notOurPicture: "Cette adresse n'est pas une image du site : téléversez l'image ici.",
  pictureGone: "Cette image n'est plus sur le site : téléversez-la de nouveau.",
  altRequired: "Décrivez l'image pour les personnes qui ne la voient pas.",
} as const;

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
      if (spec.kind === "image") {
        if (value.length > spec.max || !pagePictureRef(value)) fail(PAGES_MESSAGES.notOurPicture);
        return;
      }
      if (spec.kind === "number" && spec.range) {
        const { min, max } = spec.range;
        if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
          fail(`Entrez un nombre entier de ${min} à ${max}.`);
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

/** The schema of one page's document: every field present, each checked; a picture's description is
 * required once the picture is set. */
function pageSchema(page: SitePage) {
  const fields = PAGE_FIELDS[page];
  return z.object(Object.fromEntries(fields.map((spec) => [spec.key, fieldSchema(spec)]))).superRefine((texts, ctx) => {
    for (const spec of fields) {
      const picture = spec.altOf ? texts[spec.altOf]?.trim() : "";
      // A wrong picture has its own message; its description is asked for once it is right.
      if (picture && pagePictureRef(picture) && !texts[spec.key])
        ctx.addIssue({ code: "custom", path: [spec.key], message: PAGES_MESSAGES.altRequired });
    }
  }) as unknown as z.ZodType<SiteTexts>;
}

/** A document's fields as posted: a field the form lacks counts as empty. */
function postedTexts(page: SitePage, input: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    PAGE_FIELDS[page].map(({ key }) => [key, typeof input[key] === "string" ? input[key] : ""]),
  );
}

/** Checks a submitted document: its clean values, or one French message per wrong field. */
export function parsePageTexts(
  page: SitePage,
  input: Record<string, unknown>,
): { ok: true; texts: SiteTexts } | { ok: false; errors: FieldErrors } {
  const result = pageSchema(page).safeParse(postedTexts(page, input));
  if (result.success) return { ok: true, texts: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return { ok: false, errors };
}

const page = z.enum(SITE_PAGES);

/** What a post asks once read. */
export type EditPagesInput =
  | { intent: "draft" | "publish"; page: SitePage; texts: SiteTexts }
  | { intent: "discard"; page: SitePage }
  | { intent: "restore"; page: SitePage; version: string };

/** Every post of /edit-pages. The document's fields are named by their keys ('heroTitle'), beside
 * 'intent' and 'page'. */
export const EditPagesSchema = z
  .discriminatedUnion("intent", [
    z.looseObject({ intent: z.enum(["draft", "publish"]), page }),
    z.object({ intent: z.literal("discard"), page }),
    z.object({ intent: z.literal("restore"), page, version: z.uuid() }),
  ])
  .transform((input, ctx): EditPagesInput => {
    if (input.intent === "discard") return { intent: input.intent, page: input.page };
    if (input.intent === "restore") return { intent: input.intent, page: input.page, version: input.version };
    const checked = parsePageTexts(input.page, input);
    if (checked.ok) return { intent: input.intent, page: input.page, texts: checked.texts };
    for (const [key, message] of Object.entries(checked.errors)) ctx.addIssue({ code: "custom", path: [key], message });
    return z.NEVER;
  });

export type EditPagesIntent = EditPagesInput["intent"];
export type EditPagesResult = StaffActionResult<EditPagesIntent>;

/** The toast of a refused document: the fields say what is wrong. */
export const fixFieldsToast = (): StaffToast => ({ type: "error", title: MSG.error, description: PAGES_MESSAGES.fix });

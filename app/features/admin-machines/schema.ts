// One zod schema per mutation of /edit-machines, used by the forms (before sending) and by the route
// action (authoritative). Numbers typed in the form arrive as text and leave as the value saved.
import { z } from "../../lib/zod";
import { MSG } from "~/lib/messages";
import { alignAlts, dropEmptyLines, safeMainIndex } from "./lists";
import {
  NUMBER_FIELDS,
  NUMBER_RULES,
  parseTypedNumber,
  resolveNumber,
  sectionRule,
  type NumberField,
  type NumberRule,
} from "./numbers";
import { STEP_MESSAGES } from "./steps";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";

export const ADMIN_MESSAGES = {
  categoryNameRequired: "Veuillez remplir le nom de la catégorie.",
  categoryImageFailed: "Impossible d'uploader l'image. Veuillez réessayer.",
  stepTitleRequired: "Ajoutez un titre à cette étape.",
  stepMediaExclusive: "Une étape a soit une image, soit une vidéo.",
  badMedia: "Adresse de média invalide.",
  machineSaveFailed: "Impossible de sauvegarder la machine.",
  stepsSaveFailed: "Impossible de sauvegarder les étapes de la machine.",
  textTooLong: "Un texte est trop long : raccourcissez le champ indiqué.",
  /** Under the field: how long the text is and how long it may be. */
  tooLong: (length: number, max: number) => `${length} caractères : ${max} au plus.`,
} as const;

/** Search engines show about 60 characters of a title and 155 of a description; a picture's
 * description is read aloud, so it stays short too. */
export const TEXT_LIMITS = { seoTitle: 70, seoDescription: 160, alt: 160 } as const;

const TOO_LONG = /^\d+ caractères : \d+ au plus\.$/;
/** A too_big issue's message: the length of the text refused. */
const tooLongError = (max: number) => ({
  error: (issue: { input?: unknown }) =>
    ADMIN_MESSAGES.tooLong(typeof issue.input === "string" ? issue.input.length : max + 1, max),
});
const isTooLong = (message: string) => TOO_LONG.test(message);

/** A stored media address: our own '/media/…' (or any site path such as '/placeholder.svg'), or an
 * http(s) URL kept from imported data. Never 'javascript:' and friends. */
export function isSafeMediaUrl(value: string): boolean {
  if (value.startsWith("/")) return !value.startsWith("//") && !/[\s<>"'\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

const mediaUrl = z.string().trim().max(2048).refine(isSafeMediaUrl, ADMIN_MESSAGES.badMedia);
const optionalMedia = z
  .union([mediaUrl, z.literal(""), z.null()])
  .optional()
  .transform((v) => v || null);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
/** Text a person may leave empty (then null: the page's own text is kept), at most `max` characters
 * once trimmed; longer is refused with its length. */
const limitedText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, tooLongError(max))
    .nullish()
    .transform((v) => v || null);
const requiredText = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max);
/** Text or number typed by a person → the value saved (blank or invalid → its default). */
const typedNumber = (rule: NumberRule) =>
  z
    .union([z.string().max(40), z.number(), z.null()])
    .optional()
    .transform((v) => resolveNumber(v, rule));
const guid = z.guid();
/** A form posts text: an empty id field is no id (a new row). */
const newOrGuid = z.preprocess((v) => (v === "" ? null : v), guid.nullable());
/** A ticked box posts 'on'; an unticked one posts nothing. */
const tickBox = z.preprocess((v) => v === true || v === "on" || v === "true", z.boolean());
/** A whole number posted as text. */
const postedInt = (schema: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : v), schema);
const optionalGuid = z
  .union([guid, z.literal(""), z.null()])
  .optional()
  .transform((v) => v || null);

/** The search and sharing fields of a machine or a category page. */
const searchAndSharing = {
  seo_title: limitedText(TEXT_LIMITS.seoTitle),
  seo_description: limitedText(TEXT_LIMITS.seoDescription),
  share_image: optionalMedia,
  share_image_alt: limitedText(TEXT_LIMITS.alt),
};

/** One description per picture as posted ('machine.image_alts.2'); a field not posted is "". */
const pictureAlts = z
  .preprocess(
    (v) => (Array.isArray(v) ? Array.from(v, (alt: unknown) => alt ?? "") : v),
    z.array(z.string().trim().max(TEXT_LIMITS.alt, tooLongError(TEXT_LIMITS.alt))),
  )
  .default([]);

const GridSectionSchema = z.object({
  rows: typedNumber(sectionRule("rows")),
  cols: typedNumber(sectionRule("cols")),
  position: z.object({ x: typedNumber(sectionRule("x")), y: typedNumber(sectionRule("y")) }),
  size: z.object({ width: typedNumber(sectionRule("width")), height: typedNumber(sectionRule("height")) }),
});
const gridNumbers = Object.fromEntries(NUMBER_FIELDS.map((field) => [field, typedNumber(NUMBER_RULES[field])])) as {
  [K in NumberField]: ReturnType<typeof typedNumber>;
};
export const MAX_GRID_SECTIONS = 3;

export const MachineFieldsSchema = z
  .object({
    nom: requiredText(200, MSG.requiredFields),
    description: requiredText(5000, MSG.requiredFields),
    dimensions: optionalText(200),
    disponible_en_entrepot: tickBox,
    temps_commande: optionalText(100),
    avantages: z.array(z.string().max(500)).max(50).default([]).transform(dropEmptyLines),
    specifications: z.array(z.string().max(500)).max(50).default([]).transform(dropEmptyLines),
    images: z.array(mediaUrl).max(30).default([]),
    image_alts: pictureAlts,
    main_image_index: postedInt(z.number().int()).default(0),
    video: optionalMedia,
    process_video: optionalMedia,
    image_overlay: optionalMedia,
    categorie_id: optionalGuid,
    ...gridNumbers,
    grid_sections: z.array(GridSectionSchema).max(MAX_GRID_SECTIONS).default([]),
    ...searchAndSharing,
  })
  .transform((m) => ({
    ...m,
    main_image_index: safeMainIndex(m.images, m.main_image_index),
    image_alts: alignAlts(m.images, m.image_alts),
  }));

const stepFields = {
  numero: postedInt(z.number().int().min(1).max(999)),
  titre: requiredText(200, ADMIN_MESSAGES.stepTitleRequired),
  description: z.string().trim().max(5000).default(""),
  image: optionalMedia,
  image_alt: limitedText(TEXT_LIMITS.alt),
  video: optionalMedia,
};
const exclusiveMedia = (s: { image: string | null; video: string | null }) => !(s.image && s.video);
/** A description without its picture describes nothing: it goes with the picture. */
const altOnlyWithImage = <T extends { image: string | null; image_alt: string | null }>(s: T): T =>
  s.image ? s : { ...s, image_alt: null };

/** The step dialog's number as typed: blank, invalid or below 1 is 1; rounded; at most 999. */
const typedStepNumber = z.preprocess((v) => {
  const n = parseTypedNumber(v);
  return n !== null && n >= 1 ? Math.min(999, Math.round(n)) : 1;
}, z.number());

export const StepFieldsSchema = z
  .object({ ...stepFields, numero: typedStepNumber })
  .refine(exclusiveMedia, { message: ADMIN_MESSAGES.stepMediaExclusive, path: ["video"] })
  .transform(altOnlyWithImage);

const StepDraftSchema = z
  .object({ id: newOrGuid, ...stepFields })
  .refine(exclusiveMedia, { message: ADMIN_MESSAGES.stepMediaExclusive, path: ["video"] })
  .transform(altOnlyWithImage);

export const CategoryFieldsSchema = z
  .object({
    nom: requiredText(200, ADMIN_MESSAGES.categoryNameRequired),
    description: optionalText(2000),
    image: optionalMedia,
    image_alt: limitedText(TEXT_LIMITS.alt),
    ...searchAndSharing,
  })
  .transform(altOnlyWithImage);

export const SaveMachineSchema = z
  .object({
    intent: z.literal("save-machine"),
    id: newOrGuid,
    machine: MachineFieldsSchema,
    steps: z.array(StepDraftSchema).max(50).default([]),
  })
  .superRefine((value, ctx) => {
    const seen = new Set<string>();
    value.steps.forEach((step, index) => {
      if (!step.id) return;
      if (seen.has(step.id))
        ctx.addIssue({ code: "custom", message: STEP_MESSAGES.duplicate, path: ["steps", index, "id"] });
      seen.add(step.id);
    });
  });

export const AdminMachinesActionSchema = z.discriminatedUnion("intent", [
  SaveMachineSchema,
  z.object({ intent: z.literal("delete-machine"), id: guid }),
  z.object({ intent: z.literal("save-category"), id: newOrGuid, category: CategoryFieldsSchema }),
  z.object({ intent: z.literal("delete-category"), id: guid }),
  z.object({ intent: z.literal("save-step"), id: newOrGuid, step: StepFieldsSchema }),
  z.object({ intent: z.literal("delete-step"), id: guid }),
]);
type AdminMachinesAction = z.output<typeof AdminMachinesActionSchema>;
export type AdminMachinesActionInput = z.input<typeof AdminMachinesActionSchema>;
export type Intent = AdminMachinesAction["intent"];

/** What /edit-machines answers. */
export type AdminActionResult = StaffActionResult<Intent>;

/** The toast for a refused form: the category's own message, a duplicate or two-media step's message,
 * a text too long (when nothing required is missing), else the general 'required fields' message. */
export function validationToast(fieldErrors: FieldErrors): StaffToast {
  if (fieldErrors["category.nom"])
    return { type: "error", title: MSG.error, description: ADMIN_MESSAGES.categoryNameRequired };
  const duplicate = Object.values(fieldErrors).find((m) => m === STEP_MESSAGES.duplicate);
  if (duplicate) return { type: "error", title: MSG.error, description: duplicate };
  const exclusive = Object.values(fieldErrors).find((m) => m === ADMIN_MESSAGES.stepMediaExclusive);
  if (exclusive) return { type: "error", title: MSG.error, description: exclusive };
  const messages = Object.values(fieldErrors);
  if (messages.some(isTooLong) && !messages.includes(MSG.requiredFields))
    return { type: "error", title: MSG.error, description: ADMIN_MESSAGES.textTooLong };
  return { type: "error", title: MSG.error, description: MSG.requiredFields };
}

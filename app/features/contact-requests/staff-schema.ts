// One zod schema per form of the inbox and a request's page, used by the forms (before sending) and by
// the route action (authoritative). Field names are the forms' own: `id`, `stage`, `body`, …
import { z } from "~/lib/zod";
import { MSG } from "~/lib/messages";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { STAGE_IDS } from "./stages";

export const NOTE_MAX_LENGTH = 5_000;
export const REPLY_MAX_LENGTH = 10_000;
export const SUBJECT_MAX_LENGTH = 200;

export const REQUEST_MESSAGES = {
  unknownAction: "Action inconnue. Veuillez rafraîchir la page.",
  noteEmpty: "La note est vide.",
  noteTooLong: `Une note compte au plus ${NOTE_MAX_LENGTH} caractères.`,
  replyEmpty: "La réponse est vide.",
  replyTooLong: `Une réponse compte au plus ${REPLY_MAX_LENGTH} caractères.`,
  subjectTooLong: `L'objet compte au plus ${SUBJECT_MAX_LENGTH} caractères.`,
  erasureEmail: "Entrez l'adresse courriel complète de la personne, par exemple nom@exemple.ca.",
} as const;

/** A text typed in a box: line breaks made plain, blank ends trimmed, then not empty and within `max`. */
const typedText = (max: number, empty: string, tooLong: string) =>
  z
    .string({ error: empty })
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, empty).max(max, tooLong));

const noteBody = typedText(NOTE_MAX_LENGTH, REQUEST_MESSAGES.noteEmpty, REQUEST_MESSAGES.noteTooLong);

export const ContactRequestActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("renvoyer"), id: z.uuid() }),
  z.object({ intent: z.literal("statut"), id: z.uuid(), stage: z.enum(STAGE_IDS) }),
  // 'Responsable': an account's id, or '' for no one.
  z.object({ intent: z.literal("assigner"), id: z.uuid(), compte: z.union([z.uuid(), z.literal("")]).default("") }),
  z.object({ intent: z.literal("note"), id: z.uuid(), body: noteBody }),
  z.object({ intent: z.literal("note-modifier"), id: z.uuid(), noteId: z.uuid(), body: noteBody }),
  z.object({
    intent: z.literal("repondre"),
    id: z.uuid(),
    // Blank: the site's usual subject.
    subject: z
      .string()
      .default("")
      .transform((value) => value.replace(/\s+/g, " ").trim())
      .pipe(z.string().max(SUBJECT_MAX_LENGTH, REQUEST_MESSAGES.subjectTooLong)),
    body: typedText(REPLY_MAX_LENGTH, REQUEST_MESSAGES.replyEmpty, REQUEST_MESSAGES.replyTooLong),
  }),
  z.object({ intent: z.literal("renvoyer-courriel"), id: z.uuid(), messageId: z.uuid() }),
  z.object({ intent: z.literal("liberer"), id: z.uuid() }),
  // Erasure is final: the form posts its confirmation with it.
  z.object({ intent: z.literal("supprimer"), id: z.uuid(), confirmation: z.literal("supprimer") }),
  // Erasing everything one address names (the Law 25 request), confirmed the same way.
  z.object({
    intent: z.literal("effacer-personne"),
    courriel: z
      .string({ error: REQUEST_MESSAGES.erasureEmail })
      .transform((value) => value.trim())
      .pipe(z.email(REQUEST_MESSAGES.erasureEmail).max(254, REQUEST_MESSAGES.erasureEmail)),
    confirmation: z.literal("effacer"),
  }),
]);

type ContactRequestAction = z.output<typeof ContactRequestActionSchema>;
export type Intent = ContactRequestAction["intent"];
export const INTENTS = ContactRequestActionSchema.options.map((option) => option.shape.intent.value);

/** What the inbox and a request's page answer. */
export type RequestActionResult = StaffActionResult<Intent>;

/** The toast for a refused form: what is wrong with the text typed, else the form no longer matches
 * the page (an unknown action or a missing id). */
export function validationToast(fieldErrors: FieldErrors): StaffToast {
  const typed = fieldErrors.body ?? fieldErrors.subject ?? fieldErrors.courriel;
  return { type: "error", title: MSG.error, description: typed ?? REQUEST_MESSAGES.unknownAction };
}

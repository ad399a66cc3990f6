// The contact request: one set of rules for the browser (instant feedback) and the server (which
// decides). Field names and enumerations are the stored ones (the webhook's too); the messages are
// the site's French toasts.
import { z } from "../../lib/zod";
import { MSG } from "~/lib/messages";
import { cleanMultiline, foldToSingleLine } from "~/rules/text";
import {
  CONTACT_MSG,
  DATE_INSTALLATION,
  EMPLACEMENT,
  isPhoneNumber,
  LIMITS,
  TYPE_EMPLACEMENT,
  type ContactErrors,
  type ContactField,
  type ContactValues,
  type Option,
} from "./fields";

export * from "./fields";

const values = <T extends readonly Option[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

// A single-line field folds line breaks and drops control characters before any check, so a name can
// never write a line of its own into an email; the request's text keeps its line breaks.
const required = (max: number, clean: (value: string) => string = foldToSingleLine) =>
  z
    .string({ error: CONTACT_MSG.fieldRequired })
    .overwrite(clean)
    .trim()
    .min(1, { error: CONTACT_MSG.fieldRequired })
    .max(max, { error: CONTACT_MSG.tooLong(max) });

const choice = <T extends readonly Option[]>(options: T) =>
  z.enum(values(options), { error: CONTACT_MSG.invalidChoice }).nullable();

const prefersPhone = (payload: { value: unknown }) => {
  const value = payload.value as { prefere_telephone?: unknown; numero_telephone?: unknown } | null;
  return typeof value === "object" && value !== null && value.prefere_telephone === true;
};

const contactSchema = z
  .object({
    nom_complet: required(LIMITS.nom_complet),
    courriel: required(LIMITS.courriel).pipe(z.email({ error: CONTACT_MSG.invalidEmail })),
    description_demande: required(LIMITS.description_demande, cleanMultiline),
    type_emplacement: choice(TYPE_EMPLACEMENT),
    emplacement: choice(EMPLACEMENT),
    date_installation: choice(DATE_INSTALLATION),
    prefere_telephone: z.boolean(),
    numero_telephone: z
      .string()
      .overwrite(foldToSingleLine)
      .trim()
      .max(LIMITS.numero_telephone, { error: CONTACT_MSG.tooLong(LIMITS.numero_telephone) })
      .nullable(),
  })
  // These two run even when another field is wrong, so every problem is shown at once.
  .refine((value) => !value.prefere_telephone || Boolean(value.numero_telephone), {
    path: ["numero_telephone"],
    error: MSG.phoneRequired,
    when: prefersPhone,
  })
  .refine((value) => !value.prefere_telephone || !value.numero_telephone || isPhoneNumber(value.numero_telephone), {
    path: ["numero_telephone"],
    error: CONTACT_MSG.invalidPhone,
    when: prefersPhone,
  })
  .transform((value) => ({
    ...value,
    // numero_telephone is sent only when the preference is ticked.
    numero_telephone: value.prefere_telephone ? value.numero_telephone || null : null,
  }));

/** A valid request, as stored and as forwarded (minus the timestamp, added on receipt). */
type ContactInput = z.output<typeof contactSchema>;

/** Empty selects become null; the phone only counts when the preference is ticked. */
function toSchemaInput(values: ContactValues) {
  const orNull = (value: string) => (value === "" ? null : value);
  return {
    ...values,
    type_emplacement: orNull(values.type_emplacement),
    emplacement: orNull(values.emplacement),
    date_installation: orNull(values.date_installation),
    numero_telephone: values.prefere_telephone ? values.numero_telephone : null,
  };
}

export type ContactValidation = { ok: true; data: ContactInput } | { ok: false; errors: ContactErrors };

/** Validates what the person typed. The toast shows one message: missing required fields
 * first, then the missing phone number, then the first other problem. */
export function validateContact(values: ContactValues): ContactValidation {
  const parsed = contactSchema.safeParse(toSchemaInput(values));
  if (parsed.success) return { ok: true, data: parsed.data };
  const fields: ContactErrors["fields"] = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as ContactField | undefined;
    if (field && !fields[field]) fields[field] = issue.message;
  }
  const messages = Object.values(fields);
  const message = messages.includes(CONTACT_MSG.fieldRequired)
    ? MSG.requiredFields
    : messages.includes(MSG.phoneRequired)
      ? MSG.phoneRequired
      : (messages[0] ?? MSG.requiredFields);
  return { ok: false, errors: { message, fields } };
}

/** What the /contact action answers when the request was not stored (a stored one redirects to
 * /confirmation). `values` refill the form. */
export type ContactActionData =
  | { status: "invalid"; errors: ContactErrors; values: ContactValues }
  | { status: "error"; message: string; values?: ContactValues };

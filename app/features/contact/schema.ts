// The contact request: one set of rules for the browser (instant feedback) and the server (which
// decides). Field names, enumerations and messages follow the spec (sections 3, 5 and 8).
import { z } from "../../lib/zod";
import { MSG } from "~/lib/messages";

export const TYPE_EMPLACEMENT = [
  { value: "office", label: "Bureau" },
  { value: "school", label: "École" },
  { value: "hospital", label: "Hôpital" },
  { value: "retail", label: "Commerce de détail" },
  { value: "gym", label: "Centre sportif" },
  { value: "public", label: "Lieu public" },
  { value: "other", label: "Autre" },
] as const;

export const EMPLACEMENT = [
  { value: "quebec", label: "Québec" },
  { value: "levis", label: "Lévis" },
] as const;

export const DATE_INSTALLATION = [
  { value: "1-14-days", label: "1–14 jours" },
  { value: "14-31-days", label: "14–31 jours" },
  { value: "1-3-months", label: "1–3 mois" },
  { value: "3-months-plus", label: "3 mois et plus" },
] as const;

type Option = { readonly value: string; readonly label: string };
const values = <T extends readonly Option[]>(options: T) =>
  options.map((o) => o.value) as unknown as [T[number]["value"], ...T[number]["value"][]];

/** French label of an enumeration value ('office' → 'Bureau'); null and unknown values give null. */
export function optionLabel(options: readonly Option[], value: string | null | undefined): string | null {
  return options.find((o) => o.value === value)?.label ?? null;
}

export const LIMITS = {
  nom_complet: 120,
  courriel: 254,
  description_demande: 5000,
  numero_telephone: 30,
} as const;
// How long a request is kept (CONTACT_RETENTION_YEARS) lives in ./retention.ts, apart so that the
// privacy page can state it without loading zod.

/** Name of the hidden field that people never see and robots tend to fill. */
export const HONEYPOT_FIELD = "site_web";

// '5 000' with a non-breaking space, the same on the server and in every browser.
const groupThousands = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, "\u00a0");

export const CONTACT_MSG = {
  /** Beside an empty required field (the toast says MSG.requiredFields). */
  fieldRequired: "Ce champ est obligatoire.",
  invalidEmail: "Veuillez entrer une adresse courriel valide.",
  invalidPhone: "Veuillez entrer un numéro de téléphone valide.",
  invalidChoice: "Veuillez choisir une option de la liste.",
  tooLong: (max: number) => `Ce champ ne peut pas dépasser ${groupThousands(max)} caractères.`,
  rateLimited: "Vous avez envoyé plusieurs demandes en peu de temps. Veuillez réessayer dans quelques minutes.",
} as const;

export type ContactField =
  | "nom_complet"
  | "courriel"
  | "description_demande"
  | "type_emplacement"
  | "emplacement"
  | "date_installation"
  | "prefere_telephone"
  | "numero_telephone";

const required = (max: number) =>
  z
    .string({ error: CONTACT_MSG.fieldRequired })
    .trim()
    .min(1, { error: CONTACT_MSG.fieldRequired })
    .max(max, { error: CONTACT_MSG.tooLong(max) });

const choice = <T extends readonly Option[]>(options: T) =>
  z.enum(values(options), { error: CONTACT_MSG.invalidChoice }).nullable();

// A phone number: digits and the usual separators, at least 7 digits; an extension may follow.
const PHONE_RE = /^\+?[\d\s().-]*\d[\d\s().-]*(\s*(poste|ext\.?|#)\s*\d{1,6})?$/i;

/** Digits and the usual separators, at least 7 digits, an optional extension ('poste 12'). */
export function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").length;
  return phone.length <= LIMITS.numero_telephone && PHONE_RE.test(phone) && digits >= 7;
}

const prefersPhone = (payload: { value: unknown }) => {
  const value = payload.value as { prefere_telephone?: unknown; numero_telephone?: unknown } | null;
  return typeof value === "object" && value !== null && value.prefere_telephone === true;
};

export const contactSchema = z
  .object({
    nom_complet: required(LIMITS.nom_complet),
    courriel: required(LIMITS.courriel).pipe(z.email({ error: CONTACT_MSG.invalidEmail })),
    description_demande: required(LIMITS.description_demande),
    type_emplacement: choice(TYPE_EMPLACEMENT),
    emplacement: choice(EMPLACEMENT),
    date_installation: choice(DATE_INSTALLATION),
    prefere_telephone: z.boolean(),
    numero_telephone: z
      .string()
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
    // numero_telephone is sent only when the preference is ticked (spec section 5).
    numero_telephone: value.prefere_telephone ? value.numero_telephone || null : null,
  }));

/** A valid request, as stored and as forwarded (minus the timestamp, added on receipt). */
export type ContactInput = z.output<typeof contactSchema>;

/** What the person typed, kept to refill the form after an error. */
export type ContactValues = Record<Exclude<ContactField, "prefere_telephone">, string> & { prefere_telephone: boolean };

export type ContactErrors = {
  /** The one message of the toast (spec texts first). */
  message: string;
  fields: Partial<Record<ContactField, string>>;
};

type FormLike = { get(name: string): unknown };

const text = (form: FormLike, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

/** Reads the form (FormData or URLSearchParams) into what the person typed. */
export function readContactValues(form: FormLike): ContactValues {
  const checkbox = form.get("prefere_telephone");
  return {
    nom_complet: text(form, "nom_complet"),
    courriel: text(form, "courriel"),
    description_demande: text(form, "description_demande"),
    type_emplacement: text(form, "type_emplacement"),
    emplacement: text(form, "emplacement"),
    date_installation: text(form, "date_installation"),
    prefere_telephone: checkbox === "on" || checkbox === "true" || checkbox === "1",
    numero_telephone: text(form, "numero_telephone"),
  };
}

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

/** Validates what the person typed. The toast shows the spec's message: missing required fields
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

/** The JSON body forwarded to the webhook: exactly the spec's fields, in the spec's order. */
export type ContactWebhookBody = {
  nom_complet: string;
  courriel: string;
  description_demande: string;
  type_emplacement: string | null;
  emplacement: string | null;
  date_installation: string | null;
  prefere_telephone: boolean;
  numero_telephone: string | null;
  timestamp: string;
};

/** What the /contact action answers when the request was not stored (a stored one redirects to
 * /confirmation). `values` refill the form. */
export type ContactActionData =
  | { status: "invalid"; errors: ContactErrors; values: ContactValues }
  | { status: "error"; message: string; values?: ContactValues };

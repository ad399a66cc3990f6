// The contact request's fields, choices, limits and messages, and how a form is read: what the form
// needs to render. The rules that check a request (and their validation library) are in ./schema.ts,
// which the form loads only when a person starts filling it in.
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

export type Option = { readonly value: string; readonly label: string };

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

// A phone number: digits and the usual separators, at least 7 digits; an extension may follow.
const PHONE_RE = /^\+?[\d\s().-]*\d[\d\s().-]*(\s*(poste|ext\.?|#)\s*\d{1,6})?$/i;

/** Digits and the usual separators, at least 7 digits, an optional extension ('poste 12'). */
export function isPhoneNumber(phone: string): boolean {
  const digits = phone.replace(/\D/g, "").length;
  return phone.length <= LIMITS.numero_telephone && PHONE_RE.test(phone) && digits >= 7;
}

/** What the person typed, kept to refill the form after an error. */
export type ContactValues = Record<Exclude<ContactField, "prefere_telephone">, string> & { prefere_telephone: boolean };

export type ContactErrors = {
  /** The one message of the toast (required fields first, then the phone number). */
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

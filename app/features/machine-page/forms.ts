// The three forms of a machine's public page (/m/{code}): 'Signaler un problème', 'Demander un
// remboursement' and 'Suggérer un produit'. Their fields, limits and French messages, and the check
// of what was sent: pure, shared by the server (authoritative) and the page (the values typed, kept).
import { PROBLEM_KINDS, type ProblemKind } from "~/features/service/model";
import { instantAt, localTime } from "~/lib/dates";
import { formatPrice } from "~/lib/format";
import { TICKET_PHOTO } from "~/rules/uploads";

export const INTENT_FIELD = "intent";
export const INTENTS = ["probleme", "remboursement", "suggestion"] as const;
export type Intent = (typeof INTENTS)[number];

export const LIMITS = { details: 1_000, contact: 120, courriel: 120, nom: 80, recherche: 80 } as const;

export const PAYMENT_METHODS = [
  { value: "carte", label: "Carte de débit ou de crédit" },
  { value: "mobile", label: "Téléphone ou montre (paiement mobile)" },
  { value: "comptant", label: "Argent comptant" },
] as const;

/** How the money comes back: `label` as the person picks it, `staffLabel` as the staff read it. */
export const REFUND_METHODS = [
  { value: "interac", label: "Virement Interac à mon courriel", staffLabel: "Virement Interac au courriel donné" },
  {
    value: "prochaine-visite",
    label: "En main propre, à la prochaine visite",
    staffLabel: "En main propre à la prochaine visite",
  },
] as const;
type RefundMethod = (typeof REFUND_METHODS)[number]["value"];

export { PROBLEM_KINDS };

/** What a person typed, field by field, as text: given back with the messages (no lost work). */
export type FormValues = Record<string, string>;
export type FormErrors = { message: string; fields: Record<string, string> };

export type ProblemInput = {
  problem: ProblemKind;
  slot: string | null;
  occurredAt: Date;
  details: string;
  email: string | null;
  phone: string | null;
};
export type RefundInput = {
  cents: number;
  payment: string;
  method: RefundMethod;
  email: string;
  slot: string | null;
  occurredAt: Date;
  details: string;
};
export type SuggestionInput = { productId: string | null; name: string };

/** 'Signaler un problème' may carry one photo (a file field: never given back with the messages). */
export const PHOTO_FIELD = "photo";
const CHOOSE_AGAIN = "Choisissez de nouveau la photo.";
/** '10 Mo'. */
export const PHOTO_MAX_TEXT = `${TICKET_PHOTO.maxBytes / 1024 / 1024} Mo`;

/** The photo field's messages: why the photo was refused, or that a form refused for another reason
 * did not keep it. */
export const PHOTO_MESSAGES = {
  notImage: `Ce fichier n'est pas une photo que nous pouvons lire (JPEG, PNG, WebP, AVIF ou GIF). ${CHOOSE_AGAIN}`,
  tooLargeImage: `Cette photo dépasse ${PHOTO_MAX_TEXT} : choisissez-en une plus légère, ou envoyez sans photo.`,
  tooManyPixels: `Cette photo dépasse 50 mégapixels : choisissez-en une plus petite, ou envoyez sans photo.`,
  busy: `Nous ne pouvons pas lire votre photo en ce moment. ${CHOOSE_AGAIN}`,
  again: CHOOSE_AGAIN,
} as const;

type Checked<T> = { ok: true; data: T } | { ok: false; errors: FormErrors };

const EMAIL_RE = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SLOT_RE = /^\d{1,3}:\d{1,3}$/;
// No control characters in what is kept (line breaks allowed in the details).
// eslint-disable-next-line no-control-regex -- control characters are what this pattern finds
const CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Fields read from a form body: text only, trimmed, at most 4 × the longest limit each. */
export function readValues(form: { get(name: string): unknown }, names: readonly string[]): FormValues {
  const values: FormValues = {};
  for (const name of names) {
    const raw = form.get(name);
    values[name] = typeof raw === "string" ? raw.trim().slice(0, 4_000) : "";
  }
  return values;
}

export const FIELDS: Record<Intent, readonly string[]> = {
  probleme: ["probleme", "produit", "quand", "details", "contact"],
  remboursement: ["montant", "paiement", "retour", "courriel", "produit", "quand", "details"],
  suggestion: ["produit_id", "nom"],
};

const MESSAGE = "Vérifiez les champs indiqués, puis envoyez de nouveau.";

/** 'AAAA-MM-JJTHH:MM' for a datetime-local field, at `at` in Québec's time. */
export function localInputValue(at: Date): string {
  const t = localTime(at);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${t.year}-${two(t.month)}-${two(t.day)}T${two(t.hour)}:${two(t.minute)}`;
}

/** The instant of a datetime-local value ('2026-12-03T14:30', seconds allowed) in Québec's time. */
function fromLocalInput(value: string): Date | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d{1,3})?)?$/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute] = m.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const at = instantAt({ year, month, day, hour, minute });
  return localTime(at).day === day ? at : null;
}

/** When it happened: a datetime-local value in Québec's time, not in the future, at most 90 days ago.
 * Empty means now. */
function readWhen(value: string, now: Date): Date | string {
  if (value === "") return now;
  const at = fromLocalInput(value);
  if (!at) return "Indiquez la date et l'heure (p. ex. 2026-12-03 14:30).";
  if (at.getTime() > now.getTime() + 10 * 60_000) return "Cette date est dans le futur.";
  if (at.getTime() < now.getTime() - 90 * 86_400_000) return "Indiquez un moment des 90 derniers jours.";
  return at;
}

function readSlot(value: string, slots: ReadonlySet<string>): string | null | false {
  if (value === "") return null;
  return SLOT_RE.test(value) && slots.has(value) ? value : false;
}

function readDetails(value: string): string | false {
  return value.length <= LIMITS.details && !CONTROL_RE.test(value) ? value : false;
}

/** 'Signaler un problème'. `slots`: this machine's filled slots ('section:slot'). */
export function checkProblem(
  values: FormValues,
  { slots, now }: { slots: ReadonlySet<string>; now: Date },
): Checked<ProblemInput> {
  const fields: Record<string, string> = {};
  const problem = PROBLEM_KINDS.find((k) => k.value === values.probleme)?.value;
  if (!problem) fields.probleme = "Choisissez ce qui s'est passé.";
  const slot = readSlot(values.produit ?? "", slots);
  if (slot === false) fields.produit = "Choisissez un produit de cette machine, ou aucun.";
  const when = readWhen(values.quand ?? "", now);
  if (typeof when === "string") fields.quand = when;
  const details = readDetails(values.details ?? "");
  if (details === false) fields.details = `Écrivez au plus ${LIMITS.details} caractères.`;
  const contact = values.contact ?? "";
  let email: string | null = null;
  let phone: string | null = null;
  if (contact !== "") {
    if (contact.includes("@")) {
      if (EMAIL_RE.test(contact) && contact.length <= LIMITS.contact) email = contact;
      else fields.contact = "Ce courriel semble incomplet (p. ex. prenom@exemple.ca).";
    } else {
      const digits = contact.replace(/\D/g, "");
      if (/^[\d\s().+-]+$/.test(contact) && (digits.length === 10 || (digits.length === 11 && digits[0] === "1"))) {
        phone = contact;
      } else fields.contact = "Donnez un courriel ou un numéro de téléphone à 10 chiffres.";
    }
  }
  if (Object.keys(fields).length > 0 || !problem || slot === false || typeof when === "string" || details === false) {
    return { ok: false, errors: { message: MESSAGE, fields } };
  }
  return { ok: true, data: { problem, slot, occurredAt: when, details, email, phone } };
}

/** An amount as people write it ('2,50', '2.50 $', '3'), in cents; null when it is not one. */
export function readAmount(value: string): number | null {
  const m = /^(\d{1,4})(?:[.,](\d{1,2}))?\s*\$?$/.exec(value.replace(/\s+\$/, "$").trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? "0").padEnd(2, "0"));
}

/** 'Demander un remboursement'. `maxCents`: the most one may ask for; over it, the person is given
 * `phone` to call. */
export function checkRefund(
  values: FormValues,
  { slots, now, maxCents, phone }: { slots: ReadonlySet<string>; now: Date; maxCents: number; phone: string },
): Checked<RefundInput> {
  const fields: Record<string, string> = {};
  const cents = readAmount(values.montant ?? "");
  const max = formatCents(maxCents);
  if (values.montant === "") fields.montant = "Indiquez le montant à vous rembourser.";
  else if (cents === null) fields.montant = "Écrivez un montant en dollars, p. ex. 2,50.";
  else if (cents <= 0) fields.montant = "Le montant doit être plus grand que 0 $.";
  else if (cents > maxCents)
    fields.montant = `Le remboursement en ligne va jusqu'à ${max}. Au-delà, appelez-nous au ${phone}.`;
  const payment = PAYMENT_METHODS.find((p) => p.value === values.paiement)?.value;
  if (!payment) fields.paiement = "Choisissez comment vous avez payé.";
  const method = REFUND_METHODS.find((r) => r.value === values.retour)?.value;
  if (!method) fields.retour = "Choisissez comment être remboursé.";
  const email = values.courriel ?? "";
  if (email === "") fields.courriel = "Indiquez votre courriel : nous vous y répondrons.";
  else if (!EMAIL_RE.test(email) || email.length > LIMITS.courriel)
    fields.courriel = "Ce courriel semble incomplet (p. ex. prenom@exemple.ca).";
  const slot = readSlot(values.produit ?? "", slots);
  if (slot === false) fields.produit = "Choisissez un produit de cette machine, ou aucun.";
  const when = readWhen(values.quand ?? "", now);
  if (typeof when === "string") fields.quand = when;
  const details = readDetails(values.details ?? "");
  if (details === false) fields.details = `Écrivez au plus ${LIMITS.details} caractères.`;
  if (
    Object.keys(fields).length > 0 ||
    cents === null ||
    !payment ||
    !method ||
    slot === false ||
    typeof when === "string" ||
    details === false
  ) {
    return { ok: false, errors: { message: MESSAGE, fields } };
  }
  return { ok: true, data: { cents, payment, method, email, slot, occurredAt: when, details } };
}

/** 'Suggérer un produit': a catalogue product (its id) or a typed name. */
export function checkSuggestion(values: FormValues): Checked<SuggestionInput> {
  const id = values.produit_id ?? "";
  const name = (values.nom ?? "").replace(/\s+/g, " ");
  if (id !== "") {
    if (UUID_RE.test(id)) return { ok: true, data: { productId: id.toLowerCase(), name } };
    return { ok: false, errors: { message: MESSAGE, fields: { nom: "Ce produit n'est plus au catalogue." } } };
  }
  if (name.length < 2) {
    return { ok: false, errors: { message: MESSAGE, fields: { nom: "Écrivez le nom du produit souhaité." } } };
  }
  if (name.length > LIMITS.nom || CONTROL_RE.test(name)) {
    return { ok: false, errors: { message: MESSAGE, fields: { nom: `Écrivez au plus ${LIMITS.nom} caractères.` } } };
  }
  return { ok: true, data: { productId: null, name } };
}

/** Why a code has no page, for the person who scanned or typed it: a machine not in service yet, one
 * taken away, or a code that names none (mistyped). Answered with a 404. */
export type MachineMissing = { code: string; state: "a-installer" | "retiree" | "inconnu" };

/** '20,00 $', '2,50 $': an amount kept in cents, written as every price is, so a list of refunds
 * aligns. */
export function formatCents(cents: number): string {
  return formatPrice(cents / 100);
}

/** The label of a payment method, a refund method or a problem as the staff read it (never the
 * person's first-person words): their inbox, ticket pages, emails and CSV. */
export function paymentLabel(value: string): string {
  return PAYMENT_METHODS.find((p) => p.value === value)?.label ?? value;
}
export function refundMethodLabel(value: string): string {
  return REFUND_METHODS.find((p) => p.value === value)?.staffLabel ?? value;
}
export function problemLabel(value: string): string {
  return PROBLEM_KINDS.find((p) => p.value === value)?.staffLabel ?? value;
}

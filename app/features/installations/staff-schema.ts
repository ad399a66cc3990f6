// The staff's posts on installations, checked in the browser before sending and by the action
// (authoritative): 'Planifier l'installation' (from an accepted proposal, or a new one by hand), a
// change of status, and a slot's product swap planned, done or cancelled. The planned day and time are
// read as Québec's clock shows them.
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { MSG } from "~/lib/messages";
import { z } from "~/lib/zod";
import { instantAt, isoLocal } from "~/lib/dates";
import { foldToSingleLine } from "~/rules/text";
import { parseLayout } from "~/features/proposals/rules";
import { readSlotValue } from "./swaps";

export const INSTALLATION_MESSAGES = {
  fix: "Corrigez les champs signalés : rien n'a été enregistré.",
  gone: "Cette installation n'existe plus.",
  notToInstall: "Cette installation n'est plus à installer : sa date ne change plus.",
  proposalGone: "Cette proposition n'existe plus ou n'est pas acceptée : rien n'a été enregistré.",
  notAllowed: "Ce changement de statut n'est pas possible depuis le statut actuel.",
  retired: "Cette machine est retirée : aucun échange n'y est possible.",
  badSlot: "Cet emplacement n'existe pas dans la disposition de cette machine : rien n'a été enregistré.",
  slotPlanned: "Un échange est déjà prévu pour cet emplacement : annulez-le d'abord.",
  sameProduct: "Ce produit est déjà à cet emplacement : rien n'a été enregistré.",
  swapProductGone: "Ce produit n'est plus au catalogue : rien n'a été enregistré.",
  swapDoneProductGone: "Le produit de cet échange n'est plus au catalogue : annulez l'échange et prévoyez-en un autre.",
  swapDoneBadSlot: "Cet emplacement n'est plus dans la disposition : annulez l'échange et prévoyez-en un autre.",
  swapDone: "Cet échange est déjà fait : rien n'a changé.",
  swapGone: "Cet échange a été annulé ou n'existe plus : rien n'a changé.",
  unchanged: "L'installation a déjà ce statut.",
  noMachine: "Cette machine n'existe plus : choisissez-en une autre.",
  productGone: "Un produit choisi n'existe plus : rien n'a été enregistré.",
} as const;

const text = (max: number, required: string | null) => {
  const base = z
    .string()
    .default("")
    .transform((value) => foldToSingleLine(value).trim());
  const limited = base.pipe(z.string().max(max, `${max} caractères au plus.`));
  return required ? limited.pipe(z.string().min(1, required)) : limited;
};

const PHONE = /^[0-9+().\s-]*$/;

const planFields = z.object({
  intent: z.literal("planifier"),
  proposal_id: z
    .string()
    .default("")
    .transform((v) => v.trim() || null)
    .pipe(z.uuid().nullable()),
  machine_id: z
    .string()
    .default("")
    .transform((v) => v.trim() || null)
    .pipe(z.uuid("Choisissez la machine.").nullable()),
  client_name: text(200, "Indiquez le nom de l'entreprise du client."),
  address: text(300, "Indiquez l'adresse de l'installation."),
  contact_name: text(120, "Indiquez le nom de la personne à joindre."),
  contact_phone: text(40, null).refine(
    (v) => PHONE.test(v) && (v === "" || v.replace(/\D/g, "").length >= 10),
    "Entrez un numéro de téléphone complet, par exemple 418 555-0199.",
  ),
  contact_email: text(254, null).refine(
    (v) => v === "" || z.email().safeParse(v).success,
    "Entrez une adresse courriel valide, par exemple nom@entreprise.ca.",
  ),
  date: z
    .string()
    .default("")
    .transform((v) => v.trim())
    .refine((v) => v === "" || /^\d{4}-\d{2}-\d{2}$/.test(v), "Choisissez une date valide."),
  time: z
    .string()
    .default("")
    .transform((v) => v.trim())
    .refine((v) => v === "" || /^([01]\d|2[0-3]):[0-5]\d$/.test(v), "Choisissez une heure valide."),
  notify: z
    .string()
    .optional()
    .transform((v) => v === "on" || v === "true"),
});

/** The plan's date as a calendar day that exists ('2026-02-30' does not). */
function realDay(value: string): { year: number; month: number; day: number } | null {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day
    ? { year, month, day }
    : null;
}

const PAST_DAY = "Cette date est passée : choisissez aujourd'hui ou un jour à venir.";

/** A visit is planned from today on, as Québec's calendar reads it. */
const isPastDay = (value: string) => value < isoLocal(new Date()).day;

const planSchema = planFields.superRefine((input, ctx) => {
  const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
  if (!input.proposal_id && !input.machine_id) issue("machine_id", "Choisissez la machine.");
  // From a proposal the visit is what is being planned: its day and time are needed.
  if (input.proposal_id && input.date === "") issue("date", "Choisissez la date de l'installation.");
  if (input.date !== "" && !realDay(input.date)) issue("date", "Cette date n'existe pas.");
  else if (input.date !== "" && isPastDay(input.date)) issue("date", PAST_DAY);
  if (input.date !== "" && input.time === "") issue("time", "Choisissez l'heure de l'installation.");
  if (input.time !== "" && input.date === "") issue("date", "Choisissez la date de l'installation.");
  if (input.notify && input.contact_email === "")
    issue("contact_email", "Entrez l'adresse courriel du client pour lui envoyer la date.");
  if (input.notify && input.date === "") issue("date", "Choisissez une date pour l'envoyer au client.");
});

/** The planned visit's local day and time, as the form gave them; null when none. */
export function plannedLocal(input: { date: string; time: string }) {
  const day = input.date ? realDay(input.date) : null;
  if (!day || !input.time) return null;
  const [hour, minute] = input.time.split(":").map(Number) as [number, number];
  return { ...day, hour, minute };
}

const STATUS_VALUES = ["a-installer", "installee", "retiree"] as const;

/** « Prévoir l'échange »: a slot of the layout ('0:2') and the catalogue product to put in it. */
const swapPlanSchema = z.object({
  intent: z.literal("prevoir-echange"),
  id: z.uuid(),
  emplacement: z
    .string()
    .default("")
    .transform((value, ctx) => {
      const slot = readSlotValue(value);
      if (slot) return slot;
      ctx.addIssue({ code: "custom", message: "Choisissez l'emplacement à changer." });
      return z.NEVER;
    }),
  product_id: z.string().default("").pipe(z.uuid("Choisissez le produit à mettre dans la machine.")),
});

/** 'Changer la date': a new day and time for a visit still to come, and whether to email the client. */
const replanSchema = z
  .object({
    intent: z.literal("changer-date"),
    id: z.uuid(),
    date: planFields.shape.date,
    time: planFields.shape.time,
    notify: planFields.shape.notify,
  })
  .superRefine((input, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    if (input.date === "") issue("date", "Choisissez la date de l'installation.");
    else if (!realDay(input.date)) issue("date", "Cette date n'existe pas.");
    else if (isPastDay(input.date)) issue("date", PAST_DAY);
    if (input.time === "") issue("time", "Choisissez l'heure de l'installation.");
  });

/** The longest a machine may be marked installed after the fact. */
const INSTALLED_DAYS_BACK = 365;

/** A status change; 'installée' takes the day it was installed (today when none is given). */
const statusSchema = z
  .object({
    intent: z.literal("changer-statut"),
    id: z.uuid(),
    to: z.enum(STATUS_VALUES),
    le: z.string().trim().default(""),
  })
  .superRefine((input, ctx) => {
    if (input.to !== "installee" || input.le === "") return;
    const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["le"], message });
    const today = isoLocal(new Date()).day;
    const earliest = isoLocal(new Date(Date.now() - INSTALLED_DAYS_BACK * 86_400_000)).day;
    if (!realDay(input.le)) issue("Cette date n'existe pas.");
    else if (input.le > today) issue("Cette date est à venir : marquez la machine installée le jour où elle l'est.");
    else if (input.le < earliest) issue("Choisissez une date de la dernière année.");
  });

/** The instant an installation is recorded installed: now for today, else noon of the day given. */
export function installedAt(le: string, now = new Date()): Date {
  const day = le ? realDay(le) : null;
  return day && le !== isoLocal(now).day ? instantAt({ ...day, hour: 12, minute: 0 }) : now;
}

export const installationSchema = z.discriminatedUnion("intent", [
  replanSchema,
  planSchema,
  statusSchema,
  swapPlanSchema,
  z.object({ intent: z.literal("echange-fait"), id: z.uuid(), swap_id: z.uuid() }),
  z.object({ intent: z.literal("annuler-echange"), id: z.uuid(), swap_id: z.uuid() }),
  // The customiser's layout (JSON), as it saves a proposal's; an installation may have empty slots.
  z.object({
    intent: z.literal("changer-disposition"),
    id: z.uuid(),
    layout: z.unknown().transform((json, ctx) => {
      const layout = parseLayout(json, { allowEmpty: true });
      if (layout.ok) return layout.layout;
      ctx.addIssue({ code: "custom", message: layout.error });
      return z.NEVER;
    }),
  }),
]);

/** The form 'Planifier l'installation' alone, for its check in the browser. */
export const planInstallationSchema = planSchema;

export const INSTALLATION_INTENTS = [
  "planifier",
  "changer-date",
  "changer-statut",
  "changer-disposition",
  "prevoir-echange",
  "echange-fait",
  "annuler-echange",
] as const;
export type InstallationIntent = (typeof INSTALLATION_INTENTS)[number];
export type InstallationResult = StaffActionResult<InstallationIntent>;

/** The toast of a refused form: the fields say what is wrong. */
export const fixFieldsToast = (fieldErrors: FieldErrors = {}): StaffToast => ({
  type: "error",
  title: MSG.error,
  description: Object.keys(fieldErrors).length > 0 ? INSTALLATION_MESSAGES.fix : "Demande invalide.",
});

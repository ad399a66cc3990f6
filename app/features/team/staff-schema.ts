// The check of /edit-equipe's posts, shared by the form (before sending) and the action
// (authoritative): inviting a person, changing an account's roles, turning it off or on, cancelling
// an invitation. Roles are posted as checkboxes named 'roles.<role>'.
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { foldToSingleLine } from "~/rules/text";
import { STAFF_ROLES } from "~/rules/staff-roles";

export const TEAM_MESSAGES = {
  fix: "Corrigez les champs signalés : rien n'a changé.",
  noRole: "Cochez au moins un rôle.",
  email: "Entrez une adresse courriel valide, par exemple nom@entreprise.ca.",
  name: "Indiquez le nom de la personne.",
  taken: "Un compte existe déjà pour cette adresse.",
  pending: "Une invitation attend déjà cette adresse : renvoyez-la depuis les invitations en attente.",
  lastOwner: "Le site doit garder au moins un propriétaire actif : donnez d'abord ce rôle à une autre personne.",
  gone: "Ce compte n'existe plus.",
  invitationGone: "Cette invitation n'est plus valide.",
  self: "Vous ne pouvez pas désactiver votre propre compte.",
  noMail: "L'envoi de courriels n'est pas configuré : l'invitation ne peut pas partir.",
  ownFirst:
    "Ajoutez d'abord une clé d'accès ou une application d'authentification à votre propre compte, dans Mon compte : la règle s'appliquera aussi à vous.",
} as const;

const roles = z
  .record(z.string(), z.unknown())
  .default({})
  .transform((checked) => STAFF_ROLES.filter((role) => checked[role] !== undefined && checked[role] !== ""))
  .refine((list) => list.length > 0, TEAM_MESSAGES.noRole);

export const teamSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("inviter"),
    email: z
      .string()
      .default("")
      .transform((v) => v.trim().toLowerCase())
      .pipe(z.email(TEAM_MESSAGES.email).max(254, TEAM_MESSAGES.email)),
    name: z
      .string()
      .default("")
      .transform((v) => foldToSingleLine(v).trim())
      .pipe(z.string().min(1, TEAM_MESSAGES.name).max(120, "120 caractères au plus.")),
    roles,
  }),
  z.object({ intent: z.literal("roles"), id: z.uuid(), roles }),
  z.object({ intent: z.literal("desactiver"), id: z.uuid() }),
  z.object({ intent: z.literal("reactiver"), id: z.uuid() }),
  z.object({ intent: z.literal("annuler-invitation"), id: z.uuid() }),
  z.object({ intent: z.literal("renvoyer-invitation"), id: z.uuid() }),
  // The team's sign-in rule: a checkbox, absent when unticked.
  z.object({
    intent: z.literal("deuxieme-etape"),
    exiger: z
      .string()
      .optional()
      .transform((v) => v !== undefined && v !== ""),
  }),
]);

export type TeamIntent = z.output<typeof teamSchema>["intent"];
export const TEAM_INTENTS: readonly TeamIntent[] = [
  "inviter",
  "roles",
  "desactiver",
  "reactiver",
  "annuler-invitation",
  "renvoyer-invitation",
  "deuxieme-etape",
];
export type TeamResult = StaffActionResult<TeamIntent>;

export const fixFieldsToast = (fieldErrors: FieldErrors = {}): StaffToast => ({
  type: "error",
  title: "Erreur",
  description: Object.keys(fieldErrors).length ? TEAM_MESSAGES.fix : "Demande invalide.",
});

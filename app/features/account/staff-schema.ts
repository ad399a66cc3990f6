// The check of /edit-compte's form, shared by the form (before sending) and the action: the current
// password, a new one of 12 characters or more, typed twice.
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { foldToSingleLine } from "~/rules/text";

export const ACCOUNT_MESSAGES = {
  current: "Entrez votre mot de passe actuel.",
  wrong: "Le mot de passe actuel n'est pas le bon.",
  short: "Le nouveau mot de passe doit compter au moins 12 caractères.",
  long: "Le mot de passe compte au plus 200 caractères.",
  mismatch: "Les deux mots de passe ne sont pas identiques.",
  throttled: "Trop d'essais : attendez quelques minutes avant de réessayer.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
  name: "Indiquez votre nom, par exemple Sophie Lavoie.",
} as const;

export const passwordSchema = z
  .object({
    intent: z.literal("mot-de-passe"),
    actuel: z.string().default("").pipe(z.string().min(1, ACCOUNT_MESSAGES.current).max(200, ACCOUNT_MESSAGES.long)),
    nouveau: z
      .string()
      .default("")
      .refine((v) => [...v].length >= 12, ACCOUNT_MESSAGES.short)
      .pipe(z.string().max(200, ACCOUNT_MESSAGES.long)),
    confirmation: z.string().default(""),
  })
  .refine((v) => v.nouveau === v.confirmation, { path: ["confirmation"], message: ACCOUNT_MESSAGES.mismatch });

/** The name shown beside what the person does and in the emails they send ('Sophie Lavoie'). */
export const nameSchema = z.object({
  intent: z.literal("nom"),
  nom: z
    .string()
    .default("")
    .transform((v) => foldToSingleLine(v).trim())
    .pipe(z.string().min(1, ACCOUNT_MESSAGES.name).max(120, "120 caractères au plus.")),
});

export const accountSchema = z.discriminatedUnion("intent", [nameSchema, passwordSchema]);

export type AccountResult = StaffActionResult<"mot-de-passe" | "nom">;

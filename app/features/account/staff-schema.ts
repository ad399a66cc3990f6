// The check of /edit-compte's form, shared by the form (before sending) and the action: the current
// password, a new one of 12 characters or more, typed twice.
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";

export const ACCOUNT_MESSAGES = {
  current: "Entrez votre mot de passe actuel.",
  wrong: "Le mot de passe actuel n'est pas le bon.",
  short: "Le nouveau mot de passe doit compter au moins 12 caractères.",
  long: "Le mot de passe compte au plus 200 caractères.",
  mismatch: "Les deux mots de passe ne sont pas identiques.",
  throttled: "Trop d'essais : attendez quelques minutes avant de réessayer.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
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

export type AccountResult = StaffActionResult<"mot-de-passe">;

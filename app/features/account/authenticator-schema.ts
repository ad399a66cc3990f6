// The check of Mon compte's authenticator-app forms, shared by the forms (before sending) and the action.
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";

export const AUTHENTICATOR_MESSAGES = {
  code: "Entrez le code à 6 chiffres affiché par l'application.",
  wrong:
    "Ce code n'est pas celui de l'application. Vérifiez que l'heure du téléphone est juste et entrez le code affiché maintenant.",
  codeOrRecovery: "Entrez le code de l'application ou l'un de vos codes de récupération.",
  wrongOrRecovery: "Ce code n'est pas le bon, ou il a déjà servi.",
  alreadyOn: "L'application est déjà activée.",
  notStarted: "La configuration a expiré : recommencez-la.",
  throttled: "Trop d'essais : attendez quelques minutes avant de réessayer.",
} as const;

const appCode = z
  .string()
  .default("")
  .transform((v) => v.replace(/\s/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, AUTHENTICATOR_MESSAGES.code));

const appOrRecoveryCode = z
  .string()
  .default("")
  .transform((v) => v.trim())
  .pipe(z.string().min(1, AUTHENTICATOR_MESSAGES.codeOrRecovery).max(40, AUTHENTICATOR_MESSAGES.codeOrRecovery));

const activateSchema = z.object({ intent: z.literal("activer"), code: appCode });
const newCodesSchema = z.object({ intent: z.literal("nouveaux-codes"), code: appCode });
const removeSchema = z.object({ intent: z.literal("desactiver"), code: appOrRecoveryCode });

export const authenticatorSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("commencer") }),
  z.object({ intent: z.literal("annuler") }),
  activateSchema,
  newCodesSchema,
  removeSchema,
]);

type AuthenticatorIntent = z.output<typeof authenticatorSchema>["intent"];

/** The answer; `recoveryCodes`, after turning the app on or asking for new ones, are shown once. */
export type AuthenticatorResult = StaffActionResult<AuthenticatorIntent> & { recoveryCodes?: string[] };

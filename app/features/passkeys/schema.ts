// The checks of what a browser sends back from its passkey prompt (a new key, a sign-in), and of Mon
// compte's passkey posts. Only the shape is checked here; the signatures are the server's.
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from "@simplewebauthn/server";
import type { RegistrationOptions, SignInOptions } from "../../../server/auth/passkeys";
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { PASSKEY_MESSAGES } from "./messages";

/** The most a prompt's answer may weigh, whatever carries it. */
export const PASSKEY_BODY_MAX = 16 * 1024;

const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[\w-]*$/);

/** How a device reaches its keys (WebAuthn's AuthenticatorTransport, and those browsers added since). */
const TRANSPORTS = new Set(["ble", "cable", "hybrid", "internal", "nfc", "smart-card", "usb"]);

const credential = {
  // A credential id is at most 1,023 bytes.
  id: base64url(1400).min(1),
  rawId: base64url(1400).min(1),
  type: z.literal("public-key"),
  // Extensions are neither asked for nor read.
  clientExtensionResults: z.object({}).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional().catch(undefined),
};

const authenticationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    authenticatorData: base64url(4000).min(1),
    // ES256 and RS256 sign in under 400 characters; the post-quantum ML-DSA in about 3,300.
    signature: base64url(8000).min(1),
    userHandle: base64url(200).optional(),
  }),
}) satisfies z.ZodType<AuthenticationResponseJSON>;

export const registrationResponseSchema = z.object({
  ...credential,
  response: z.object({
    clientDataJSON: base64url(4000).min(1),
    attestationObject: base64url(12_000).min(1),
    authenticatorData: base64url(12_000).optional(),
    publicKey: base64url(4000).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    // A transport this site does not know yet is left out, not refused.
    transports: z
      .array(z.string().max(20))
      .max(10)
      .optional()
      .transform((list) => list?.filter((transport) => TRANSPORTS.has(transport))),
  }),
}) satisfies z.ZodType<RegistrationResponseJSON>;

/** A browser's answer posted as JSON text in a form field, read with `schema`. */
export const answerField = <S extends z.ZodType>(schema: S) =>
  z
    .string()
    .max(PASSKEY_BODY_MAX, PASSKEY_MESSAGES.unreadable)
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: PASSKEY_MESSAGES.unreadable });
        return z.NEVER;
      }
    })
    .pipe(schema);

/** Mon compte's posts to /edit-compte/cles: the options of a new key's prompt, the prompt's answer,
 * removing a key. */
export const passkeyFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("cle-preparer") }),
  z.object({ intent: z.literal("cle-ajouter"), reponse: answerField(registrationResponseSchema) }),
  z.object({ intent: z.literal("cle-retirer"), id: base64url(1400).min(1) }),
]);

/** /login/cle's JSON body: fresh options for the prompt, or the prompt's answer (and the staff screen the
 * sign-in goes on to). */
export const signInBodySchema = z.union([
  z.object({ options: z.literal(true) }),
  z.object({ response: authenticationResponseSchema, retour: z.string().max(300).optional() }),
]);

export type PasskeyIntent = "cle-preparer" | "cle-ajouter" | "cle-retirer";
/** Mon compte's answer; 'cle-preparer' carries the options of the prompt. */
export type PasskeyResult = StaffActionResult<PasskeyIntent> & { options?: RegistrationOptions };

/** What /login/cle answers when it does not sign in: the message, fresh options when the page's were
 * too old (or when asked for them), and whether the key is one the site does not know (the page then
 * asks the device to stop offering it). */
export type SignInAnswer = { error?: string; options?: SignInOptions; unknownKey?: true };

// /invitation/{token}'s other way in: the invited person adds a passkey instead of choosing a password.
// The account is made with a password nobody knows (the hash of 32 random bytes, never shown; 'Mot de
// passe oublié' sets one later) and the key, in one transaction; the session opens as a second factor's.
import { data, type RouterContextProvider } from "react-router";
import { acceptInvitation, type PendingInvitation } from "../../../server/auth/invitations";
import { registrationOptions, savePasskey, verifyRegistration } from "../../../server/auth/passkeys";
import { getServices } from "../../../server/context";
import { startSession } from "~/features/staff-session/actions.server";
import { publishedSite } from "~/features/site-texts/store.server";
import { INVITATION_MESSAGES } from "~/features/team/invitation-messages";
import { deviceLabel } from "~/rules/device";
import { PASSKEY_MESSAGES } from "./messages";
import { answerField, registrationResponseSchema } from "./schema";
import { passkeyParty } from "./sign-in.server";

type Context = Readonly<RouterContextProvider>;

/** The invitation page's prompt options, for a key filed under the address the person will sign in with. */
export async function invitationPasskeyOptions(request: Request, context: Context, invitation: PendingInvitation) {
  const { db, secret, config } = getServices(context);
  const site = await publishedSite(db, config.site);
  return registrationOptions(db, secret, passkeyParty(request, context), {
    purpose: `invitation:${invitation.id}`,
    rpName: site.name,
    username: invitation.email,
    name: invitation.name,
  });
}

class KeyStoredAlready extends Error {}

/** The invitation's 'Créer mon compte avec une clé d'accès' (intent 'cle', the prompt's answer in
 * `reponse`): the account and its key, then the panel. */
export async function acceptInvitationWithPasskey(
  request: Request,
  context: Context,
  token: string,
  invitation: PendingInvitation,
  form: FormData,
) {
  const { db, secret } = getServices(context);
  const refuse = (error: string, status = 400) => data({ error }, { status });
  const parsed = answerField(registrationResponseSchema).safeParse(form.get("reponse"));
  if (!parsed.success) return refuse(PASSKEY_MESSAGES.unreadable);
  const purpose = `invitation:${invitation.id}` as const;
  const check = await verifyRegistration(db, secret, passkeyParty(request, context), purpose, parsed.data);
  if (!check.ok) return refuse(check.reason === "invalid" ? PASSKEY_MESSAGES.invalid : PASSKEY_MESSAGES.expired);
  const device = deviceLabel(request.headers.get("user-agent"));
  // No password: the person may choose one later with 'Mot de passe oublié'.
  const accepted = await acceptInvitation(db, token, "", new Date(), async (tx, accountId) => {
    if (!(await savePasskey(tx, accountId, check.passkey, device))) throw new KeyStoredAlready();
  }).catch((error: unknown) => {
    if (error instanceof KeyStoredAlready) return { ok: false, reason: "key" } as const;
    throw error;
  });
  if (!accepted.ok) {
    if (accepted.reason === "key") return refuse(PASSKEY_MESSAGES.already);
    return refuse(accepted.reason === "taken" ? INVITATION_MESSAGES.taken : INVITATION_MESSAGES.invalid, 410);
  }
  return startSession(
    request,
    context,
    { id: accepted.accountId, username: accepted.username, display_name: accepted.name },
    "/edit",
    true,
  );
}

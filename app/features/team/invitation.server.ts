// /invitation/{token}: the invited person chooses a password (or adds a passkey instead), which makes
// their account and signs them in. The token is checked before any password is hashed, so a stranger's
// post costs a lookup only.
import { data, type RouterContextProvider } from "react-router";
import { acceptInvitation, findInvitation } from "../../../server/auth/invitations";
import { hashPassword, passwordProblem } from "../../../server/auth/password";
import { getServices } from "../../../server/context";
import { LimiterFullError } from "../../../server/lib/limiter";
import { startSession } from "~/features/staff-session/actions.server";
import { acceptInvitationWithPasskey, invitationPasskeyOptions } from "~/features/passkeys/invitation.server";
import { INVITATION_MESSAGES, type InvitationResult } from "./invitation-messages";

export async function invitationPage(request: Request, context: Readonly<RouterContextProvider>, token: string) {
  const invitation = await findInvitation(getServices(context).db, token);
  if (!invitation) return data({ invitation: null, passkey: null }, { status: 410 });
  return {
    invitation: { name: invitation.name, email: invitation.email },
    // Or a passkey instead of a password: its prompt's options.
    passkey: await invitationPasskeyOptions(request, context, invitation),
  };
}

const refuse = (result: InvitationResult, status: number) => data(result, { status });

export async function acceptInvitationAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  token: string,
) {
  const { db } = getServices(context);
  const invitation = await findInvitation(db, token);
  if (!invitation) return refuse({ error: INVITATION_MESSAGES.invalid }, 410);
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") === "cle") return acceptInvitationWithPasskey(request, context, token, invitation, form);
  const password = typeof form?.get("password") === "string" ? (form.get("password") as string) : "";
  const confirmation = typeof form?.get("confirmation") === "string" ? (form.get("confirmation") as string) : "";
  const problem = password.length > 200 ? INVITATION_MESSAGES.tooLong : passwordProblem(password);
  if (problem) return refuse({ error: problem, field: "password" }, 400);
  if (confirmation !== password) return refuse({ error: INVITATION_MESSAGES.mismatch, field: "confirmation" }, 400);
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    return data({ error: INVITATION_MESSAGES.busy }, { status: 503, headers: { "Retry-After": "5" } });
  }
  const accepted = await acceptInvitation(db, token, hash);
  if (!accepted.ok)
    return refuse(
      { error: accepted.reason === "taken" ? INVITATION_MESSAGES.taken : INVITATION_MESSAGES.invalid },
      410,
    );
  return startSession(
    request,
    context,
    { id: accepted.accountId, username: accepted.username, display_name: accepted.name },
    "/edit",
  );
}

// /edit-compte/cles, Mon compte's passkeys: the options of a new key's prompt, the prompt's answer (the
// key is stored and this browser's session counts as opened with a second factor), removing one of
// one's own keys.
import type { RouterContextProvider } from "react-router";
import {
  listPasskeys,
  registrationOptions,
  removePasskey,
  savePasskey,
  verifyRegistration,
} from "../../../server/auth/passkeys";
import { readSessionToken } from "../../../server/auth/sessions";
import { markSessionSecondFactor, passwordHashOf } from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { noteActivity } from "~/features/journal/record.server";
import { publishedSite } from "~/features/site-texts/store.server";
import { MSG } from "~/lib/messages";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { deviceLabel } from "~/rules/device";
import { PASSKEY_MESSAGES } from "./messages";
import { passkeyFormSchema, type PasskeyIntent, type PasskeyResult } from "./schema";
import { passkeyParty } from "./sign-in.server";

const REFUSALS = {
  invalid: PASSKEY_MESSAGES.invalid,
  expired: PASSKEY_MESSAGES.expired,
  spent: PASSKEY_MESSAGES.expired,
} as const;

export async function ownPasskeysAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, secret, config } = getServices(context);
  const user = getRequestInfo(context).user!;
  const answer = (result: PasskeyResult, status?: number) => staffAnswer(request, secret, result, { status });
  const refused = (intent: PasskeyIntent | "invalid", message: string, status = 400) =>
    answer({ ok: false, intent, toasts: [failure(MSG.error, message)] }, status);

  const read = await readStaffForm(request, passkeyFormSchema);
  if (!read.ok) return refused("invalid", Object.values(read.fieldErrors)[0] ?? "Demande invalide.");
  const rp = passkeyParty(request, context);
  const { input } = read;

  if (input.intent === "cle-preparer") {
    // Only options: nothing changed, no line in the journal.
    noteActivity(context, null);
    const site = await publishedSite(db, config.site);
    const options = await registrationOptions(db, secret, rp, {
      purpose: `account:${user.id}`,
      rpName: site.name,
      username: user.username,
      name: user.name,
    });
    return answer({ ok: true, intent: input.intent, toasts: [], options });
  }

  if (input.intent === "cle-ajouter") {
    const check = await verifyRegistration(db, secret, rp, `account:${user.id}`, input.reponse);
    if (!check.ok) return refused(input.intent, REFUSALS[check.reason]);
    const device = deviceLabel(request.headers.get("user-agent"));
    if (!(await savePasskey(db, user.id, check.passkey, device)))
      return refused(input.intent, PASSKEY_MESSAGES.already);
    await markSessionSecondFactor(db, readSessionToken(request.headers.get("cookie")));
    noteActivity(context, device);
    return answer({
      ok: true,
      intent: input.intent,
      toasts: [success("Clé d'accès ajoutée", "Vous pourrez vous connecter avec elle, sans mot de passe.")],
    });
  }

  // An account without a password keeps its last key: without it, nobody could sign in to it.
  const keys = await listPasskeys(db, user.id);
  if (keys.length === 1 && keys[0]!.id === input.id && !(await passwordHashOf(db, user.id))) {
    return refused(input.intent, PASSKEY_MESSAGES.lastWay, 409);
  }
  const removed = await removePasskey(db, user.id, input.id);
  if (!removed) return refused(input.intent, PASSKEY_MESSAGES.gone, 404);
  noteActivity(context, removed.device);
  return answer({
    ok: true,
    intent: input.intent,
    toasts: [success("Clé d'accès retirée", "Elle ne permet plus de vous connecter à ce site.")],
  });
}

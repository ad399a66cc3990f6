// Mon compte's authenticator app: set it up (a secret to scan, then a first code turns it on and gives
// ten recovery codes), new recovery codes, or turn it off. Every code typed here is throttled as a
// sign-in's is.
import type { RouterContextProvider } from "react-router";
import {
  beginTotpSetup,
  cancelTotpSetup,
  confirmTotp,
  removeTotp,
  replaceRecoveryCodes,
  spendSecondFactorCode,
} from "../../../server/auth/second-factor";
import { readSessionToken } from "../../../server/auth/sessions";
import { finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import { markSessionSecondFactor } from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { MSG } from "~/lib/messages";
import { sendSecurityNotice } from "~/features/staff-session/security-notice.server";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { AUTHENTICATOR_MESSAGES, authenticatorSchema, type AuthenticatorResult } from "./authenticator-schema";

export async function authenticatorAction(request: Request, context: Readonly<RouterContextProvider>) {
  const services = getServices(context);
  const { db, secret } = services;
  const { user, ip } = getRequestInfo(context);
  const me = user!;
  const answer = (result: AuthenticatorResult, status?: number) => staffAnswer(request, secret, result, { status });
  const refused = (intent: AuthenticatorResult["intent"], message: string, status = 400) =>
    answer({ ok: false, intent, toasts: [failure(MSG.error, message)], fieldErrors: { code: message } }, status);

  const read = await readStaffForm(request, authenticatorSchema);
  if (!read.ok) {
    const first = Object.values(read.fieldErrors)[0] ?? "Demande invalide.";
    const intent = authenticatorSchema.options.some((o) => o.shape.intent.value === read.intent)
      ? (read.intent as AuthenticatorResult["intent"])
      : "invalid";
    return answer({ ok: false, intent, toasts: [failure(MSG.error, first)], fieldErrors: read.fieldErrors }, 400);
  }
  const input = read.input;
  if (input.intent === "commencer") {
    if (!(await beginTotpSetup(db, me.id))) return refused(input.intent, AUTHENTICATOR_MESSAGES.alreadyOn, 409);
    return answer({ ok: true, intent: input.intent, toasts: [] });
  }
  if (input.intent === "annuler") {
    await cancelTotpSetup(db, me.id);
    return answer({ ok: true, intent: input.intent, toasts: [] });
  }

  const gate = await reserveLoginAttempt(db, ip, `code:${me.username}`);
  if (!gate.allowed) return refused(input.intent, AUTHENTICATOR_MESSAGES.throttled, 429);
  if (input.intent === "activer") {
    const codes = await confirmTotp(db, me.id, input.code);
    await finishLoginAttempt(db, gate.attemptId, codes !== null);
    if (!codes) return refused(input.intent, AUTHENTICATOR_MESSAGES.wrong);
    // The person has just shown the app's code: this session now counts as opened with it.
    await markSessionSecondFactor(db, readSessionToken(request.headers.get("cookie")));
    await sendSecurityNotice(services, me.id, "authenticator-on");
    return answer({
      ok: true,
      intent: input.intent,
      recoveryCodes: codes,
      toasts: [success("Application activée", "Chaque connexion par mot de passe demandera aussi son code.")],
    });
  }
  const used = await spendSecondFactorCode(db, me.id, input.code);
  const accepted = input.intent === "nouveaux-codes" ? used === "app" : used !== null;
  await finishLoginAttempt(db, gate.attemptId, accepted);
  if (input.intent === "nouveaux-codes") {
    if (!accepted) return refused(input.intent, AUTHENTICATOR_MESSAGES.wrong);
    const codes = await replaceRecoveryCodes(db, me.id);
    return answer({
      ok: true,
      intent: input.intent,
      recoveryCodes: codes,
      toasts: [success("Nouveaux codes de récupération", "Les anciens ne fonctionnent plus.")],
    });
  }
  if (!accepted) return refused(input.intent, AUTHENTICATOR_MESSAGES.wrongOrRecovery);
  await removeTotp(db, me.id);
  await sendSecurityNotice(services, me.id, "authenticator-off");
  return answer({
    ok: true,
    intent: input.intent,
    toasts: [success("Application désactivée", "Votre mot de passe suffit de nouveau pour vous connecter.")],
  });
}

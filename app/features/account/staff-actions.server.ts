// /edit-compte's forms: the name shown for the account; the change of password, the current one checked (throttled as a sign-in is), the new one
// hashed; every other session of the account ends, this browser's stays open.
import type { RouterContextProvider } from "react-router";
import { hashPassword, verifyPassword } from "../../../server/auth/password";
import { readSessionToken } from "../../../server/auth/sessions";
import { cancelLoginAttempt, finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import { changeOwnPassword, passwordHashOf, setDisplayName } from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { LimiterFullError } from "../../../server/lib/limiter";
import { MSG } from "~/lib/messages";
import { sendSecurityNotice } from "~/features/staff-session/security-notice.server";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { ACCOUNT_MESSAGES, accountSchema, type AccountResult } from "./staff-schema";

export async function ownAccountAction(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, secret } = getServices(context);
  const { user, ip } = getRequestInfo(context);
  const answer = (result: AccountResult, status?: number) => staffAnswer(request, secret, result, { status });
  const refused = (message: string, status: number, field?: string) =>
    answer(
      {
        ok: false,
        intent: "mot-de-passe",
        toasts: [failure(MSG.error, message)],
        ...(field ? { fieldErrors: { [field]: message } } : {}),
      },
      status,
    );
  const read = await readStaffForm(request, accountSchema);
  if (!read.ok) {
    const first = Object.values(read.fieldErrors)[0] ?? "Demande invalide.";
    return answer(
      { ok: false, intent: "invalid", toasts: [failure(MSG.error, first)], fieldErrors: read.fieldErrors },
      400,
    );
  }
  if (read.input.intent === "nom") {
    await setDisplayName(db, user!.id, read.input.nom);
    return answer({ ok: true, intent: "nom", toasts: [success("Nom enregistré", read.input.nom)] });
  }
  const gate = await reserveLoginAttempt(db, ip, user!.username);
  if (!gate.allowed) return refused(ACCOUNT_MESSAGES.throttled, 429);
  try {
    const ok = await verifyPassword(read.input.actuel, (await passwordHashOf(db, user!.id)) ?? "");
    await finishLoginAttempt(db, gate.attemptId, ok);
    if (!ok) return refused(ACCOUNT_MESSAGES.wrong, 400, "actuel");
    await changeOwnPassword(
      db,
      user!.id,
      await hashPassword(read.input.nouveau),
      readSessionToken(request.headers.get("cookie")),
    );
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    await cancelLoginAttempt(db, gate.attemptId).catch(() => {});
    return refused(ACCOUNT_MESSAGES.busy, 503);
  }
  await sendSecurityNotice(getServices(context), user!.id, "password-changed");
  return answer({
    ok: true,
    intent: "mot-de-passe",
    toasts: [success("Mot de passe changé", "Vos autres sessions sont fermées ; celle-ci reste ouverte.")],
  });
}

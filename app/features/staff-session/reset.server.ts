// 'Mot de passe oublié' (/mot-de-passe-oublie) and the emailed link (/mot-de-passe/{token}). The same
// answer comes whether the address has an account or not, and requests are throttled as sign-ins are
// (per address and per sender). A link chosen ends every session of its account and signs this
// browser in.
import { data, type RouterContextProvider } from "react-router";
import { hashPassword, passwordProblem } from "../../../server/auth/password";
import { createPasswordReset, passwordResetIsUsable, redeemPasswordReset } from "../../../server/auth/password-resets";
import { activeAccountByEmail } from "../../../server/auth/users";
import { finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import { getRequestInfo, getServices } from "../../../server/context";
import { LimiterFullError } from "../../../server/lib/limiter";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { publishedSite } from "~/features/site-texts/store.server";
import { z } from "~/lib/zod";
import { startSession } from "./actions.server";
import { renderResetEmail } from "./reset-email.server";
import { sendSecurityNotice } from "./security-notice.server";
import { RESET_MESSAGES, type ResetRequestResult, type ResetResult } from "./reset-messages";

const text = (form: FormData | null, name: string) => {
  const value = form?.get(name);
  return typeof value === "string" ? value : "";
};

export async function requestPasswordReset(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, config } = getServices(context);
  const { ip } = getRequestInfo(context);
  const form = await request.formData().catch(() => null);
  const email = text(form, "email").trim().toLowerCase();
  if (!z.email().max(254).safeParse(email).success)
    return data<ResetRequestResult>({ error: RESET_MESSAGES.email }, { status: 400 });
  const gate = await reserveLoginAttempt(db, ip, email);
  if (!gate.allowed) return data<ResetRequestResult>({ error: RESET_MESSAGES.throttled }, { status: 429 });
  // Counted like a failed sign-in, whatever follows: a flood of requests slows down as guesses do.
  await finishLoginAttempt(db, gate.attemptId, false);
  const account = await activeAccountByEmail(db, email);
  const mail = config.mail;
  if (account && mail) {
    const site = await publishedSite(db, config.site);
    await db.transaction(async (tx) => {
      const token = await createPasswordReset(tx, account.id);
      const url = new URL(`/mot-de-passe/${token}`, config.site.publicUrl).toString();
      const rendered = await renderResetEmail(account.name, url, site);
      await enqueueEmail(tx, mail, { purpose: "password-reset", to: account.email, ...rendered });
    });
    kickOutbox(db);
  }
  return data<ResetRequestResult>({ sent: true });
}

export async function resetPage(context: Readonly<RouterContextProvider>, token: string) {
  const usable = await passwordResetIsUsable(getServices(context).db, token);
  return usable ? { usable } : data({ usable }, { status: 410 });
}

const refuse = (result: ResetResult, status: number) => data(result, { status });

export async function choosePassword(request: Request, context: Readonly<RouterContextProvider>, token: string) {
  const { db } = getServices(context);
  if (!(await passwordResetIsUsable(db, token))) return refuse({ error: RESET_MESSAGES.invalid }, 410);
  const form = await request.formData().catch(() => null);
  const password = text(form, "password");
  if (password.length > 200) return refuse({ error: RESET_MESSAGES.long, field: "password" }, 400);
  if (passwordProblem(password)) return refuse({ error: RESET_MESSAGES.short, field: "password" }, 400);
  if (text(form, "confirmation") !== password)
    return refuse({ error: RESET_MESSAGES.mismatch, field: "confirmation" }, 400);
  let hash: string;
  try {
    hash = await hashPassword(password);
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    return data({ error: RESET_MESSAGES.busy }, { status: 503, headers: { "Retry-After": "5" } });
  }
  const account = await redeemPasswordReset(db, token, hash);
  if (!account) return refuse({ error: RESET_MESSAGES.invalid }, 410);
  await sendSecurityNotice(getServices(context), account.id, "password-changed");
  return startSession(request, context, account, "/edit");
}

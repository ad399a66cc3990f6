// Signing the staff in and out (/login, /logout): the sessions, the login throttle and the one-time toast
// that greets the next page.
import { data, redirect, type RouterContextProvider } from "react-router";
import { staffReturnPath } from "~/rules/staff-paths";
import { deviceLabel } from "~/rules/device";
import { z } from "zod";
import { clearSessionCookies, readSessionTokens, sessionCookie, sessionPolicy } from "../../../server/auth/sessions";
import { cancelLoginAttempt, finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import {
  checkCredentials,
  createSession,
  deleteFirstPasswordFile,
  deleteSession,
  deleteUserSessions,
} from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { flashCookie } from "../../../server/flash";
import { LimiterFullError } from "../../../server/lib/limiter";
import { MSG } from "~/lib/messages";
import { totpEnabled } from "../../../server/auth/second-factor";
import { checkSignInCode, signCodeTicket, type CodeStepResult } from "./second-step.server";

const LoginSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

export type LoginResult = { error: "required" | "invalid" | "inactive" | "throttled" | "busy" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Signs the staff in: checks the credentials (throttled per address and username), opens a new session
 * and goes to the staff panel, or to the staff screen the sign-in was asked for. */
export async function signIn(request: Request, context: Readonly<RouterContextProvider>) {
  const { db } = getServices(context);
  const { ip } = getRequestInfo(context);
  // A body that is not a form is refused like an empty one.
  const form = await request.formData().catch(() => null);
  if (!form) return data<LoginResult>({ error: "required" }, { status: 400 });
  if (form.get("intent") === "code") {
    const checked = await checkSignInCode(context, form);
    if (!("account" in checked)) return checked;
    return startSession(request, context, checked.account, checked.next, true);
  }
  const parsed = LoginSchema.safeParse({ username: form.get("username"), password: form.get("password") });
  if (!parsed.success) return data<LoginResult>({ error: "required" }, { status: 400 });
  const { username, password } = parsed.data;

  // The same answers whether or not the username exists. The attempt is counted before the hash runs.
  const gate = await reserveLoginAttempt(db, ip, username);
  if (!gate.allowed) return data<LoginResult>({ error: "throttled" }, { status: 429 });
  if (gate.delayMs > 0) await sleep(gate.delayMs);
  let user: Awaited<ReturnType<typeof checkCredentials>>;
  try {
    user = await checkCredentials(db, username, password);
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    await cancelLoginAttempt(db, gate.attemptId);
    return data<LoginResult>({ error: "busy" }, { status: 503, headers: { "Retry-After": "5" } });
  }
  await finishLoginAttempt(db, gate.attemptId, Boolean(user) && user !== "inactive");
  if (!user) return data<LoginResult>({ error: "invalid" }, { status: 401 });
  // The right password of an account turned off: the person is told, not left to think they mistyped.
  if (user === "inactive") return data<LoginResult>({ error: "inactive" }, { status: 403 });

  // A staff email's link ('/login?retour=/edit-service/…') goes on to the screen it named.
  const next = staffReturnPath(typeof form.get("retour") === "string" ? (form.get("retour") as string) : null);
  // An account with an authenticator app: the page asks for its code before any session opens.
  if (await totpEnabled(db, user.id)) {
    const { secret } = getServices(context);
    return data<CodeStepResult>({ step: "code", ticket: signCodeTicket(secret, user.id), retour: next });
  }
  return startSession(request, context, user, next ?? "/edit");
}

/** Opens a new session for the account and goes on to `next`, greeting it by name. Whatever session
 * the browser carried ends here. `secondFactor`: the person proved it with a passkey or an
 * authenticator code, not the password alone. */
export async function startSession(
  request: Request,
  context: Readonly<RouterContextProvider>,
  user: { id: string; username: string; display_name: string | null },
  next: string,
  secondFactor = false,
) {
  const { db, config, secret, log } = getServices(context);
  const { secure } = getRequestInfo(context);
  for (const carried of readSessionTokens(request.headers.get("cookie"))) await deleteSession(db, carried);
  const policy = sessionPolicy(config);
  const device = deviceLabel(request.headers.get("user-agent"));
  const token = await createSession(db, user.id, policy, new Date(), device, secondFactor);
  await deleteFirstPasswordFile(config.dataDir, user.username, log);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(token, secure, policy));
  headers.append(
    "Set-Cookie",
    await flashCookie(
      {
        type: "success",
        title: MSG.loginSuccess,
        description: MSG.loginSuccessDescription(user.display_name ?? user.username),
      },
      secret,
    ),
  );
  return redirect(next, { headers });
}

/** Ends this browser's session; with scope=everywhere, every session of the signed-in admin. */
export async function signOut(request: Request, context: Readonly<RouterContextProvider>) {
  const { db, secret } = getServices(context);
  const { user, secure } = getRequestInfo(context);
  // A bare POST (no form body) is a plain logout.
  const form = await request.formData().catch(() => null);
  if (form?.get("scope") === "everywhere") {
    // The user comes from the session checked on the server for this very request.
    if (!user) return data({ error: MSG.unauthorized }, { status: 401 });
    await deleteUserSessions(db, user.id);
  }
  for (const token of readSessionTokens(request.headers.get("cookie"))) await deleteSession(db, token);
  const headers = new Headers();
  for (const cookie of clearSessionCookies(secure)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await flashCookie({ type: "success", title: MSG.logoutSuccess }, secret));
  return redirect("/", { headers });
}

// The sign-in's second step for an account with an authenticator app: the password was right, so the
// page asks for the app's code (or a recovery code) with a ticket that names the account for 5 minutes.
// The ticket is signed, not stored: any instance reads it, and nothing is written for a wrong password.
import { createHmac, timingSafeEqual } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import { z } from "zod";
import { spendSecondFactorCode } from "../../../server/auth/second-factor";
import { cancelLoginAttempt, finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import { activeAccountById } from "../../../server/auth/users";
import { getRequestInfo, getServices } from "../../../server/context";
import { LimiterFullError } from "../../../server/lib/limiter";
import { staffReturnPath } from "~/rules/staff-paths";
import { sendSecurityNotice } from "./security-notice.server";

const TICKET_MS = 5 * 60 * 1000;

const mac = (secret: string, body: string) =>
  createHmac("sha256", secret).update(`sign-in-code ${body}`).digest("base64url");

/** A ticket for the code step of this account, valid 5 minutes. */
export function signCodeTicket(secret: string, userId: string, now = new Date()): string {
  const body = `${userId}.${now.getTime() + TICKET_MS}`;
  return `${body}.${mac(secret, body)}`;
}

/** The account a ticket names, while it is valid and signed by this site; else null. */
export function readCodeTicket(secret: string, ticket: unknown, now = new Date()): string | null {
  if (typeof ticket !== "string" || ticket.length > 200) return null;
  const [userId, expires, signature] = ticket.split(".");
  if (!userId || !expires || !signature) return null;
  const expected = Buffer.from(mac(secret, `${userId}.${expires}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Number(expires) > now.getTime() ? userId : null;
}

export type CodeStepResult =
  | { step: "code"; ticket: string; retour: string | null; error?: "code" | "throttled" | "busy" | "required" }
  | { error: "expired" };

const CodeSchema = z.object({ code: z.string().trim().min(1).max(40) });

/** The code step's post: the app's code or a recovery code, throttled as a password is. The account
 * and where to go when the code is right (the caller opens the session), else the page's answer. */
export async function checkSignInCode(context: Readonly<RouterContextProvider>, form: FormData) {
  const { db, secret } = getServices(context);
  const { ip } = getRequestInfo(context);
  const ticket = form.get("ticket");
  const userId = readCodeTicket(secret, ticket);
  const account = userId ? await activeAccountById(db, userId) : null;
  if (!account) return data<CodeStepResult>({ error: "expired" }, { status: 400 });
  const retour = staffReturnPath(typeof form.get("retour") === "string" ? (form.get("retour") as string) : null);
  const again = (error: "code" | "throttled" | "busy" | "required", status: number) =>
    data<CodeStepResult>({ step: "code", ticket: ticket as string, retour, error }, { status });
  const parsed = CodeSchema.safeParse({ code: form.get("code") });
  if (!parsed.success) return again("required", 400);

  const gate = await reserveLoginAttempt(db, ip, `code:${account.username}`);
  if (!gate.allowed) return again("throttled", 429);
  let used: Awaited<ReturnType<typeof spendSecondFactorCode>>;
  try {
    used = await spendSecondFactorCode(db, account.id, parsed.data.code);
  } catch (error) {
    if (!(error instanceof LimiterFullError)) throw error;
    await cancelLoginAttempt(db, gate.attemptId);
    return again("busy", 503);
  }
  await finishLoginAttempt(db, gate.attemptId, used !== null);
  if (!used) return again("code", 401);
  if (used === "recovery") await sendSecurityNotice(getServices(context), account.id, "recovery-code-used");
  return { account, next: retour ?? "/edit" };
}

// Signing in with a passkey: the options of the sign-in page's prompt (its loader), and /login/cle,
// which checks the browser's answer and opens the session as a second factor does. Failed tries are
// counted as the password's are, per address and key.
import { data, type RouterContextProvider } from "react-router";
import {
  answeredChallenge,
  readChallenge,
  relyingParty,
  signInOptions,
  verifySignIn,
} from "../../../server/auth/passkeys";
import { finishLoginAttempt, reserveLoginAttempt } from "../../../server/auth/throttle";
import { getRequestInfo, getServices } from "../../../server/context";
import { startSession } from "~/features/staff-session/actions.server";
import { staffReturnPath } from "~/rules/staff-paths";
import { PASSKEY_MESSAGES } from "./messages";
import { PASSKEY_BODY_MAX, signInBodySchema, type SignInAnswer } from "./schema";

type Context = Readonly<RouterContextProvider>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The site the keys belong to and the origin the answers must come from, for this request. */
export function passkeyParty(request: Request, context: Context) {
  return relyingParty(request.url, getServices(context).config.site.publicUrl);
}

/** The sign-in page's prompt options. The page may come from the visitors' cache: its challenge then
 * serves every key once, and the page asks /login/cle for fresh options when it is too old. */
export function passkeySignInOptions(request: Request, context: Context) {
  return signInOptions(getServices(context).secret, passkeyParty(request, context));
}

/** A JSON body of at most PASSKEY_BODY_MAX characters, or undefined. */
async function readJson(request: Request): Promise<unknown> {
  const text = await request.text().catch(() => null);
  if (text === null || text.length > PASSKEY_BODY_MAX) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** /login/cle: fresh options for the prompt ({ options: true }), or the prompt's answer, which signs the
 * person in and goes on to the panel (or the staff screen `retour` names). */
export async function passkeySignIn(request: Request, context: Context) {
  const { db, secret } = getServices(context);
  const { ip } = getRequestInfo(context);
  const rp = passkeyParty(request, context);
  const fresh = () => signInOptions(secret, rp);
  const refuse = async (error: string, status: number, withOptions = false) =>
    data<SignInAnswer>({ error, ...(withOptions ? { options: await fresh() } : {}) }, { status });

  const parsed = signInBodySchema.safeParse(await readJson(request));
  if (!parsed.success) return refuse(PASSKEY_MESSAGES.unreadable, 400);
  if ("options" in parsed.data) return data<SignInAnswer>({ options: await fresh() });
  const { response, retour } = parsed.data;

  // A challenge too old (or not ours) costs no try: the page gets fresh options.
  const challenge = answeredChallenge(response);
  const check = challenge ? readChallenge(secret, challenge, "sign-in") : null;
  if (!check?.ok) {
    return refuse(check?.reason === "expired" ? PASSKEY_MESSAGES.expired : PASSKEY_MESSAGES.invalid, 400, true);
  }

  const gate = await reserveLoginAttempt(db, ip, `cle:${response.id.slice(0, 32)}`);
  if (!gate.allowed) return refuse(PASSKEY_MESSAGES.throttled, 429);
  if (gate.delayMs > 0) await sleep(gate.delayMs);
  const result = await verifySignIn(db, secret, rp, response);
  await finishLoginAttempt(db, gate.attemptId, result.ok);
  if (!result.ok) {
    switch (result.reason) {
      case "unknown":
        return data<SignInAnswer>({ error: PASSKEY_MESSAGES.unknown, unknownKey: true }, { status: 401 });
      case "inactive":
        return refuse(PASSKEY_MESSAGES.inactive, 403);
      case "expired":
        return refuse(PASSKEY_MESSAGES.expired, 400, true);
      default:
        return refuse(PASSKEY_MESSAGES.invalid, 401, true);
    }
  }
  const next = staffReturnPath(retour ?? null);
  return startSession(request, context, result.account, next ?? "/edit", true);
}

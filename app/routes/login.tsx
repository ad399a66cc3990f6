import { LockKeyhole } from "lucide-react";
import { useEffect } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { toast } from "sonner";
import { z } from "zod";
import {
  createSession,
  deleteSession,
  readSessionTokens,
  sessionCookie,
  sessionPolicy,
} from "../../server/auth/sessions";
import { cancelLoginAttempt, finishLoginAttempt, reserveLoginAttempt } from "../../server/auth/throttle";
import { checkCredentials, deleteFirstPasswordFile } from "../../server/auth/users";
import { getRequestInfo, getServices } from "../../server/context";
import { flashCookie } from "../../server/flash";
import { LimiterFullError } from "../../server/lib/limiter";
import { Button } from "~/components/ui/button";
import { MSG } from "~/lib/messages";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Connexion", description: "Accès réservé au personnel.", noindex: true });

const LoginSchema = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

type LoginResult = { error: "required" | "invalid" | "throttled" | "busy" };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function action({ request, context }: Route.ActionArgs) {
  const { db, config, secret, log } = getServices(context);
  const { ip, secure } = getRequestInfo(context);
  const form = await request.formData();
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
  await finishLoginAttempt(db, gate.attemptId, Boolean(user));
  if (!user) return data<LoginResult>({ error: "invalid" }, { status: 401 });

  // A new session at each sign-in; whatever session the browser carried ends here.
  for (const carried of readSessionTokens(request.headers.get("cookie"))) await deleteSession(db, carried);
  const policy = sessionPolicy(config);
  const token = await createSession(db, user.id, policy);
  await deleteFirstPasswordFile(config.dataDir, user.username, log);
  const headers = new Headers();
  headers.append("Set-Cookie", sessionCookie(token, secure, policy));
  headers.append(
    "Set-Cookie",
    await flashCookie({ type: "success", title: MSG.loginSuccess, description: MSG.loginSuccessDescription }, secret),
  );
  return redirect("/edit", { headers });
}

const ERRORS: Record<LoginResult["error"], { title: string; description: string }> = {
  required: { title: MSG.error, description: MSG.requiredFields },
  invalid: { title: MSG.loginErrorTitle, description: MSG.loginErrorDescription },
  throttled: { title: MSG.loginErrorTitle, description: MSG.loginThrottled },
  busy: {
    title: MSG.loginErrorTitle,
    description: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
  },
};

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const error = actionData?.error ? ERRORS[actionData.error] : null;

  useEffect(() => {
    if (error) toast.error(error.title, { description: error.description });
  }, [actionData, error]);

  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-20">
      <div className="w-full max-w-sm rounded-[var(--radius-card)] border border-ink/8 bg-white p-8 shadow-[var(--shadow-card)]">
        <div className="flex size-12 items-center justify-center rounded-full bg-ink text-brass-light">
          <LockKeyhole className="size-5" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-3xl font-semibold">Connexion</h1>
        <p className="mt-2 text-sm text-stone">Espace réservé au personnel.</p>
        <Form method="post" className="mt-8 space-y-5">
          <div>
            <label htmlFor="username" className="text-sm font-medium">
              Nom d'utilisateur
            </label>
            <input
              id="username"
              name="username"
              required
              autoComplete="username"
              maxLength={100}
              className="mt-1.5 h-11 w-full rounded-xl border border-ink/15 bg-ivory/50 px-3.5 outline-none focus:border-ink/40 focus:ring-2 focus:ring-brass/40"
            />
          </div>
          <div>
            <label htmlFor="password" className="text-sm font-medium">
              Mot de passe
            </label>
            <input
              id="password"
              name="password"
              type="password"
              required
              autoComplete="current-password"
              maxLength={200}
              className="mt-1.5 h-11 w-full rounded-xl border border-ink/15 bg-ivory/50 px-3.5 outline-none focus:border-ink/40 focus:ring-2 focus:ring-brass/40"
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-danger">
              {error.description}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={submitting}>
            {submitting ? "Connexion..." : "Se connecter"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

import { LockKeyhole } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { signIn, type LoginResult } from "~/features/staff-session/actions.server";
import { PasskeySignIn } from "~/features/passkeys/passkey-sign-in";
import { passkeySignInOptions } from "~/features/passkeys/sign-in.server";
import { CodeStep } from "~/features/staff-session/code-step";
import { getRequestInfo } from "~/lib/loader-context.server";
import { staffReturnPath } from "~/rules/staff-paths";
import { MSG } from "~/lib/messages";
import { typography } from "~/lib/typography";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Connexion", description: "Accès réservé au personnel.", noindex: true });

/** A staff email's link opens '/login?retour=<screen>': signed in already, straight to that screen. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const next = staffReturnPath(new URL(request.url).searchParams.get("retour"));
  if (next && getRequestInfo(context).user) throw redirect(next);
  // The passkey prompt's options, so that signing in with one takes a single request after the prompt.
  return { passkey: await passkeySignInOptions(request, context) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return signIn(request, context);
}

const ERRORS: Record<LoginResult["error"] | "expired", { title: string; description: string }> = {
  required: { title: MSG.error, description: MSG.requiredFields },
  invalid: { title: MSG.loginErrorTitle, description: MSG.loginErrorDescription },
  throttled: { title: MSG.loginErrorTitle, description: MSG.loginThrottled },
  inactive: {
    title: MSG.loginErrorTitle,
    description: "Ce compte est désactivé. Adressez-vous au propriétaire du site pour le réactiver.",
  },
  busy: {
    title: MSG.loginErrorTitle,
    description: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
  },
  expired: {
    title: MSG.loginErrorTitle,
    description: "Le délai pour entrer le code est écoulé : entrez de nouveau votre mot de passe.",
  },
};

export default function Login({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const codeStep = actionData && "step" in actionData ? actionData : null;
  const error = actionData && !("step" in actionData) ? ERRORS[actionData.error] : null;
  const next = staffReturnPath(useSearchParams()[0].get("retour"));

  useEffect(() => {
    if (error) toast.error(error.title, { description: error.description });
  }, [actionData, error]);

  if (codeStep) return <CodeStep result={codeStep} />;
  return (
    <section className="container-page flex min-h-[70vh] items-center justify-center py-20">
      <div className="w-full max-w-sm rounded-[var(--radius-card)] border border-ink/8 bg-white p-8 shadow-[var(--shadow-card)]">
        <div className="flex size-12 items-center justify-center rounded-full bg-ink text-brass-light">
          <LockKeyhole className="size-5" aria-hidden="true" />
        </div>
        <h1 className="mt-5 text-3xl font-semibold">Connexion</h1>
        <p className="mt-2 text-sm text-stone">Espace réservé au personnel.</p>
        <Form method="post" className="mt-8 space-y-5">
          {next && <input type="hidden" name="retour" value={next} />}
          <div>
            <label htmlFor="username" className="text-sm font-medium">
              Courriel ou nom d'utilisateur
            </label>
            <input
              id="username"
              name="username"
              required
              autoComplete="username"
              autoCapitalize="none"
              autoCorrect="off"
              spellCheck={false}
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
            {submitting ? "Connexion…" : "Se connecter"}
          </Button>
        </Form>
        <PasskeySignIn />
        <Link
          to="/mot-de-passe-oublie"
          className="mt-5 inline-block text-sm text-stone underline underline-offset-4 hover:text-ink"
        >
          {typography("Mot de passe oublié ?")}
        </Link>
      </div>
    </section>
  );
}

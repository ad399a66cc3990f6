import { ShieldCheck } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { typography } from "~/lib/typography";
import { AuthCard } from "./auth-card";
import type { CodeStepResult } from "./second-step.server";

const CODE_ERRORS = {
  code: "Ce code n'est pas le bon, ou il a déjà servi. Entrez le code affiché maintenant dans l'application.",
  throttled: "Trop d'essais : attendez quelques minutes avant de réessayer.",
  busy: "Le serveur est très sollicité. Veuillez réessayer dans un instant.",
  required: "Entrez le code à 6 chiffres de votre application.",
} as const;

/** The sign-in's second step: the authenticator app's code, or one of the recovery codes. */
export function CodeStep({ result }: { result: Extract<CodeStepResult, { step: "code" }> }) {
  const submitting = useNavigation().state === "submitting";
  const input = useRef<HTMLInputElement>(null);
  // The app's code is 6 digits (a number pad); a recovery code has letters (the keyboard).
  const [recovery, setRecovery] = useState(false);
  const error = result.error ? CODE_ERRORS[result.error] : null;
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, [result, recovery]);
  return (
    <AuthCard icon={ShieldCheck} title="Code de vérification">
      <p className="mt-2 text-sm text-stone">
        {typography("Ouvrez votre application d'authentification et entrez le code à 6 chiffres qu'elle affiche.")}
      </p>
      <Form method="post" className="mt-8 space-y-5">
        <input type="hidden" name="intent" value="code" />
        <input type="hidden" name="ticket" value={result.ticket} />
        {result.retour && <input type="hidden" name="retour" value={result.retour} />}
        <div>
          <label htmlFor="code" className="text-sm font-medium">
            Code
          </label>
          <input
            ref={input}
            id="code"
            name="code"
            required
            inputMode={recovery ? "text" : "numeric"}
            autoComplete={recovery ? "off" : "one-time-code"}
            autoCapitalize="characters"
            autoCorrect="off"
            spellCheck={false}
            maxLength={40}
            aria-describedby="code-aide"
            aria-invalid={error ? true : undefined}
            className="mt-1.5 h-12 w-full rounded-xl border border-ink/15 bg-ivory/50 px-3.5 text-lg tracking-[0.2em] outline-none focus:border-ink/40 focus:ring-2 focus:ring-brass/40"
          />
          <p id="code-aide" className="mt-1.5 text-xs text-stone">
            {recovery
              ? typography("Entrez l'un de vos codes de récupération, par exemple ABCD-EFGH : chacun sert une fois.")
              : typography("Le code à 6 chiffres de l'application.")}
          </p>
          <button
            type="button"
            onClick={() => setRecovery((on) => !on)}
            className="mt-2 text-sm text-stone underline underline-offset-4 hover:text-ink"
          >
            {recovery
              ? typography("Utiliser le code de l'application")
              : typography("Sans votre téléphone ? Utiliser un code de récupération")}
          </button>
        </div>
        {error && (
          <p role="alert" className="text-sm text-danger">
            {typography(error)}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Vérification…" : "Vérifier"}
        </Button>
      </Form>
      <Link
        to="/login"
        reloadDocument
        className="mt-5 inline-block text-sm text-stone underline underline-offset-4 hover:text-ink"
      >
        Recommencer la connexion
      </Link>
    </AuthCard>
  );
}

import { KeyRound } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { typography } from "~/lib/typography";
import { AuthCard } from "./auth-card";
import { NewPasswordFields } from "./new-password-fields";
import { RESET_MESSAGES, type ResetRequestResult, type ResetResult } from "./reset-messages";

/** /mot-de-passe-oublie: the address of the account; the same answer whether it has one or not. */
export function ResetRequestScreen({ result }: { result: ResetRequestResult | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const error = result && "error" in result ? result.error : null;
  return (
    <AuthCard icon={KeyRound} title="Mot de passe oublié">
      {result && "sent" in result ? (
        <p role="status" className="mt-3 text-stone">
          {typography(RESET_MESSAGES.sent)}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone">
            {typography(
              "Entrez l'adresse courriel de votre compte : nous vous écrivons un lien pour choisir un nouveau mot de passe.",
            )}
          </p>
          <Form method="post" className="mt-8 space-y-5">
            <Field label="Courriel" error={error} required>
              {(props) => (
                <Input {...props} name="email" type="email" inputMode="email" autoComplete="email" maxLength={254} />
              )}
            </Field>
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Envoi…" : "Recevoir le lien"}
            </Button>
          </Form>
        </>
      )}
      <Link to="/login" className="mt-6 inline-block text-sm font-medium underline underline-offset-4">
        Retour à la connexion
      </Link>
    </AuthCard>
  );
}

/** /mot-de-passe/{token}: the new password, typed twice (or why the link no longer works). */
export function ChoosePasswordScreen({ usable, result }: { usable: boolean; result: ResetResult | undefined }) {
  const submitting = useNavigation().state === "submitting";
  if (!usable || (result && !result.field && result.error === RESET_MESSAGES.invalid))
    return (
      <AuthCard icon={KeyRound} title="Nouveau mot de passe">
        <p role="alert" className="mt-3 text-stone">
          {typography(RESET_MESSAGES.invalid)}
        </p>
        <Link to="/mot-de-passe-oublie" className="mt-6 inline-block text-sm font-medium underline underline-offset-4">
          Demander un nouveau lien
        </Link>
      </AuthCard>
    );
  return (
    <AuthCard icon={KeyRound} title="Nouveau mot de passe">
      <Form method="post" className="mt-8 space-y-5">
        <NewPasswordFields
          label="Nouveau mot de passe"
          errors={result?.field ? { [result.field]: result.error } : {}}
        />
        {result && !result.field && (
          <p role="alert" className="text-sm text-danger">
            {typography(result.error)}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={submitting}>
          {submitting ? "Enregistrement…" : "Enregistrer et me connecter"}
        </Button>
      </Form>
    </AuthCard>
  );
}

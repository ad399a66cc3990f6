import { UserPlus } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { typography } from "~/lib/typography";
import { useSignedIn } from "~/lib/site-data";
import { AuthCard } from "~/features/staff-session/auth-card";
import { NewPasswordFields } from "~/features/staff-session/new-password-fields";
import { InvitationPasskey } from "~/features/passkeys/invitation-passkey";
import type { RegistrationOptions } from "../../../server/auth/passkeys";
import { INVITATION_MESSAGES, type InvitationResult } from "./invitation-messages";

/** /invitation/{token}: the invited person chooses a password or adds a passkey (or learns the link no
 * longer works). */
export function InvitationScreen({
  invitation,
  passkey,
  result,
}: {
  invitation: { name: string; email: string } | null;
  passkey: RegistrationOptions | null;
  result: InvitationResult | undefined;
}) {
  const submitting = useNavigation().state === "submitting";
  const signedIn = useSignedIn();
  return (
    <AuthCard icon={UserPlus} title={invitation ? `Bienvenue, ${invitation.name}` : "Invitation"}>
      {!invitation ? (
        <>
          <p role="alert" className="mt-3 text-stone">
            {typography(INVITATION_MESSAGES.invalid)}
          </p>
          <Link
            to={signedIn ? "/edit" : "/login"}
            className="mt-6 inline-block text-sm font-medium underline underline-offset-4"
          >
            {signedIn ? "Aller au panneau" : "Aller à la connexion"}
          </Link>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-stone">
            {typography(
              `Choisissez votre mot de passe. Vous vous connecterez ensuite avec l'adresse ${invitation.email}.`,
            )}
          </p>
          <Form method="post" className="mt-8 space-y-5">
            <input type="email" name="username" autoComplete="username" value={invitation.email} readOnly hidden />
            <NewPasswordFields label="Mot de passe" errors={result?.field ? { [result.field]: result.error } : {}} />
            {result && !result.field && (
              <p role="alert" className="text-sm text-danger">
                {typography(result.error)}
              </p>
            )}
            <Button type="submit" className="w-full" disabled={submitting}>
              {submitting ? "Création du compte…" : "Créer mon compte"}
            </Button>
          </Form>
          <InvitationPasskey options={passkey} />
        </>
      )}
    </AuthCard>
  );
}

import { Field, Input } from "~/components/ui/field";

/** A new password and its confirmation, as every screen that sets one asks for them (an invitation, a
 * reset link, Mon compte), offered to the browser's password manager as a new one. The length (12
 * characters at least) is checked by the server, whose French message shows beside the field: no
 * browser bubble in the browser's own language. */
export function NewPasswordFields({
  label,
  confirmationLabel = "Confirmez le mot de passe",
  name = "password",
  errors,
}: {
  label: string;
  confirmationLabel?: string;
  name?: string;
  errors: { password?: string | null; confirmation?: string | null };
}) {
  return (
    <>
      <Field
        label={label}
        hint="12 caractères au moins ; une phrase de quelques mots se retient bien."
        error={errors.password ?? null}
        required
      >
        {(props) => <Input {...props} name={name} type="password" autoComplete="new-password" maxLength={200} />}
      </Field>
      <Field label={confirmationLabel} error={errors.confirmation ?? null} required>
        {(props) => (
          <Input {...props} name="confirmation" type="password" autoComplete="new-password" maxLength={200} />
        )}
      </Field>
    </>
  );
}

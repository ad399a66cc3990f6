import { LogOut, MonitorSmartphone } from "lucide-react";
import { useRef } from "react";
import { Form, useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { SettingsCard } from "~/components/settings-card";
import { Button } from "~/components/ui/button";
import { Field, Input } from "~/components/ui/field";
import { useStaffUser } from "~/lib/site-data";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { ROLE_LABELS } from "~/rules/staff-roles";
import { PasskeysSection } from "~/features/passkeys/passkeys-section";
import { typography } from "~/lib/typography";
import { NewPasswordFields } from "~/features/staff-session/new-password-fields";
import { AuthenticatorSection } from "./authenticator-section";
import type { OwnAccountData } from "./staff-queries.server";
import { nameSchema, passwordSchema, type AccountResult } from "./staff-schema";

/** /edit-compte: a person's own account, its password and the sessions open in its name. */
export function AccountScreen({ data }: { data: OwnAccountData }) {
  const me = useStaffUser();
  return (
    <AdminPage
      title="Mon compte"
      intro={me ? `${me.name} · ${me.roles.map((r) => ROLE_LABELS[r]).join(", ")}` : undefined}
    >
      {me?.mustAddSecondFactor && (
        <p role="alert" className="mb-6 rounded-xl border border-brass/50 bg-brass/10 p-4 text-sm text-ink">
          {typography(
            "Le propriétaire exige une deuxième étape de connexion pour toute l'équipe. Ajoutez une clé d'accès ou configurez une application d'authentification ci-dessous : les autres écrans s'ouvriront ensuite.",
          )}
        </p>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="grid gap-6">
          <NameForm name={me?.name ?? ""} />
          {data.hasPassword ? <PasswordForm username={me?.username ?? ""} /> : <NoPassword />}
          <PasskeysSection passkeys={data.passkeys} />
        </div>
        <div className="grid gap-6">
          <AuthenticatorSection data={data.authenticator} />
          <Sessions sessions={data.sessions} />
        </div>
      </div>
    </AdminPage>
  );
}

function NameForm({ name }: { name: string }) {
  const fetcher = useFetcher<AccountResult>();
  const { fieldErrors: errors, setFieldErrors, pending } = useStaffAction(fetcher);
  return (
    <SettingsCard
      id="nom-affiche"
      title="Votre nom"
      lead="Il signe vos notes, vos réponses et les courriels que l'équipe reçoit de vous."
    >
      <fetcher.Form
        method="post"
        noValidate
        className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={(event) =>
          setFieldErrors(
            checkBeforeSending(event, nameSchema, (fieldErrors) => ({
              type: "error",
              title: "Erreur",
              description: Object.values(fieldErrors)[0] ?? "Demande invalide.",
            })),
          )
        }
      >
        <input type="hidden" name="intent" value="nom" />
        <Field label="Nom affiché" error={errors.nom} required className="min-w-0 flex-1">
          {(props) => <Input {...props} name="nom" defaultValue={name} autoComplete="name" maxLength={120} />}
        </Field>
        <Button type="submit" variant="outline" disabled={pending}>
          Enregistrer
        </Button>
      </fetcher.Form>
    </SettingsCard>
  );
}

function PasswordForm({ username }: { username: string }) {
  const fetcher = useFetcher<AccountResult>();
  const form = useRef<HTMLFormElement>(null);
  const {
    fieldErrors: errors,
    setFieldErrors,
    pending,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) form.current?.reset();
  });
  return (
    <SettingsCard
      id="mot-de-passe"
      title="Mot de passe"
      lead={typography("Le changer ferme vos autres sessions ; celle-ci reste ouverte.")}
    >
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-6 grid gap-4"
        onSubmit={(event) =>
          setFieldErrors(
            checkBeforeSending(event, passwordSchema, (fieldErrors) => ({
              type: "error",
              title: "Erreur",
              description: Object.values(fieldErrors)[0] ?? "Demande invalide.",
            })),
          )
        }
      >
        <input type="hidden" name="intent" value="mot-de-passe" />
        <input type="text" name="username" autoComplete="username" value={username} readOnly hidden />
        <Field label="Mot de passe actuel" error={errors.actuel} required>
          {(props) => (
            <Input {...props} name="actuel" type="password" autoComplete="current-password" maxLength={200} />
          )}
        </Field>
        <NewPasswordFields
          label="Nouveau mot de passe"
          confirmationLabel="Confirmez le nouveau mot de passe"
          name="nouveau"
          errors={{ password: errors.nouveau, confirmation: errors.confirmation }}
        />
        <div>
          <Button type="submit" disabled={pending}>
            {pending ? "Enregistrement…" : "Changer le mot de passe"}
          </Button>
        </div>
      </fetcher.Form>
    </SettingsCard>
  );
}

function NoPassword() {
  return (
    <SettingsCard
      id="mot-de-passe"
      title="Mot de passe"
      lead={typography(
        "Votre compte n'a pas de mot de passe : vous vous connectez avec une clé d'accès. Pour en choisir un aussi, utilisez « Mot de passe oublié ? » sur la page de connexion : un lien vous parvient par courriel.",
      )}
    />
  );
}

function Sessions({ sessions }: { sessions: OwnAccountData["sessions"] }) {
  return (
    <SettingsCard id="sessions" title="Sessions ouvertes" lead="Les appareils où vous êtes connecté en ce moment.">
      <ul className="mt-5 grid gap-3" data-testid="own-sessions">
        {sessions.map((s, index) => (
          <li key={index} className="flex items-start gap-3 rounded-xl bg-ivory/70 p-3">
            <MonitorSmartphone className="mt-0.5 size-5 shrink-0 text-brass-ink" aria-hidden="true" />
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {s.device}
                {s.current && <span className="ml-2 rounded-full bg-ink/6 px-2 py-0.5 text-xs">Cet appareil</span>}
              </p>
              <p className="text-stone">{`Ouverte le ${s.opened} · dernière activité le ${s.lastSeen}`}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-5 flex flex-wrap gap-3">
        <Form method="post" action="/logout">
          <Button type="submit">
            <LogOut aria-hidden="true" /> Se déconnecter
          </Button>
        </Form>
        <Form method="post" action="/logout">
          <input type="hidden" name="scope" value="everywhere" />
          <Button type="submit" variant="outline">
            Se déconnecter partout
          </Button>
        </Form>
      </div>
    </SettingsCard>
  );
}

import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { Field, Input } from "~/components/ui/field";
import { formatDate } from "~/lib/dates";
import { useStaffUser } from "~/lib/site-data";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { AccountCard } from "./account-card";
import { RoleBadges, RoleCheckboxes } from "./role-checkboxes";
import { SignInRule } from "./sign-in-rule";
import type { TeamData } from "./staff-queries.server";
import { fixFieldsToast, teamSchema, type TeamResult } from "./staff-schema";

/** /edit-equipe, the owner's: the accounts and their roles, the invitations waiting, a new invitation. */
export function TeamScreen({ data }: { data: TeamData }) {
  const me = useStaffUser();
  return (
    <AdminPage
      title="Équipe"
      intro="Les personnes qui ont un compte, ce que chacune peut ouvrir, et les invitations en attente."
    >
      <InviteForm mailReady={data.mailReady} />

      <h2 className="mt-12 text-2xl font-semibold">Comptes</h2>
      <ul className="mt-4 grid gap-3" data-testid="team-accounts">
        {data.accounts.map((account) => (
          <AccountCard key={account.id} account={account} isSelf={account.id === me?.id} />
        ))}
      </ul>

      <SignInRule data={data} />

      <h2 className="mt-12 text-2xl font-semibold">Invitations en attente</h2>
      {data.invitations.length === 0 ? (
        <p className="mt-3 text-stone">Aucune invitation en attente.</p>
      ) : (
        <ul className="mt-4 grid gap-3" data-testid="team-invitations">
          {data.invitations.map((invitation) => (
            <PendingInvitation key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

function InviteForm({ mailReady }: { mailReady: boolean }) {
  const fetcher = useFetcher<TeamResult>();
  const form = useRef<HTMLFormElement>(null);
  const {
    fieldErrors: errors,
    setFieldErrors,
    pending,
  } = useStaffAction(fetcher, (result) => {
    if (result.ok) form.current?.reset();
  });
  return (
    <section
      aria-labelledby="invite-heading"
      className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-7"
    >
      <h2 id="invite-heading" className="text-2xl font-semibold">
        Inviter une personne
      </h2>
      <p className="mt-1 text-sm text-stone">
        Elle reçoit un lien valable 48 heures pour choisir son mot de passe, puis se connecte avec son adresse courriel.
      </p>
      {!mailReady && (
        <p role="status" className="mt-4 rounded-xl bg-danger/8 p-3 text-sm text-danger">
          L'envoi de courriels n'est pas configuré : aucune invitation ne peut partir.
        </p>
      )}
      <fetcher.Form
        ref={form}
        method="post"
        noValidate
        className="mt-6 grid gap-5"
        onSubmit={(event) => setFieldErrors(checkBeforeSending(event, teamSchema, fixFieldsToast))}
      >
        <input type="hidden" name="intent" value="inviter" />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nom" error={errors.name} required>
            {(props) => <Input {...props} name="name" autoComplete="off" maxLength={120} />}
          </Field>
          <Field label="Courriel" error={errors.email} required>
            {(props) => (
              <Input {...props} name="email" type="email" inputMode="email" autoComplete="off" maxLength={254} />
            )}
          </Field>
        </div>
        <RoleCheckboxes legend="Rôles" checked={[]} error={errors.roles} />
        <div>
          <Button type="submit" disabled={pending || !mailReady}>
            {pending ? "Envoi…" : "Envoyer l'invitation"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function PendingInvitation({ invitation }: { invitation: TeamData["invitations"][number] }) {
  const fetcher = useFetcher<TeamResult>();
  const [confirming, setConfirming] = useState(false);
  const { pending } = useStaffAction(fetcher, () => setConfirming(false));
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 shadow-[var(--shadow-card)]">
      <div className="min-w-0">
        <p className="font-medium">{invitation.name}</p>
        <p className="text-sm break-all text-stone">{invitation.email}</p>
        <p className="mt-1 text-xs text-stone">
          {`Envoyée par ${invitation.invitedBy}, valable jusqu'au ${formatDate(invitation.expiresAt, "dateTime")}`}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <RoleBadges roles={invitation.roles} />
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={invitation.id} />
          <Button
            type="submit"
            name="intent"
            value="renvoyer-invitation"
            size="sm"
            variant="outline"
            disabled={pending}
            aria-label={`Renvoyer l'invitation de ${invitation.name}`}
          >
            Renvoyer
          </Button>
        </fetcher.Form>
        <Button
          type="button"
          size="sm"
          variant="dangerOutline"
          disabled={pending}
          onClick={() => setConfirming(true)}
          aria-label={`Annuler l'invitation de ${invitation.name}`}
        >
          Annuler
        </Button>
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Annuler l'invitation de ${invitation.name} ?`}
          description="Le lien qu'elle a reçu ne fonctionnera plus. Vous pourrez l'inviter de nouveau."
          confirmLabel="Annuler l'invitation"
          pending={pending}
          onConfirm={() => void fetcher.submit({ intent: "annuler-invitation", id: invitation.id }, { method: "post" })}
        />
      </div>
    </li>
  );
}

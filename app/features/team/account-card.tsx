import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { elide } from "~/lib/elision";
import { typography } from "~/lib/typography";
import { checkBeforeSending, useStaffAction } from "~/lib/use-staff-action";
import { RoleBadges, RoleCheckboxes } from "./role-checkboxes";
import type { TeamData } from "./staff-queries.server";
import { fixFieldsToast, teamSchema, type TeamResult } from "./staff-schema";

type Account = TeamData["accounts"][number];

/** One account: its name, address and roles; the owner changes the roles, turns it off or on. */
export function AccountCard({ account, isSelf }: { account: Account; isSelf: boolean }) {
  const fetcher = useFetcher<TeamResult>();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const { fieldErrors, setFieldErrors, pending } = useStaffAction(fetcher, (result) => {
    if (result.ok) {
      setEditing(false);
      setConfirming(false);
    }
  });
  const headingId = `account-${account.id}`;

  return (
    <li
      aria-labelledby={headingId}
      className="rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] sm:p-6"
      data-testid="team-account"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="text-lg font-semibold">
            {account.name}
            {isSelf && <span className="ml-2 text-sm font-normal text-stone">(vous)</span>}
          </h3>
          <p className="text-sm break-all text-stone">{account.email ?? account.username}</p>
          {account.active && !account.hasPassword && !account.secondFactor && (
            <p className="mt-1 text-sm text-brass-ink">
              {typography(
                "Pas encore de mot de passe sur ce site : la personne le choisit avec « Mot de passe oublié » sur la page de connexion.",
              )}
            </p>
          )}
        </div>
        {account.active ? (
          <RoleBadges roles={account.roles} />
        ) : (
          <span className="rounded-full bg-danger/10 px-2.5 py-0.5 text-xs font-medium text-danger">Désactivé</span>
        )}
      </div>

      {editing ? (
        <fetcher.Form
          method="post"
          noValidate
          className="mt-5 grid gap-4"
          onSubmit={(event) => setFieldErrors(checkBeforeSending(event, teamSchema, fixFieldsToast))}
        >
          <input type="hidden" name="intent" value="roles" />
          <input type="hidden" name="id" value={account.id} />
          <RoleCheckboxes
            legend={`Rôles ${elide("de", account.name)}`}
            checked={account.roles}
            error={fieldErrors.roles}
          />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={pending}>
              {pending ? "Enregistrement…" : "Enregistrer les rôles"}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Annuler
            </Button>
          </div>
        </fetcher.Form>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          {account.active && (
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() => setEditing(true)}
              aria-label={`Modifier les rôles ${elide("de", account.name)}`}
            >
              Modifier les rôles
            </Button>
          )}
          {account.active && !isSelf && (
            <Button
              type="button"
              size="sm"
              variant="dangerOutline"
              onClick={() => setConfirming(true)}
              aria-label={`Désactiver le compte ${elide("de", account.name)}`}
            >
              Désactiver
            </Button>
          )}
          {!account.active && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="reactiver" />
              <input type="hidden" name="id" value={account.id} />
              <Button type="submit" size="sm" variant="outline" disabled={pending}>
                Réactiver
              </Button>
            </fetcher.Form>
          )}
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Désactiver le compte ${elide("de", account.name)} ?`}
        description="La personne est déconnectée à l'instant et ne peut plus se connecter. Les demandes et les signalements ouverts qu'elle suivait redeviennent « Non assignés ». Ce qu'elle a fait reste signé de son nom ; vous pourrez réactiver le compte."
        confirmLabel={pending ? "Désactivation…" : "Désactiver le compte"}
        pending={pending}
        onConfirm={() => void fetcher.submit({ intent: "desactiver", id: account.id }, { method: "post" })}
      />
    </li>
  );
}

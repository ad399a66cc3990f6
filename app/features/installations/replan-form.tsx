// 'Changer la date' on an installation still to install: a new day and time (Québec's), and the client
// emailed the new date with the calendar file updated. A disclosure, so it works before the app starts.
import { CalendarClock } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Checkbox, Field, Input } from "~/components/ui/field";
import { isoLocal } from "~/lib/dates";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { InstallationResult } from "./staff-schema";

export function ReplanForm({ id, plannedFor, email }: { id: string; plannedFor: Date | null; email: string }) {
  const fetcher = useFetcher<InstallationResult>();
  const { fieldErrors, pending } = useStaffAction(fetcher);
  const current = plannedFor ? isoLocal(plannedFor) : null;
  return (
    <details className="group rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5">
      <summary className="flex min-h-11 cursor-pointer items-center gap-2 font-semibold">
        <CalendarClock className="size-4" aria-hidden="true" />
        {plannedFor ? "Changer la date de l'installation" : "Fixer la date de l'installation"}
      </summary>
      <fetcher.Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="changer-date" />
        <input type="hidden" name="id" value={id} />
        <Field label="Date" required error={fieldErrors.date}>
          {(props) => <Input type="date" name="date" defaultValue={current?.day} {...props} />}
        </Field>
        <Field label="Heure" required hint="Heure du Québec." error={fieldErrors.time}>
          {(props) => <Input type="time" name="time" step={900} defaultValue={current?.time} {...props} />}
        </Field>
        <label className="flex items-start gap-3 sm:col-span-2">
          <Checkbox name="notify" defaultChecked={Boolean(email)} disabled={!email} className="mt-0.5" />
          <span className="text-sm text-ink">
            {typography(
              email
                ? `Envoyer la nouvelle date à ${email}, avec le fichier de calendrier à jour`
                : "Le client n'a pas de courriel : appelez-le pour lui donner la nouvelle date.",
            )}
          </span>
        </label>
        <div className="sm:col-span-2">
          <Button type="submit" disabled={pending}>
            Enregistrer la date
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

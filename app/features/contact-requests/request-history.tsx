// A request's stage in the sales pipeline: changing it, and the history of its changes; the person
// who follows it up.
import { Check, UserCheck } from "lucide-react";
import { useFetcher } from "react-router";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { RequestPageData } from "./inbox";
import { actionClass, Card, fieldClass, Spinner } from "./inbox-parts";
import type { RequestActionResult } from "./staff-schema";
import { STAGES } from "./stages";

export function StageCard({
  id,
  stage,
  changes,
}: {
  id: string;
  stage: RequestPageData["request"]["stage"];
  changes: RequestPageData["stageChanges"];
}) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  return (
    <Card title="Statut" titleId="statut-titre" className="order-3">
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="statut" />
        <label htmlFor="statut-choix" className="sr-only">
          Statut de la demande
        </label>
        <select id="statut-choix" name="stage" defaultValue={stage} key={stage} className={cn(fieldClass, "h-11 py-0")}>
          {STAGES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={actionClass("outline")}>
          {busy ? <Spinner /> : <Check className="size-4" aria-hidden="true" />}
          Changer le statut
        </button>
      </fetcher.Form>
      <StageHistory changes={changes} />
    </Card>
  );
}

function StageHistory({ changes }: { changes: RequestPageData["stageChanges"] }) {
  return (
    <>
      <h3 className="mt-5 text-sm font-semibold">Historique</h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-stone">
          {typography("Aucun changement : la demande est telle qu'elle est arrivée.")}
        </p>
      ) : (
        <ol className="mt-2 grid gap-2 text-sm">
          {changes.map((change) => (
            <li key={change.id} className="border-l-2 border-brass/40 pl-3">
              <span className="font-medium">{`${change.from} → ${change.to}`}</span>
              <br />
              <time dateTime={change.atIso} className="text-stone">
                {change.at}
              </time>
              {change.by && <span className="text-stone">{` · ${change.by}`}</span>}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}

/** 'Responsable': the staff member who follows the request up; giving it to someone emails them. */
export function AssigneeCard({ id, assignment }: { id: string; assignment: RequestPageData["assignment"] }) {
  const fetcher = useFetcher<RequestActionResult>();
  const { pending: busy } = useStaffAction(fetcher);
  return (
    <Card title="Responsable" titleId="responsable-titre" className="order-3">
      <fetcher.Form method="post" className="flex flex-col gap-2 sm:flex-row lg:flex-col">
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="intent" value="assigner" />
        <label htmlFor="responsable-choix" className="sr-only">
          Personne responsable de la demande
        </label>
        <select
          id="responsable-choix"
          name="compte"
          defaultValue={assignment.current ?? ""}
          key={assignment.current ?? ""}
          className={cn(fieldClass, "h-11 py-0")}
        >
          <option value="">Aucun responsable</option>
          {assignment.choices.map((choice) => (
            <option key={choice.id} value={choice.id}>
              {choice.name}
            </option>
          ))}
        </select>
        <button type="submit" disabled={busy} className={actionClass("outline")}>
          {busy ? <Spinner /> : <UserCheck className="size-4" aria-hidden="true" />}
          Confier la demande
        </button>
      </fetcher.Form>
    </Card>
  );
}

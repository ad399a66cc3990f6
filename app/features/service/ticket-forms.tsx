// The forms of a ticket's page: its status (take in hand, resolve with the refund given, reopen), the
// person who follows it up, a note for the team, and the answer emailed to the person. Each posts to the page's action with the
// staff convention (useStaffAction); a sent form is emptied.
import { Check, MessageSquarePlus, Reply, RotateCcw, UserCheck, Wrench } from "lucide-react";
import { useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { REFUND_METHODS } from "~/features/machine-page/forms";
import { typography } from "~/lib/typography";
import { useStaffAction } from "~/lib/use-staff-action";
import type { TicketResult } from "./staff-schema";

const card = "rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";

/** An amount in cents as the field shows it: '2,50'. */
const amountValue = (cents: number | null) => (cents ? (cents / 100).toFixed(2).replace(".", ",") : "");

export function StatusForms({
  id,
  status,
  refundAsked,
  refundMethod,
}: {
  id: string;
  status: "nouveau" | "en-cours" | "resolu";
  refundAsked: number | null;
  refundMethod: "interac" | "prochaine-visite" | null;
}) {
  const fetcher = useFetcher<TicketResult>();
  const { pending, fieldErrors } = useStaffAction(fetcher);
  if (status === "resolu")
    return (
      <fetcher.Form method="post" className="mt-4">
        <input type="hidden" name="id" value={id} />
        <Button type="submit" name="intent" value="rouvrir" variant="outline" disabled={pending}>
          <RotateCcw aria-hidden="true" /> Rouvrir
        </Button>
      </fetcher.Form>
    );
  return (
    <div className="mt-4 grid gap-4">
      {status === "nouveau" && (
        <fetcher.Form method="post">
          <input type="hidden" name="id" value={id} />
          <Button type="submit" name="intent" value="prendre-en-charge" variant="outline" disabled={pending}>
            <Wrench aria-hidden="true" /> Prendre en charge
          </Button>
        </fetcher.Form>
      )}
      <fetcher.Form method="post" className="grid gap-3 border-t border-ink/8 pt-4">
        <input type="hidden" name="id" value={id} />
        <div className="grid gap-3 sm:grid-cols-2">
          <Field
            label="Remboursement donné ($)"
            hint={refundAsked ? "Le montant demandé ; effacez-le si rien n'est remboursé." : "Facultatif."}
            error={fieldErrors.remboursement}
          >
            {(props) => (
              <Input
                {...props}
                name="remboursement"
                inputMode="decimal"
                autoComplete="off"
                defaultValue={amountValue(refundAsked)}
              />
            )}
          </Field>
          <Field
            label="Remis par"
            hint={refundMethod ? "Comme la personne l'a demandé." : "Si un montant est remboursé."}
            error={fieldErrors.mode}
          >
            {(props) => (
              <Select {...props} name="mode" defaultValue={refundMethod ?? ""}>
                <option value="">Choisir…</option>
                {REFUND_METHODS.map((m) => (
                  <option key={m.value} value={m.value}>
                    {m.staffLabel}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <Button type="submit" name="intent" value="resoudre" disabled={pending}>
            <Check aria-hidden="true" /> Marquer résolu
          </Button>
          <p className="text-sm text-stone">
            {typography("La personne n'en est pas avertie : écrivez-lui une réponse pour le lui dire.")}
          </p>
        </div>
      </fetcher.Form>
    </div>
  );
}

/** A note for the team, or the answer to the person (emailed), with its own text box. */
export function WriteForm({ id, kind, to }: { id: string; kind: "note" | "repondre"; to?: string }) {
  const fetcher = useFetcher<TicketResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const { pending, fieldErrors } = useStaffAction(fetcher, (result) => {
    if (result.ok) formRef.current?.reset();
  });
  const reply = kind === "repondre";
  return (
    <fetcher.Form method="post" ref={formRef} className={card}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={kind} />
      <Field
        label={reply ? "Répondre par courriel" : "Ajouter une note"}
        hint={typography(
          reply
            ? `Envoyée à ${to} depuis l'adresse du site, avec la référence du signalement.`
            : "Pour l'équipe seulement : la personne ne la voit pas.",
        )}
        error={fieldErrors.texte}
      >
        {(props) => (
          <Textarea {...props} name="texte" required maxLength={reply ? 4_000 : 2_000} rows={reply ? 5 : 3} />
        )}
      </Field>
      <div className="mt-3">
        <Button type="submit" variant={reply ? "primary" : "outline"} disabled={pending}>
          {reply ? <Reply aria-hidden="true" /> : <MessageSquarePlus aria-hidden="true" />}
          {reply ? "Envoyer la réponse" : "Ajouter la note"}
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** 'Responsable': the staff member who follows the ticket up; giving it to someone emails them. */
export function AssigneeForm({
  id,
  assignment,
}: {
  id: string;
  assignment: { current: string | null; choices: { id: string; name: string }[] };
}) {
  const fetcher = useFetcher<TicketResult>();
  const { pending } = useStaffAction(fetcher);
  return (
    <fetcher.Form
      method="post"
      className="mt-5 flex flex-col gap-2 border-t border-ink/8 pt-4 sm:flex-row sm:items-end"
    >
      <input type="hidden" name="id" value={id} />
      <Field label="Responsable" className="min-w-0 flex-1">
        {(props) => (
          <Select {...props} name="compte" defaultValue={assignment.current ?? ""} key={assignment.current ?? ""}>
            <option value="">Aucun responsable</option>
            {assignment.choices.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Button type="submit" name="intent" value="confier" variant="outline" disabled={pending}>
        <UserCheck aria-hidden="true" /> Confier
      </Button>
    </fetcher.Form>
  );
}

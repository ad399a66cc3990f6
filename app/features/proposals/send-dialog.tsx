// 'Envoyer la proposition': the client's name and address, the request it answers, a message; the
// layout goes along in a hidden field. The server checks everything and stores it; what it refuses
// shows on the fields. Once sent, the dialog says who received it, at which address, and where to
// follow it.
import { CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { toast } from "sonner";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { sectionSelections, type CustomiserState } from "~/features/customiser/state";
import type { FieldErrors } from "~/lib/staff-action";
import { useStaffAction } from "~/lib/use-staff-action";
import { PROPOSAL_LIMITS, proposalPath, staffProposalPath } from "./rules";
import type { CustomiserResult, SentProposal } from "./schema";

export type SendDefaults = {
  client_name: string;
  client_email: string;
  contact_request_id: string | null;
  message: string;
  previous_id: string | null;
};

/** The layout as the server reads it: sections and, per filled slot (0-based), the product id. */
export function layoutJson(state: CustomiserState): string {
  return JSON.stringify({
    sections: state.sections.map(({ rows, cols, position, size }) => ({ rows, cols, position, size })),
    slots: state.sections.flatMap((section, index) =>
      sectionSelections(state, section).map(({ slot, product }) => ({ section: index, slot, productId: product.id })),
    ),
  });
}

export function SendProposalDialog({
  open,
  onOpenChange,
  state,
  requests,
  defaults,
  onSubmit,
  onSent,
}: {
  onSubmit?: () => void;
  /** Once the proposal is sent (its layout is the client's now). */
  onSent?: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: CustomiserState;
  requests: { id: string; label: string }[];
  defaults: SendDefaults;
}) {
  const fetcher = useFetcher<CustomiserResult>();
  // The latest proposal sent shows until the dialog is closed.
  const [sent, setSent] = useState<SentProposal | null>(null);
  const { fieldErrors: errors, pending: sending } = useStaffAction(fetcher, (result) => {
    if (!result.ok || !result.sent) return;
    setSent(result.sent);
    onSent?.();
  });
  // A notice left from the customiser (a section filled, with its 'Annuler') would cover the form's buttons.
  useEffect(() => {
    if (open) toast.dismiss();
  }, [open]);
  const close = (next: boolean) => {
    if (!next) setSent(null);
    onOpenChange(next);
  };

  if (sent)
    return (
      <Dialog open={open} onOpenChange={close}>
        <DialogContent title={sent.emailed ? "Proposition envoyée" : "Proposition enregistrée"}>
          <SentNotice sent={sent} onClose={() => close(false)} />
        </DialogContent>
      </Dialog>
    );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent
        title="Envoyer la proposition"
        description="Le client reçoit par courriel le lien vers sa proposition et son PDF."
      >
        <fetcher.Form
          method="post"
          className="flex flex-col gap-4"
          data-testid="send-proposal-form"
          onSubmit={onSubmit}
        >
          <input type="hidden" name="intent" value="send-proposal" />
          <input type="hidden" name="layout" value={layoutJson(state)} />
          {defaults.previous_id && <input type="hidden" name="previous_id" value={defaults.previous_id} />}
          {errors.layout && (
            <p role="alert" className="rounded-xl bg-danger/10 px-4 py-3 text-sm text-danger">
              {errors.layout}
            </p>
          )}
          <ClientFields requests={requests} defaults={defaults} errors={errors} />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="md" onClick={() => close(false)}>
              Annuler
            </Button>
            <Button type="submit" variant="brass" size="md" disabled={sending}>
              Envoyer
            </Button>
          </div>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** Whom the proposal goes to, the request it answers and the staff's message, each with what the
 * server refused in it. */
function ClientFields({
  requests,
  defaults,
  errors,
}: {
  requests: { id: string; label: string }[];
  defaults: SendDefaults;
  errors: FieldErrors;
}) {
  return (
    <>
      <Field label="Nom du client" required error={errors.client_name}>
        {(props) => (
          <Input
            {...props}
            name="client_name"
            autoComplete="off"
            maxLength={PROPOSAL_LIMITS.clientName}
            defaultValue={defaults.client_name}
          />
        )}
      </Field>
      <Field label="Courriel du client" required error={errors.client_email}>
        {(props) => (
          <Input
            {...props}
            type="email"
            name="client_email"
            autoComplete="off"
            maxLength={PROPOSAL_LIMITS.clientEmail}
            defaultValue={defaults.client_email}
          />
        )}
      </Field>
      <Field label="Demande liée" error={errors.contact_request_id}>
        {(props) => (
          <Select {...props} name="contact_request_id" defaultValue={defaults.contact_request_id ?? ""}>
            <option value="">Aucune</option>
            {requests.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Message" error={errors.message}>
        {(props) => (
          <Textarea {...props} name="message" maxLength={PROPOSAL_LIMITS.message} defaultValue={defaults.message} />
        )}
      </Field>
    </>
  );
}

/** An address on a line of its own, broken only when it is wider than the line. */
function Address({ email }: { email: string }) {
  return <strong className="mt-1 block font-semibold [overflow-wrap:anywhere]">{email}</strong>;
}

/** Who received the proposal and at which address, and where to follow it. */
function SentNotice({ sent, onClose }: { sent: SentProposal; onClose: () => void }) {
  return (
    <div className="flex flex-col gap-5" data-testid="proposal-sent">
      <p role="status" className="flex items-start gap-3 rounded-xl bg-success/10 px-4 py-3 text-ink">
        <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden="true" />
        {sent.emailed ? (
          <span>
            <strong className="font-semibold">{sent.client_name}</strong> reçoit la proposition par courriel à l'adresse{" "}
            <Address email={sent.client_email} />
          </span>
        ) : (
          <span>
            {"La proposition de "}
            <strong className="font-semibold">{sent.client_name}</strong>
            {
              " est enregistrée, mais l'envoi des courriels n'est pas configuré : aucun courriel n'est parti. Envoyez vous-même son lien à "
            }
            <Address email={sent.client_email} />
          </span>
        )}
      </p>
      <p className="text-sm text-stone">
        Suivez sa réponse dans Propositions&nbsp;: vue, acceptée ou modifications demandées.
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" size="md" onClick={onClose}>
          Fermer
        </Button>
        <a href={proposalPath(sent.token)} target="_blank" rel="noopener" className={buttonClass("outline", "md")}>
          Voir comme le client
        </a>
        {/* Its route is looked up when it is followed, not when it shows: sending makes one request. */}
        <Link to={staffProposalPath(sent.id)} discover="none" className={buttonClass("brass", "md")}>
          Voir dans Propositions
        </Link>
      </div>
    </div>
  );
}

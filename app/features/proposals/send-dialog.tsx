// 'Envoyer la proposition': the client's name and address, the request it answers, a message; the
// layout goes along in a hidden field. A real form post: the server checks everything and stores it.
import { useEffect, useRef } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent } from "~/components/ui/dialog";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { sectionSelections, type CustomiserState } from "~/features/customiser/state";
import { PROPOSAL_LIMITS, type SendFormErrors } from "./rules";

export type SendDefaults = {
  client_name: string;
  client_email: string;
  contact_request_id: string | null;
  message: string;
  previous_id: string | null;
};

export type SendActionData =
  { intent: "send-proposal"; ok: true; token: string } | { intent: "send-proposal"; ok: false; errors: SendFormErrors };

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
}: {
  onSubmit?: () => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  state: CustomiserState;
  requests: { id: string; label: string }[];
  defaults: SendDefaults;
}) {
  const result = useActionData<SendActionData>();
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "send-proposal";
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!result || result.intent !== "send-proposal" || shown.current === result) return;
    shown.current = result;
    if (result.ok) {
      toast.success("Configuration prête", { description: "Les données de configuration ont été générées." });
      onOpenChange(false);
    }
  }, [result, onOpenChange]);
  const errors = result && result.intent === "send-proposal" && !result.ok ? result.errors : {};

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="Envoyer la proposition"
        description="Le client reçoit par courriel le lien vers sa proposition et son PDF."
      >
        <Form method="post" className="flex flex-col gap-4" data-testid="send-proposal-form" onSubmit={onSubmit}>
          <input type="hidden" name="intent" value="send-proposal" />
          <input type="hidden" name="layout" value={layoutJson(state)} />
          {defaults.previous_id && <input type="hidden" name="previous_id" value={defaults.previous_id} />}
          {errors.layout && (
            <p role="alert" className="rounded-xl bg-danger/10 px-4 py-3 text-sm text-danger">
              {errors.layout}
            </p>
          )}
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
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" size="md" onClick={() => onOpenChange(false)}>
              Annuler
            </Button>
            <Button type="submit" variant="brass" size="md" disabled={sending}>
              Envoyer
            </Button>
          </div>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

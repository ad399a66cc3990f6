// 'Votre réponse' on a client's proposal: accept it, or ask for changes. Both are plain form posts (no
// script needed); their answer shows here, where the client tapped (#reponse), in a live region, and
// takes the focus.
import { Check, CircleCheck } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, Textarea } from "~/components/ui/field";
import { acceptedNextStep, PROPOSAL_LIMITS, proposalPath } from "./rules";

export type ClientActionData =
  { ok: boolean; message: string; intent?: "accept" | "changes"; field?: "change_request" } | undefined;

/** Where the answers are, and where the page comes back to after one (without JavaScript too). */
const ANSWER_ID = "reponse";

export function ClientAnswer({
  token,
  acceptedOn,
  byPhone,
  open,
  result,
}: {
  token: string;
  acceptedOn: string | null;
  /** The request left a phone: the team calls (else writes). */
  byPhone: boolean;
  /** The client may still answer (neither accepted nor replaced by a newer version). */
  open: boolean;
  result: ClientActionData;
}) {
  const answerRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    // The answer takes the focus (the button pressed may be gone) and comes into view.
    const el = answerRef.current;
    if (!result || !el) return;
    el.focus({ preventScroll: true });
    el.scrollIntoView({ block: "center" });
  }, [result]);

  return (
    <section
      id={ANSWER_ID}
      aria-labelledby="reponse-titre"
      className="scroll-mt-28 rounded-[var(--radius-card)] bg-white p-5 ring-1 ring-ink/8 sm:p-6"
    >
      <h2 id="reponse-titre" className="text-2xl font-semibold">
        Votre réponse
      </h2>
      {/* Always present, so that what appears in it is announced. */}
      <div role="status" aria-live="polite" aria-atomic="true">
        {result?.ok && (
          <p
            ref={answerRef}
            tabIndex={-1}
            data-testid="answer-confirmation"
            className="mt-4 flex items-start gap-2 rounded-xl bg-success/10 px-4 py-3 font-medium text-success outline-none focus-visible:ring-2 focus-visible:ring-success/40"
          >
            <CircleCheck className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
            <span>
              {result.message}{" "}
              {result.intent === "accept"
                ? `Proposition acceptée${acceptedOn ? ` le ${acceptedOn}` : ""}. Nous ${acceptedNextStep(byPhone)} ; une confirmation vous est envoyée par courriel.`
                : "Nous vous envoyons une version revue sous peu."}
            </span>
          </p>
        )}
      </div>
      {result && !result.ok && !result.field && (
        <p
          ref={answerRef}
          tabIndex={-1}
          role="alert"
          className="mt-4 rounded-xl bg-danger/10 px-4 py-3 text-danger outline-none"
        >
          {result.message}
        </p>
      )}
      {open && <AnswerForms token={token} result={result} />}
    </section>
  );
}

/** 'Accepter la proposition' and 'Demander des modifications', each posting back to the answer. */
function AnswerForms({ token, result }: { token: string; result: ClientActionData }) {
  const busy = useNavigation().state === "submitting";
  const action = `${proposalPath(token)}#${ANSWER_ID}`;
  return (
    <>
      <Form method="post" action={action} preventScrollReset className="mt-4">
        <input type="hidden" name="intent" value="accept" />
        <Button type="submit" variant="brass" size="lg" disabled={busy}>
          <Check aria-hidden="true" />
          Accepter la proposition
        </Button>
      </Form>
      <Form method="post" action={action} preventScrollReset className="mt-6 flex flex-col gap-3">
        <input type="hidden" name="intent" value="changes" />
        <Field label="Vos modifications" error={result?.field === "change_request" ? result.message : undefined}>
          {(props) => <Textarea {...props} name="change_request" maxLength={PROPOSAL_LIMITS.changeRequest} required />}
        </Field>
        <div>
          <Button type="submit" variant="outline" size="md" disabled={busy}>
            Demander des modifications
          </Button>
        </div>
      </Form>
    </>
  );
}

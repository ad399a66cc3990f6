// The one contact form of the site (home, /contact, /notre-offre). It posts to /contact: with
// JavaScript through a fetcher (no reload, instant checks, toasts); without, as a plain form that the
// server checks and answers with /confirmation or this form again, filled in, with the message.
// The checks' rules (with their validation library) and the toast library load when a person starts
// filling the form in, not with the page.
import { Lock, Loader2, Send, X } from "lucide-react";
import { useId } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { CONTACT_MACHINE_FIELD, contactMachineUrl } from "~/rules/contact-machine";
import { MSG } from "~/lib/messages";
import { ContactFields } from "./contact-fields";
import { HONEYPOT_FIELD } from "./fields";
import { FILL_TIME_FIELD } from "./spam";
import { useContactSubmission } from "./use-contact-submission";

/** `onDark`: on a dark section the card is opaque, its text set in ink. `machine`: the machine the
 * request is about (/contact?machine=<id>), named above the fields, sent with them, removable. */
export function ContactForm({
  onDark = false,
  machine = null,
}: {
  onDark?: boolean;
  machine?: { id: string; nom: string } | null;
}) {
  const { fetcher, served, errors, formRef, sending, onSubmit, onFirstTouch, onInput } = useContactSubmission();
  const id = useId();
  const values = served?.values;

  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <div
      className={cn(
        "rounded-[var(--radius-card)] border border-ink/8 p-5 shadow-[var(--shadow-card)] sm:p-8 lg:p-10",
        onDark ? "bg-white text-ink" : "bg-white/90",
      )}
    >
      <fetcher.Form
        ref={formRef}
        method="post"
        action={machine ? contactMachineUrl(machine.id) : "/contact"}
        noValidate
        onSubmit={onSubmit}
        onInput={onInput}
        onFocus={onFirstTouch}
        onPointerDown={onFirstTouch}
        aria-label="Demande de contact"
        aria-busy={sending || undefined}
        className="relative"
      >
        <p className="mb-6 text-sm text-stone">
          Les champs marqués d'un{" "}
          <span aria-hidden="true" className="font-semibold text-brass-ink">
            *
          </span>
          <span className="sr-only">astérisque</span> sont obligatoires.
        </p>

        {served && !fetcher.data && (
          <div
            role="alert"
            className="mb-6 rounded-xl border border-danger/25 bg-danger/[0.06] px-4 py-3 text-sm text-danger"
          >
            <p className="font-semibold">{MSG.error}</p>
            <p>{served.status === "invalid" ? served.errors.message : served.message}</p>
          </div>
        )}

        {machine && <MachineChoice machine={machine} />}

        <ContactFields errors={errors} values={values} fieldId={fieldId} />

        {/* For robots only: hidden from people and assistive technologies. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>Site web (laissez ce champ vide)</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>

        {/* How long the form took, in milliseconds, set by the browser on sending; empty without
            JavaScript (then the server does not judge the request by it). */}
        <input type="hidden" name={FILL_TIME_FIELD} defaultValue="" />

        <SendRow sending={sending} />
        <p className="sr-only" role="status" aria-live="polite">
          {sending ? "Envoi en cours…" : ""}
        </p>
      </fetcher.Form>
    </div>
  );
}

/** The machine the request is about, sent as the 'machine' field. 'Retirer' is a link to the plain
 * form, which keeps what was typed (the page stays; only its address changes). */
function MachineChoice({ machine }: { machine: { id: string; nom: string } }) {
  return (
    <div
      data-testid="machine-choice"
      className="mb-6 flex items-center gap-3 rounded-xl border border-brass/30 bg-brass/[0.07] px-4 py-3"
    >
      <p className="min-w-0 flex-1 text-sm break-words text-stone">
        {typography("Votre demande concerne : ")}
        <strong className="mt-0.5 block text-base font-semibold text-ink">{machine.nom}</strong>
      </p>
      <input type="hidden" name={CONTACT_MACHINE_FIELD} value={machine.id} />
      <Link
        to="/contact"
        replace
        preventScrollReset
        aria-label={`Retirer ${machine.nom} de la demande`}
        className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-full border border-ink/15 bg-white px-3 text-sm font-medium text-ink transition-colors hover:border-ink/40"
      >
        <X className="size-3.5" aria-hidden="true" />
        Retirer
      </Link>
    </div>
  );
}

/** The privacy note and the send button. */
function SendRow({ sending }: { sending: boolean }) {
  return (
    <div className="mt-8 flex flex-col gap-5 border-t border-ink/8 pt-6 sm:flex-row sm:items-center sm:justify-between">
      <p className="flex max-w-md gap-2.5 text-sm leading-relaxed text-stone">
        <Lock className="mt-0.5 size-4 shrink-0 text-brass-ink" aria-hidden="true" />
        <span>
          Vos coordonnées servent uniquement à répondre à votre demande. Consultez notre{" "}
          <Link
            to="/politique-de-confidentialite"
            className="font-medium text-ink underline decoration-brass/60 underline-offset-4 hover:decoration-ink"
          >
            politique de confidentialité
          </Link>
          .
        </span>
      </p>
      <button
        type="submit"
        disabled={sending}
        className={cn(
          "inline-flex h-13 shrink-0 items-center justify-center gap-2.5 rounded-full bg-ink px-8 text-base font-medium text-ivory shadow-sm",
          "transition-colors duration-200 hover:bg-ink-3 disabled:cursor-wait disabled:opacity-70",
          "w-full sm:w-auto",
        )}
      >
        {sending ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Send className="size-4" aria-hidden="true" />
        )}
        {sending ? "Envoi en cours…" : "Envoyer la demande"}
      </button>
    </div>
  );
}

// The one contact form of the site (home, /contact, /notre-offre). It posts to /contact: with
// JavaScript through a fetcher (no reload, instant checks, toasts); without, as a plain form that the
// server checks and answers with /confirmation or this form again, filled in, with the message.
// The checks' rules (with their validation library) and the toast library load when a person starts
// filling the form in, not with the page.
import { Lock, Loader2, Phone, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useActionData, useFetcher } from "react-router";
import { Field, Input, Select, Textarea } from "~/components/ui/field";
import { cn } from "~/lib/cn";
import { MSG } from "~/lib/messages";
import {
  DATE_INSTALLATION,
  EMPLACEMENT,
  HONEYPOT_FIELD,
  LIMITS,
  readContactValues,
  TYPE_EMPLACEMENT,
  type ContactErrors,
  type ContactField,
} from "./fields";
import type { ContactActionData, ContactValidation, ContactValues } from "./schema";

type FieldErrors = ContactErrors["fields"];

let validate: ((values: ContactValues) => ContactValidation) | null = null;
const loadRules = () =>
  import("./schema").then((rules) => {
    validate = rules.validateContact;
  });

/** The spec's error toast. The toast area mounts at the first interaction (deferred-toaster.tsx). */
function errorToast(description: string) {
  void import("sonner").then(({ toast }) => toast.error(MSG.error, { description }));
}

const FIELD_ORDER: ContactField[] = [
  "nom_complet",
  "courriel",
  "type_emplacement",
  "emplacement",
  "date_installation",
  "description_demande",
  "prefere_telephone",
  "numero_telephone",
];

/** `onDark`: on a dark section the card is opaque, its text set in ink. */
export function ContactForm({ onDark = false }: { onDark?: boolean }) {
  const fetcher = useFetcher<ContactActionData>();
  // Present only after a submission without JavaScript: the server rendered this form again.
  const served = useActionData<ContactActionData>();
  const [errors, setErrors] = useState<FieldErrors>(served?.status === "invalid" ? served.errors.fields : {});
  const formRef = useRef<HTMLFormElement>(null);
  // A submission waits for the rules (see onSubmit): a second press meanwhile sends nothing more.
  const waitingForRules = useRef(false);
  const id = useId();
  const sending = fetcher.state !== "idle";
  const values = served?.values;

  // Server answers while JavaScript runs: the spec's toast, field messages, focus on the first one.
  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (answer.status === "invalid") {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- one server answer: its field messages go with its toast and focus
      setErrors(answer.errors.fields);
      errorToast(answer.errors.message);
      focusFirstError(formRef.current, answer.errors.fields);
    } else {
      errorToast(answer.message);
    }
  }, [fetcher.data]);

  /** Checks the form; shows what is wrong. True when it can be sent. */
  function check(form: HTMLFormElement, validateValues: NonNullable<typeof validate>): boolean {
    const checked = validateValues(readContactValues(new FormData(form)));
    if (checked.ok) {
      setErrors({});
      return true;
    }
    setErrors(checked.errors.fields);
    errorToast(checked.errors.message);
    focusFirstError(form, checked.errors.fields);
    return false;
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    if (sending || waitingForRules.current) {
      event.preventDefault();
    } else if (validate) {
      if (!check(form, validate)) event.preventDefault();
      // else the fetcher sends it
    } else {
      // Sent before the rules arrived (Enter in the first field): checked once they are here. If they
      // cannot load, the form goes as without JavaScript: the server checks it.
      event.preventDefault();
      waitingForRules.current = true;
      loadRules()
        .then(
          () => {
            if (validate && check(form, validate)) void fetcher.submit(form, { method: "post", action: "/contact" });
          },
          () => form.submit(),
        )
        .finally(() => (waitingForRules.current = false));
    }
  }

  // The rules come at the first touch of the form, well before it is sent.
  function onFirstTouch() {
    if (!validate) void loadRules().catch(() => null);
  }

  // A corrected field loses its message at once.
  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (errors[name] || (name === "prefere_telephone" && errors.numero_telephone)) {
      setErrors((current) => {
        const next = { ...current };
        delete next[name];
        if (name === "prefere_telephone") delete next.numero_telephone;
        return next;
      });
    }
  }

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
        action="/contact"
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

        <div className="grid gap-x-5 gap-y-6 sm:grid-cols-2">
          <Field large label="Nom complet" required error={errors.nom_complet}>
            {(p) => (
              <Input
                large
                {...p}
                name="nom_complet"
                type="text"
                autoComplete="name"
                maxLength={LIMITS.nom_complet}
                defaultValue={values?.nom_complet}
              />
            )}
          </Field>

          <Field large label="Courriel" required error={errors.courriel}>
            {(p) => (
              <Input
                large
                {...p}
                name="courriel"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={LIMITS.courriel}
                defaultValue={values?.courriel}
              />
            )}
          </Field>

          <ChoiceField
            name="type_emplacement"
            label="Type d'emplacement"
            options={TYPE_EMPLACEMENT}
            defaultValue={values?.type_emplacement}
            error={errors.type_emplacement}
          />

          <ChoiceField
            name="emplacement"
            label="Région"
            options={EMPLACEMENT}
            defaultValue={values?.emplacement}
            error={errors.emplacement}
          />

          <ChoiceField
            name="date_installation"
            label="Délai d'installation souhaité"
            options={DATE_INSTALLATION}
            defaultValue={values?.date_installation}
            error={errors.date_installation}
            className="sm:col-span-2"
          />

          <Field
            large
            label="Votre demande"
            required
            error={errors.description_demande}
            className="sm:col-span-2"
            hint="Votre lieu, le nombre de personnes sur place, vos envies de produits…"
          >
            {(p) => (
              <Textarea
                large
                {...p}
                name="description_demande"
                rows={5}
                maxLength={LIMITS.description_demande}
                defaultValue={values?.description_demande}
              />
            )}
          </Field>

          {/* The phone field shows when the box is ticked: pure CSS, so it works without JavaScript. */}
          <div className="group/phone grid gap-4 sm:col-span-2">
            <label
              htmlFor={fieldId("prefere_telephone")}
              className={cn(
                "flex min-h-14 cursor-pointer items-center gap-4 rounded-xl border border-ink/12 bg-ivory/60 px-4 py-3",
                "transition-colors hover:border-ink/30 has-checked:border-brass/60 has-checked:bg-brass-light/20",
                "has-focus-visible:ring-4 has-focus-visible:ring-brass/25",
              )}
            >
              <input
                id={fieldId("prefere_telephone")}
                name="prefere_telephone"
                type="checkbox"
                defaultChecked={values?.prefere_telephone}
                aria-controls={`${fieldId("telephone-bloc")}`}
                className="size-5 shrink-0 cursor-pointer rounded accent-ink focus-visible:outline-none"
              />
              <span className="flex items-center gap-2 text-[0.95rem] font-medium text-ink">
                <Phone className="size-4 text-brass-ink" aria-hidden="true" />
                Je préfère être contacté par téléphone
              </span>
            </label>

            <div id={fieldId("telephone-bloc")} className="hidden group-has-checked/phone:block">
              {/* Required once the box is ticked: said with aria-required, since the field is hidden
                  (and not sent as required) otherwise. */}
              <Field large label="Numéro de téléphone" required error={errors.numero_telephone}>
                {(p) => (
                  <Input
                    large
                    {...p}
                    required={undefined}
                    aria-required="true"
                    name="numero_telephone"
                    type="tel"
                    inputMode="tel"
                    autoComplete="tel"
                    placeholder="418 555-0123"
                    maxLength={LIMITS.numero_telephone}
                    defaultValue={values?.numero_telephone}
                    className="sm:max-w-xs"
                  />
                )}
              </Field>
            </div>
          </div>
        </div>

        {/* For robots only: hidden from people and assistive technologies. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-0 h-px w-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>Site web (laissez ce champ vide)</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
        </div>

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
            {sending ? "Envoi en cours..." : "Envoyer la demande"}
          </button>
        </div>
        <p className="sr-only" role="status" aria-live="polite">
          {sending ? "Envoi en cours..." : ""}
        </p>
      </fetcher.Form>
    </div>
  );
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = FIELD_ORDER.find((name) => errors[name]);
  if (!form || !first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/** An optional choice of the spec's enumerations; empty is sent as null. */
function ChoiceField({
  name,
  label,
  options,
  defaultValue,
  error,
  className,
}: {
  name: ContactField;
  label: string;
  options: readonly { readonly value: string; readonly label: string }[];
  defaultValue?: string;
  error?: string;
  className?: string;
}) {
  return (
    <Field large label={label} error={error} className={className}>
      {(p) => (
        <Select large {...p} name={name} defaultValue={defaultValue ?? ""}>
          <option value="">Choisir (facultatif)</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      )}
    </Field>
  );
}

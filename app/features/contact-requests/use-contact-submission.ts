// How the contact form is checked and sent while JavaScript runs: through a fetcher (no reload), with
// instant checks, field messages and toasts. The checks' rules (with their validation library) and the
// toast library load when a person starts filling the form in, not with the page.
import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { MSG } from "~/lib/messages";
import { readContactValues, type ContactField } from "./fields";
import { clearsAnError, firstFieldWithError, withoutErrorOf, type FieldErrors } from "./form-errors";
import type { ContactActionData, ContactValidation, ContactValues } from "./form-schema";
import { FILL_TIME_FIELD } from "./spam";

let validate: ((values: ContactValues) => ContactValidation) | null = null;
const loadRules = () =>
  import("./form-schema").then((rules) => {
    validate = rules.validateContact;
  });

/** The error toast. The toast area mounts at the first interaction (deferred-toaster.tsx). */
function errorToast(description: string) {
  void import("sonner").then(({ toast }) => toast.error(MSG.error, { description }));
}

function focusFirstError(form: HTMLFormElement | null, errors: FieldErrors) {
  const first = firstFieldWithError(errors);
  if (!form || !first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

export function useContactSubmission() {
  const fetcher = useFetcher<ContactActionData>();
  // Present only after a submission without JavaScript: the server rendered this form again.
  const served = useActionData<ContactActionData>();
  const [errors, setErrors] = useState<FieldErrors>(served?.status === "invalid" ? served.errors.fields : {});
  const formRef = useRef<HTMLFormElement>(null);
  // A submission waits for the rules (see onSubmit): a second press meanwhile sends nothing more.
  const waitingForRules = useRef(false);
  const sending = fetcher.state !== "idle";
  // When the person first touched the form (a click or focus in it): the fill time runs from there.
  const startedAt = useRef<number | null>(null);

  // Server answers while JavaScript runs: the error toast, field messages, focus on the first one.
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
    const fillTime = form.elements.namedItem(FILL_TIME_FIELD);
    if (fillTime instanceof HTMLInputElement && startedAt.current !== null) {
      fillTime.value = String(Math.max(0, Math.round(performance.now() - startedAt.current)));
    }
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
    startedAt.current ??= performance.now();
    if (!validate) void loadRules().catch(() => null);
  }

  // A corrected field loses its message at once.
  function onInput(event: React.FormEvent<HTMLFormElement>) {
    const name = (event.target as HTMLInputElement).name as ContactField;
    if (clearsAnError(errors, name)) setErrors((current) => withoutErrorOf(current, name));
  }

  return { fetcher, served, errors, formRef, sending, onSubmit, onFirstTouch, onInput };
}

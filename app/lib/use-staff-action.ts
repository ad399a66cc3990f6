// The one hook a staff screen uses for its forms: it shows the server's toasts once the page's data is
// revalidated (a toast never announces what the lists do not show yet) and exposes the field errors.
import { useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { toast } from "sonner";
import type { z } from "zod";
import { formValues } from "./form-values";
import { issuesToFieldErrors, type FieldErrors, type StaffActionResult, type StaffToast } from "./staff-action";
import { typography } from "./typography";
import { useFetcherResult } from "./use-fetcher-result";

/** The toasts, in French typography (no-break spaces before : ; ? !). */
function showToasts(toasts: readonly StaffToast[]) {
  for (const t of toasts) {
    const title = typography(t.title);
    const description = t.description && typography(t.description);
    if (t.type === "success") toast.success(title, { description });
    else toast.error(title, { description });
  }
}

/** Shows a staff fetcher's answer once the page has its new data: the server's toasts, its field
 * errors (cleared by the next answer), then `onDone` with the whole answer (an area may add the saved
 * row to it). The component must outlive the answer (see `useFetcherResult`). */
export function useStaffAction<Result extends StaffActionResult<string>>(
  fetcher: FetcherWithComponents<Result>,
  onDone?: (result: Result) => void,
) {
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  useFetcherResult(fetcher, (result) => {
    showToasts(result.toasts);
    setFieldErrors(result.fieldErrors ?? {});
    onDone?.(result);
  });
  return { fieldErrors, setFieldErrors, pending: fetcher.state !== "idle" };
}

/** Checks a form with its action's schema before it is sent. Refused: the post is stopped, the toast
 * shown, the first invalid field focused, and the field errors returned; accepted: `{}`. */
export function checkBeforeSending(
  event: React.FormEvent<HTMLFormElement>,
  schema: z.ZodType,
  toastFor: (fieldErrors: FieldErrors) => StaffToast,
): FieldErrors {
  const form = event.currentTarget;
  const parsed = schema.safeParse(formValues(new FormData(form, submitterOf(event))));
  if (parsed.success) return {};
  event.preventDefault();
  const fieldErrors = issuesToFieldErrors(parsed.error);
  showToasts([toastFor(fieldErrors)]);
  requestAnimationFrame(() => form.querySelector<HTMLElement>("[aria-invalid=true]")?.focus());
  return fieldErrors;
}

const submitterOf = (event: React.FormEvent<HTMLFormElement>) =>
  (event.nativeEvent as SubmitEvent).submitter ?? undefined;

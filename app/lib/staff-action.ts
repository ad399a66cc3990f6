// What every staff action answers: done or refused, the toasts to show, and the field errors keyed by
// the form's field names. Shown by `useStaffAction` (use-staff-action.ts); answered by `staffAnswer`
// (staff-action.server.ts).
import type { z } from "zod";

export type StaffToast = { type: "success" | "error"; title: string; description?: string };
/** Form field name ('machine.nom', 'steps.0.titre') → message. */
export type FieldErrors = Record<string, string>;

/** One staff mutation's answer: done (ok) or refused, with the toasts to show in order. */
export type StaffActionResult<Intent extends string = string> = {
  ok: boolean;
  /** The form's intent, or 'invalid' when the post named none the action knows. */
  intent: Intent | "invalid";
  toasts: StaffToast[];
  /** Only on a refusal the person can fix. */
  fieldErrors?: FieldErrors;
  /** Id of the row created or saved (also on a refusal when part of it was saved). */
  id?: string;
};

/** zod issues as field names ('a.b.0.c') → their first message. */
export function issuesToFieldErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

// The server half of the staff mutation convention: read the posted form with the area's schema,
// answer one StaffActionResult. A post made before the app started (a plain document post) gets a
// redirect back to the page with the first toast carried in the one-time toast cookie.
import { data, redirect } from "react-router";
import type { z } from "zod";
import { formValues } from "./form-values";
import { typography } from "./typography";
import { issuesToFieldErrors, type FieldErrors, type StaffActionResult, type StaffToast } from "./staff-action";
import { flashCookie } from "../../server/flash";

export const success = (title: string, description?: string): StaffToast => ({ type: "success", title, description });
export const failure = (title: string, description: string): StaffToast => ({ type: "error", title, description });

/** The posted form read by the action's schema; a body that is not a form is refused like bad input. */
export async function readStaffForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<
  | { ok: true; input: z.output<S> }
  | {
      ok: false;
      intent: string | null;
      fieldErrors: FieldErrors;
      values: Record<string, unknown>;
      /** The body is not a form at all. */
      unreadable?: true;
    }
> {
  let values: Record<string, unknown>;
  try {
    values = formValues(await request.formData());
  } catch {
    return { ok: false, intent: null, fieldErrors: {}, values: {}, unreadable: true };
  }
  const parsed = schema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const intent = typeof values.intent === "string" ? values.intent : null;
  return { ok: false, intent, fieldErrors: issuesToFieldErrors(parsed.error), values };
}

/** The answer to a staff post: the result itself for the app's fetchers; for a document post (no
 * JavaScript yet) a redirect with its first toast, to `doneUrl` when done, else back to the same page.
 * With `pageGone` (what the page showed no longer exists), a success redirects every client to
 * `doneUrl`, so the app never reloads the vanished page. */
export async function staffAnswer<Intent extends string>(
  request: Request,
  secret: string,
  result: StaffActionResult<Intent>,
  {
    status = result.ok ? 200 : 400,
    doneUrl,
    pageGone = false,
  }: { status?: number; doneUrl?: string; pageGone?: boolean } = {},
) {
  // Every staff message in French typography (docs/decisions/2026-12-02-french-typography.md).
  result = {
    ...result,
    toasts: result.toasts.map((t) => ({
      ...t,
      title: typography(t.title),
      ...(t.description ? { description: typography(t.description) } : {}),
    })),
  };
  if (request.headers.get("sec-fetch-mode") === "navigate" || (pageGone && result.ok && doneUrl)) {
    const first = result.toasts[0];
    const url = new URL(request.url);
    const headers = first ? { "Set-Cookie": await flashCookie(first, secret) } : undefined;
    return redirect(result.ok && doneUrl ? doneUrl : url.pathname + url.search, { headers });
  }
  return data(result, { status });
}

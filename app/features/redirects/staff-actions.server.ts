// What /edit-redirects changes: add or remove a permanent redirect. The route module has already
// called requireAdmin.
import { MSG } from "~/lib/messages";
import type { FieldErrors } from "~/lib/staff-action";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { redirectLoop } from "~/features/redirects/rules";
import type { Services } from "../../../server/context";
import {
  fixFieldsToast,
  REDIRECT_MESSAGES,
  redirectsSchema,
  type RedirectsIntent,
  type RedirectsResult,
} from "./staff-schema";
import { deleteRedirect, insertRedirect, listAllRedirects } from "./store.server";

export async function redirectsAction(services: Services, request: Request, note: (summary: string) => void) {
  const { db, config } = services;
  const answer = (result: RedirectsResult, status?: number) =>
    staffAnswer(request, services.secret, result, { status });
  const refused = (intent: RedirectsIntent | "invalid", fieldErrors: FieldErrors) =>
    answer({ ok: false, intent, toasts: [fixFieldsToast(fieldErrors)], fieldErrors });

  const read = await readStaffForm(request, redirectsSchema(config.site.publicUrl));
  if (!read.ok) {
    const intent = read.intent === "add" || read.intent === "delete" ? read.intent : "invalid";
    return refused(intent, read.fieldErrors);
  }
  const input = read.input;
  if (input.intent === "delete") {
    const gone = await deleteRedirect(db, input.id);
    if (!gone)
      return answer({ ok: false, intent: "delete", toasts: [failure(MSG.error, REDIRECT_MESSAGES.gone)] }, 404);
    note(`${gone.from_key} → ${gone.to_path} retirée`);
    return answer({ ok: true, intent: "delete", toasts: [success("Redirection retirée")] });
  }
  const existing = await listAllRedirects(db);
  if (existing.some((rule) => rule.from_key === input.from)) return refused("add", { from: REDIRECT_MESSAGES.taken });
  const loop = redirectLoop(input.from, input.to, new Map(existing.map((rule) => [rule.from_key, rule.to_path])));
  if (loop) return refused("add", { to: loop });
  await insertRedirect(db, input.from, input.to);
  note(`${input.from} → ${input.to}`);
  return answer({ ok: true, intent: "add", toasts: [success("Redirection ajoutée")] });
}

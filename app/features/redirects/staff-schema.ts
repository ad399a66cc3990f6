// The check of /edit-redirects' posts, shared by the form (before sending) and the action
// (authoritative): both addresses are paths of this site, and a redirect never leads to itself. The
// action then checks against the redirects in place (one per address, no loop).
import { MSG } from "~/lib/messages";
import type { FieldErrors, StaffActionResult, StaffToast } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { redirectKey, redirectLoop, sitePath } from "~/features/redirects/rules";

export const REDIRECT_MESSAGES = {
  fix: "Corrigez les champs signalés : rien n'a changé.",
  gone: "Cette redirection n'existe plus.",
  taken: "Une redirection part déjà de cette adresse.",
} as const;

/** One redirect's check, for the site at `origin`: its paths as stored ('from' as compared). */
export function redirectsSchema(origin: string) {
  const path = (input: string, ctx: z.RefinementCtx) => {
    const checked = sitePath(input, origin);
    if (checked.ok) return checked.path;
    ctx.addIssue({ code: "custom", message: checked.error });
    return z.NEVER;
  };
  return z.discriminatedUnion("intent", [
    z
      .object({
        intent: z.literal("add"),
        from: z.string().max(2000).default("").transform(path),
        to: z.string().max(2000).default("").transform(path),
      })
      .transform((input, ctx) => {
        const itself = redirectLoop(input.from, input.to, new Map());
        if (itself) {
          ctx.addIssue({ code: "custom", path: ["to"], message: itself });
          return z.NEVER;
        }
        return { intent: input.intent, from: redirectKey(input.from), to: input.to };
      }),
    z.object({ intent: z.literal("delete"), id: z.uuid() }),
  ]);
}

export type RedirectsIntent = "add" | "delete";
export type RedirectsResult = StaffActionResult<RedirectsIntent>;

/** The toast of a refused redirect: the fields say what is wrong. */
export const fixFieldsToast = (fieldErrors: FieldErrors = {}): StaffToast => ({
  type: "error",
  title: MSG.error,
  description: fieldErrors.from || fieldErrors.to ? REDIRECT_MESSAGES.fix : "Demande invalide.",
});

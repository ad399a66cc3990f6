// The customiser's proposal forms, read by send-actions.server.ts with readStaffForm: 'Envoyer' and
// 'Enregistrer comme modèle'. Field names are the forms' own: `client_name`, `layout`, …
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { isUuid } from "~/rules/id";
import { foldToSingleLine } from "~/rules/text";
import { parseLayout, PROPOSAL_LIMITS, PROPOSAL_MSG } from "./rules";

/** The customiser's layout, posted as JSON in a hidden field, checked by parseLayout. */
const layoutField = (options?: { allowEmpty?: boolean }) =>
  z.unknown().transform((json, ctx) => {
    const layout = parseLayout(json, options);
    if (layout.ok) return layout.layout;
    ctx.addIssue({ code: "custom", message: layout.error });
    return z.NEVER;
  });

/** The send form's fields about the client: whom to, where, the request it answers, a message. */
export const sendFormSchema = z.object({
  client_name: z
    .string({ error: PROPOSAL_MSG.nameRequired })
    .transform(foldToSingleLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, { error: PROPOSAL_MSG.nameRequired })
        .max(PROPOSAL_LIMITS.clientName, { error: PROPOSAL_MSG.tooLong(PROPOSAL_LIMITS.clientName) }),
    ),
  client_email: z
    .string({ error: PROPOSAL_MSG.emailRequired })
    .trim()
    .min(1, { error: PROPOSAL_MSG.emailRequired })
    .max(PROPOSAL_LIMITS.clientEmail, { error: PROPOSAL_MSG.tooLong(PROPOSAL_LIMITS.clientEmail) })
    .pipe(z.email({ error: PROPOSAL_MSG.invalidEmail })),
  contact_request_id: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : null))
    .pipe(z.uuid({ error: PROPOSAL_MSG.unknownRequest }).nullable()),
  message: z
    .string()
    .trim()
    .max(PROPOSAL_LIMITS.message, { error: PROPOSAL_MSG.tooLong(PROPOSAL_LIMITS.message) })
    .optional()
    .transform((v) => v ?? ""),
});

/** The customiser's two forms. */
export const customiserFormSchema = z.discriminatedUnion("intent", [
  sendFormSchema.extend({
    intent: z.literal("send-proposal"),
    layout: layoutField(),
    // The proposal this one revises; anything else sends a first version.
    previous_id: z
      .string()
      .optional()
      .transform((v) => (v && isUuid(v) ? v : null)),
  }),
  z.object({ intent: z.literal("save-template"), layout: layoutField({ allowEmpty: true }) }),
]);

export type SendProposalInput = Extract<z.output<typeof customiserFormSchema>, { intent: "send-proposal" }>;
type CustomiserIntent = z.output<typeof customiserFormSchema>["intent"];

/** A proposal just sent: whom to, where, and whether an email went out (none without SMTP). */
export type SentProposal = { id: string; token: string; client_name: string; client_email: string; emailed: boolean };

/** What the customiser's forms answer; a proposal sent says to whom. */
export type CustomiserResult = StaffActionResult<CustomiserIntent> & { sent?: SentProposal };

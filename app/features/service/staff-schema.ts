// The staff's posts on a service ticket, checked in the browser before sending and by the action
// (authoritative): take it in hand, resolve it (a refund logged with its amount and how it was given),
// reopen it, add a note, and reply to the person by email.
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";
import { readAmount } from "~/features/machine-page/forms";

export const TICKET_MESSAGES = {
  gone: "Ce signalement n'existe plus.",
  unchanged: "Le signalement a déjà ce statut.",
  noAddress: "Cette personne n'a pas laissé de courriel : appelez-la, ou ajoutez une note.",
  assignee: "Cette personne ne peut pas suivre le service : choisissez un compte actif du rôle Service.",
  noMail: "L'envoi de courriels n'est pas configuré : la réponse n'est pas partie. Ajoutez-la comme note.",
} as const;

/** The most a refund logged at once may be (1 000 $): a typo of a zero more is caught. */
const REFUND_LOG_MAX_CENTS = 100_000;

const body = (max: number, required: string) =>
  z
    .string()
    .default("")
    .transform((v) => v.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, required).max(max, `${max} caractères au plus.`));

const refundAmount = z
  .string()
  .default("")
  .transform((value, ctx) => {
    const typed = value.trim();
    if (typed === "") return null;
    const cents = readAmount(typed);
    if (cents === null || cents > REFUND_LOG_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message: "Entrez un montant en dollars, par exemple 2,50." });
      return z.NEVER;
    }
    return cents === 0 ? null : cents;
  });

export const ticketSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("prendre-en-charge"), id: z.uuid() }),
  z.object({ intent: z.literal("rouvrir"), id: z.uuid() }),
  // 'Responsable': an account's id, or '' for no one.
  z.object({ intent: z.literal("confier"), id: z.uuid(), compte: z.union([z.uuid(), z.literal("")]).default("") }),
  z
    .object({
      intent: z.literal("resoudre"),
      id: z.uuid(),
      remboursement: refundAmount,
      // Empty until the staff say how it is given, unless the person asked for a way.
      mode: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["interac", "prochaine-visite"]).optional()),
    })
    .superRefine((input, ctx) => {
      if (input.remboursement !== null && !input.mode)
        ctx.addIssue({ code: "custom", path: ["mode"], message: "Choisissez comment le remboursement est remis." });
    }),
  z.object({ intent: z.literal("note"), id: z.uuid(), texte: body(2_000, "Écrivez la note.") }),
  z.object({ intent: z.literal("repondre"), id: z.uuid(), texte: body(4_000, "Écrivez la réponse.") }),
]);

export type TicketIntent = "prendre-en-charge" | "rouvrir" | "confier" | "resoudre" | "note" | "repondre";
export type TicketResult = StaffActionResult<TicketIntent>;

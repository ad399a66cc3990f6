// The forms of the list of proposals ('Renvoyer') and of the machine editor ('Supprimer le modèle'),
// one zod schema each, read by staff-actions.server.ts.
import type { StaffActionResult } from "~/lib/staff-action";
import { z } from "~/lib/zod";

/** 'Renvoyer' in the list of proposals. */
export const resendSchema = z.object({ intent: z.literal("resend"), id: z.uuid() });
export type ResendResult = StaffActionResult<"resend">;

/** 'Supprimer le modèle' in the machine editor (the machine is the address's). */
export const clearTemplateSchema = z.object({ intent: z.literal("clear-template") });
export type ClearTemplateResult = StaffActionResult<"clear-template">;

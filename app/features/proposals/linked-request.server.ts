// The contact request a proposal answers: sending the proposal and its acceptance move it forward.
import { eq } from "drizzle-orm";
import type { Tx } from "../../../server/db/client";
import { contactRequests, type LeadStage } from "../../../server/db/schema";
import { setContactStage } from "~/features/contact-requests/staff-actions.server";

/** Moves a linked request forward; a won request stays won. */
export async function moveRequest(t: Tx, id: string, stage: LeadStage, now: Date) {
  const [request] = await t
    .select({ stage: contactRequests.stage })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!request || request.stage === "gagnee") return;
  await setContactStage(t, id, stage, now);
}

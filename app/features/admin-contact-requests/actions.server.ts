// What /edit-demandes (the contact requests inbox) changes: mark a request handled or to handle, send a
// failed request again. The route module has already called requireAdmin.
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { kickContactDelivery } from "../../../server/contact/delivery";
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import { contactRequests, type ContactRequest } from "../../../server/db/schema";
import type { InboxActionData } from "./inbox";

/** 'Renvoyer': a failed request goes back to the outbox with a fresh retry schedule. */
export async function requeueContactRequest(db: Db, id: string, now = new Date()): Promise<ContactRequest | null> {
  const [row] = await db
    .update(contactRequests)
    .set({ status: "pending", attempts: 0, next_attempt_at: now })
    .where(and(eq(contactRequests.id, id), eq(contactRequests.status, "failed")))
    .returning();
  return row ?? null;
}

/** 'Marquer comme traitée' (or back to to-do). */
export async function setContactHandled(
  db: Db,
  id: string,
  handled: boolean,
  now = new Date(),
): Promise<ContactRequest | null> {
  const [row] = await db
    .update(contactRequests)
    .set({ handled_at: handled ? now : null })
    .where(eq(contactRequests.id, id))
    .returning();
  return row ?? null;
}

const ActionSchema = z.object({
  intent: z.enum(["traiter", "a-traiter", "renvoyer"]),
  id: z.uuid(),
});

export async function contactRequestsAction({ db }: Services, form: FormData) {
  const parsed = ActionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    return data<InboxActionData>(
      { ok: false, message: "Action inconnue. Veuillez rafraîchir la page." },
      { status: 400 },
    );
  }
  const { intent, id } = parsed.data;
  if (intent === "renvoyer") {
    const row = await requeueContactRequest(db, id);
    if (!row) {
      return data<InboxActionData>(
        { ok: false, message: "Cette demande n'est plus en échec : rien à renvoyer." },
        { status: 409 },
      );
    }
    kickContactDelivery(db);
    return data<InboxActionData>({ ok: true, message: "Demande remise en file d'envoi" });
  }
  const row = await setContactHandled(db, id, intent === "traiter");
  if (!row) return data<InboxActionData>({ ok: false, message: "Demande introuvable." }, { status: 404 });
  return data<InboxActionData>({
    ok: true,
    message: intent === "traiter" ? "Demande marquée comme traitée" : "Demande remise à traiter",
  });
}

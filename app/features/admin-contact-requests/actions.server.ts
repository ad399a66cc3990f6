// What the staff change in the inbox (/edit-demandes) and on a request's page (/edit-demandes/:id): a
// request's stage, its notes, a reply to the prospect, sending a failed email or forwarding again,
// releasing a request held as spam, erasing a request with everything attached. The route modules
// have already called requireAdmin.
import { publishedSite } from "../../../server/data/site-texts";
import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import { kickContactDelivery, webhookBody } from "../../../server/contact/delivery";
import type { Services } from "../../../server/context";
import { releaseHeldContactRequest } from "../../../server/data/contact-requests";
import type { Db } from "../../../server/db/client";
import {
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  type ContactRequest,
} from "../../../server/db/schema";
import { enqueueEmail, requeueMessage } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { queueNewRequestEmails } from "~/features/contact/emails/queue.server";
import { renderStaffReply, replySubject } from "~/features/contact/emails/staff-reply.server";
import { STAGE_IDS, stageAfterReply, stageLabel, type LeadStage } from "./stages";

export type RequestActionData = { ok: boolean; message: string; intent?: string; deleted?: boolean };

export const NOTE_MAX_LENGTH = 5_000;
export const REPLY_MAX_LENGTH = 10_000;

/** 'Renvoyer': a request whose forwarding failed goes back to the webhook delivery. */
export async function requeueContactRequest(db: Db, id: string, now = new Date()): Promise<ContactRequest | null> {
  const [row] = await db
    .update(contactRequests)
    .set({ status: "pending", attempts: 0, next_attempt_at: now })
    .where(and(eq(contactRequests.id, id), eq(contactRequests.status, "failed")))
    .returning();
  return row ?? null;
}

/** Moves a request to `stage` and records the change with its date (nothing when already there). */
export async function setContactStage(
  db: Db,
  id: string,
  stage: LeadStage,
  now = new Date(),
): Promise<ContactRequest | "unchanged" | null> {
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [current] = await t.select().from(contactRequests).where(eq(contactRequests.id, id)).for("update");
    if (!current) return null;
    if (current.stage === stage) return "unchanged" as const;
    const [row] = await t
      .update(contactRequests)
      .set({ stage, handled_at: now })
      .where(eq(contactRequests.id, id))
      .returning();
    await t
      .insert(contactRequestStageChanges)
      .values({ contact_request_id: id, from_stage: current.stage, to_stage: stage, created_at: now });
    return row!;
  });
}

export async function addContactNote(db: Db, id: string, body: string, now = new Date()) {
  const [row] = await db
    .insert(contactRequestNotes)
    .values({ contact_request_id: id, body, created_at: now })
    .returning();
  return row!;
}

export async function editContactNote(db: Db, id: string, noteId: string, body: string, now = new Date()) {
  const [row] = await db
    .update(contactRequestNotes)
    .set({ body, updated_at: now })
    .where(and(eq(contactRequestNotes.id, noteId), eq(contactRequestNotes.contact_request_id, id)))
    .returning();
  return row ?? null;
}

/** Erases a request with its notes, stage changes and emails (the database cascades). */
export async function deleteContactRequest(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(contactRequests).where(eq(contactRequests.id, id)).returning({ id: contactRequests.id });
  return rows.length > 0;
}

/** Queues a reply to the prospect and moves a new request to 'En cours', in one transaction. */
export async function replyToContactRequest(
  { db, config }: Pick<Services, "db" | "config">,
  id: string,
  { subject, body }: { subject: string; body: string },
  now = new Date(),
) {
  if (!config.mail) return "no-mail" as const;
  const site = await publishedSite(db, config.site);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [request] = await t.select().from(contactRequests).where(eq(contactRequests.id, id)).for("update");
    if (!request) return null;
    const rendered = await renderStaffReply({ subject, body }, { ...webhookBody(request), id: request.id }, site);
    const message = await enqueueEmail(
      t,
      config.mail,
      { purpose: "reply", to: request.courriel, contactRequestId: id, ...rendered },
      now,
    );
    const next = stageAfterReply(request.stage);
    if (next !== request.stage) {
      await t.update(contactRequests).set({ stage: next, handled_at: now }).where(eq(contactRequests.id, id));
      await t
        .insert(contactRequestStageChanges)
        .values({ contact_request_id: id, from_stage: request.stage, to_stage: next, created_at: now });
    }
    return message;
  });
}

/** 'Ce n'est pas un indésirable': forwarded and emailed as if it had just arrived, once. */
export async function releaseContactRequest({ db, config }: Pick<Services, "db" | "config">, id: string) {
  const site = await publishedSite(db, config.site);
  const row = await releaseHeldContactRequest(db, id, (tx, released) =>
    queueNewRequestEmails(tx, { mail: config.mail, site }, { ...webhookBody(released), id: released.id }),
  );
  if (row) {
    kickContactDelivery(db);
    kickOutbox(db);
  }
  return row;
}

const text = (max: number, empty: string, tooLong: string) =>
  z
    .string()
    .transform((value) => value.replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().min(1, empty).max(max, tooLong));

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("renvoyer"), id: z.uuid() }),
  z.object({ intent: z.literal("statut"), id: z.uuid(), stage: z.enum(STAGE_IDS) }),
  z.object({
    intent: z.literal("note"),
    id: z.uuid(),
    body: text(NOTE_MAX_LENGTH, "La note est vide.", `Une note compte au plus ${NOTE_MAX_LENGTH} caractères.`),
  }),
  z.object({
    intent: z.literal("note-modifier"),
    id: z.uuid(),
    noteId: z.uuid(),
    body: text(NOTE_MAX_LENGTH, "La note est vide.", `Une note compte au plus ${NOTE_MAX_LENGTH} caractères.`),
  }),
  z.object({
    intent: z.literal("repondre"),
    id: z.uuid(),
    subject: z
      .string()
      .transform((value) => value.replace(/\s+/g, " ").trim())
      .pipe(z.string().max(200, "L'objet compte au plus 200 caractères.")),
    body: text(REPLY_MAX_LENGTH, "La réponse est vide.", `Une réponse compte au plus ${REPLY_MAX_LENGTH} caractères.`),
  }),
  z.object({ intent: z.literal("renvoyer-courriel"), id: z.uuid(), messageId: z.uuid() }),
  z.object({ intent: z.literal("liberer"), id: z.uuid() }),
  z.object({ intent: z.literal("supprimer"), id: z.uuid(), confirmation: z.literal("supprimer") }),
]);

const answer = (ok: boolean, message: string, status = 200, extra: Partial<RequestActionData> = {}) =>
  data<RequestActionData>({ ok, message, ...extra }, { status });

const NOT_FOUND = "Demande introuvable : elle a peut-être été supprimée.";

export async function contactRequestsAction(services: Services, form: FormData) {
  const { db, config } = services;
  const raw = Object.fromEntries([...form].filter(([, value]) => typeof value === "string"));
  const parsed = ActionSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === "body" || i.path[0] === "subject");
    return answer(false, issue?.message ?? "Action inconnue. Veuillez rafraîchir la page.", 400);
  }
  const action = parsed.data;
  const intent = action.intent;
  switch (action.intent) {
    case "renvoyer": {
      const row = await requeueContactRequest(db, action.id);
      if (!row) return answer(false, "Cette demande n'est plus en échec : rien à renvoyer.", 409);
      kickContactDelivery(db);
      return answer(true, "Demande remise en file d'envoi", 200, { intent });
    }
    case "statut": {
      const row = await setContactStage(db, action.id, action.stage);
      if (!row) return answer(false, NOT_FOUND, 404);
      if (row === "unchanged")
        return answer(true, `La demande est déjà « ${stageLabel(action.stage)} ».`, 200, { intent });
      return answer(true, `Statut changé : ${stageLabel(action.stage)}`, 200, { intent });
    }
    case "note": {
      const exists = await db
        .select({ id: contactRequests.id })
        .from(contactRequests)
        .where(eq(contactRequests.id, action.id));
      if (exists.length === 0) return answer(false, NOT_FOUND, 404);
      await addContactNote(db, action.id, action.body);
      return answer(true, "Note ajoutée", 200, { intent });
    }
    case "note-modifier": {
      const row = await editContactNote(db, action.id, action.noteId, action.body);
      if (!row) return answer(false, "Note introuvable : elle a peut-être été supprimée.", 404);
      return answer(true, "Note modifiée", 200, { intent });
    }
    case "repondre": {
      const result = await replyToContactRequest(services, action.id, {
        subject: action.subject || replySubject(await publishedSite(services.db, config.site)),
        body: action.body,
      });
      if (result === "no-mail") {
        return answer(false, "L'envoi de courriels n'est pas configuré (SMTP_URL) : la réponse n'est pas partie.", 409);
      }
      if (!result) return answer(false, NOT_FOUND, 404);
      kickOutbox(db);
      return answer(true, "Réponse en cours d'envoi", 200, { intent });
    }
    case "renvoyer-courriel": {
      const message = await requeueMessage(db, action.messageId);
      if (!message || message.contact_request_id !== action.id) {
        return answer(false, "Ce courriel n'est plus en échec : rien à renvoyer.", 409);
      }
      kickOutbox(db);
      return answer(true, "Courriel remis en file d'envoi", 200, { intent });
    }
    case "liberer": {
      const row = await releaseContactRequest(services, action.id);
      if (!row) return answer(false, "Cette demande n'est plus dans les indésirables.", 409);
      return answer(true, "Demande libérée : elle est transmise et envoyée par courriel", 200, { intent });
    }
    case "supprimer": {
      const deleted = await deleteContactRequest(db, action.id);
      if (!deleted) return answer(false, NOT_FOUND, 404);
      return answer(true, "Demande supprimée, avec ses notes et ses courriels", 200, { intent, deleted: true });
    }
  }
}

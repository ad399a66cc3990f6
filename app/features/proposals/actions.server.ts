// What changes a proposal: the staff send one (or a revision of one) and send its link again; the
// client views, accepts or asks for changes. Each change and the email it causes are written in one
// transaction; the outbox is woken after the commit.
import { publishedSite } from "../../../server/data/site-texts";
import { and, eq, gt, inArray, isNull, notExists, sql } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import {
  contactRequests,
  machineLayoutTemplates,
  machines,
  products,
  proposalItems,
  proposals,
  type LeadStage,
} from "../../../server/db/schema";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { chassisImage } from "~/features/customiser/queries.server";
import { setContactStage } from "~/features/admin-contact-requests/actions.server";
import { renderClientEmail, renderStaffEmail } from "./emails.server";
import {
  parseLayout,
  PROPOSAL_LIMITS,
  PROPOSAL_MSG,
  PROPOSAL_VALID_DAYS,
  sendFormSchema,
  type SendFormErrors,
} from "./rules";

type Deps = Pick<Services, "db" | "config">;

/** A new client token: 128 random bits as 32 hex characters. */
export const newProposalToken = () => randomBytes(16).toString("hex");

export type SendResult = { ok: true; token: string; id: string } | { ok: false; errors: SendFormErrors };

const fail = (errors: SendFormErrors): SendResult => ({ ok: false, errors });

/** Moves a linked request forward; a won request stays won. */
async function moveRequest(t: Db, id: string, stage: LeadStage, now: Date) {
  const [request] = await t
    .select({ stage: contactRequests.stage })
    .from(contactRequests)
    .where(eq(contactRequests.id, id));
  if (!request || request.stage === "gagnee") return;
  await setContactStage(t, id, stage, now);
}

/** 'Envoyer': stores the proposal with a snapshot of each placed product, queues the client's email
 * and moves the linked request to 'Proposition envoyée'. Bad input stores nothing. `previousId` makes
 * it the next version of that proposal. */
export async function sendProposal(
  { db, config }: Deps,
  machineId: string,
  form: FormData,
  now = new Date(),
): Promise<SendResult> {
  const parsed = sendFormSchema.safeParse({
    client_name: form.get("client_name") ?? undefined,
    client_email: form.get("client_email") ?? undefined,
    contact_request_id: form.get("contact_request_id") ?? undefined,
    message: form.get("message") ?? undefined,
  });
  const layout = parseLayout(form.get("layout"));
  if (!parsed.success || !layout.ok) {
    const errors: SendFormErrors = {};
    for (const issue of parsed.success ? [] : parsed.error.issues) {
      const field = issue.path[0] as keyof SendFormErrors;
      errors[field] ??= issue.message;
    }
    if (!layout.ok) errors.layout = layout.error;
    return fail(errors);
  }
  const input = parsed.data;
  const previousRaw = form.get("previous_id");
  const previousId = typeof previousRaw === "string" && /^[0-9a-f-]{36}$/i.test(previousRaw) ? previousRaw : null;

  const [machine] = await db.select().from(machines).where(eq(machines.id, machineId));
  if (!machine) return fail({ layout: PROPOSAL_MSG.badLayout });
  const ids = [...new Set(layout.layout.slots.map((s) => s.productId))];
  const found = await db
    .select({ id: products.id, nom: products.nom, prix: products.prix, image: products.image })
    .from(products)
    .where(inArray(products.id, ids));
  const byId = new Map(found.map((p) => [p.id, p]));
  if (found.length !== ids.length) return fail({ layout: PROPOSAL_MSG.unknownProduct });
  if (input.contact_request_id) {
    const [request] = await db
      .select({ id: contactRequests.id })
      .from(contactRequests)
      .where(eq(contactRequests.id, input.contact_request_id));
    if (!request) return fail({ contact_request_id: PROPOSAL_MSG.unknownRequest });
  }
  let version = 1;
  if (previousId) {
    const [previous] = await db
      .select({ version: proposals.version })
      .from(proposals)
      .where(eq(proposals.id, previousId));
    if (previous) version = previous.version + 1;
  }

  const token = newProposalToken();
  const email = config.mail
    ? await renderClientEmail(
        {
          token,
          client_name: input.client_name,
          machine_name: machine.nom,
          message: input.message,
          created_at: now,
          version,
        },
        await publishedSite(db, config.site),
      )
    : null;
  const id = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(proposals)
      .values({
        token,
        version,
        previous_id: previousId && version > 1 ? previousId : null,
        machine_id: machine.id,
        machine_name: machine.nom,
        machine_image: chassisImage(machine),
        machine_specifications: machine.specifications,
        machine_advantages: machine.avantages,
        sections: layout.layout.sections,
        contact_request_id: input.contact_request_id,
        client_name: input.client_name,
        client_email: input.client_email,
        message: input.message,
        created_at: now,
      })
      .returning({ id: proposals.id });
    await t.insert(proposalItems).values(
      layout.layout.slots.map((s) => {
        const product = byId.get(s.productId)!;
        return {
          proposal_id: row!.id,
          section: s.section,
          slot: s.slot,
          product_id: product.id,
          product_name: product.nom,
          product_price: product.prix,
          product_image: product.image,
        };
      }),
    );
    if (input.contact_request_id) await moveRequest(t, input.contact_request_id, "proposition-envoyee", now);
    if (email)
      await enqueueEmail(
        t,
        config.mail,
        { purpose: "proposal", to: input.client_email, contactRequestId: input.contact_request_id, ...email },
        now,
      );
    return row!.id;
  });
  kickOutbox(db);
  return { ok: true, token, id };
}

/** 'Renvoyer': the same link, emailed again. */
export async function resendProposal({ db, config }: Deps, id: string, now = new Date()): Promise<boolean> {
  const [p] = await db.select().from(proposals).where(eq(proposals.id, id));
  if (!p || !config.mail) return false;
  const email = await renderClientEmail(p, await publishedSite(db, config.site));
  await enqueueEmail(
    db,
    config.mail,
    { purpose: "proposal-resent", to: p.client_email, contactRequestId: p.contact_request_id, ...email },
    now,
  );
  kickOutbox(db);
  return true;
}

/** A first view by the client: 'Envoyée' becomes 'Vue' (once; later states stay). */
export async function markViewed(db: Db, id: string, now = new Date()): Promise<void> {
  await db
    .update(proposals)
    .set({ status: "vue", viewed_at: now })
    .where(and(eq(proposals.id, id), eq(proposals.status, "envoyee")));
}

const validSince = (now: Date) => new Date(now.getTime() - PROPOSAL_VALID_DAYS * 24 * 60 * 60 * 1000);

/** No newer version of this proposal exists. */
const latestVersion = (db: Db) =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(sql`proposals newer`)
      .where(sql`newer.previous_id = ${proposals.id}`),
  );

export type ClientActionResult =
  { ok: true; kind: "accepted" | "changes" } | { ok: false; message: string; field?: "change_request" };

const CLOSED = "Cette proposition ne peut plus être modifiée : elle a expiré ou une version plus récente existe.";

/** 'Accepter la proposition': recorded once, by a conditional update, so two presses at the same time
 * accept it once and email the staff once; the linked request becomes 'Gagnée'. */
export async function acceptProposal(
  { db, config }: Deps,
  token: string,
  now = new Date(),
): Promise<ClientActionResult> {
  const site = await publishedSite(db, config.site);
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .update(proposals)
      .set({ status: "acceptee", accepted_at: now, viewed_at: sql`coalesce(${proposals.viewed_at}, ${now})` })
      .where(
        and(
          eq(proposals.token, token),
          isNull(proposals.accepted_at),
          gt(proposals.created_at, validSince(now)),
          latestVersion(t),
        ),
      )
      .returning();
    if (!row) return null;
    if (row.contact_request_id) await moveRequest(t, row.contact_request_id, "gagnee", now);
    if (config.mail) {
      const email = await renderStaffEmail(row, { kind: "accepted" }, site);
      await enqueueEmail(
        t,
        config.mail,
        {
          purpose: "proposal-accepted",
          to: config.mail.leads,
          replyTo: row.client_email,
          contactRequestId: row.contact_request_id,
          ...email,
        },
        now,
      );
    }
    return row;
  });
  if (result) {
    kickOutbox(db);
    return { ok: true, kind: "accepted" };
  }
  const [p] = await db.select({ accepted_at: proposals.accepted_at }).from(proposals).where(eq(proposals.token, token));
  // A second press: it is accepted already, nothing changes.
  if (p?.accepted_at) return { ok: true, kind: "accepted" };
  return { ok: false, message: CLOSED };
}

/** 'Demander des modifications': the client's message is kept on the proposal and emailed to the staff. */
export async function requestChanges(
  { db, config }: Deps,
  token: string,
  raw: unknown,
  now = new Date(),
): Promise<ClientActionResult> {
  const message = typeof raw === "string" ? raw.trim() : "";
  if (!message) return { ok: false, message: PROPOSAL_MSG.changeRequired, field: "change_request" };
  if (message.length > PROPOSAL_LIMITS.changeRequest)
    return { ok: false, message: PROPOSAL_MSG.tooLong(PROPOSAL_LIMITS.changeRequest), field: "change_request" };
  const site = await publishedSite(db, config.site);
  const result = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .update(proposals)
      .set({
        status: "modifications-demandees",
        change_request: message,
        change_requested_at: now,
        viewed_at: sql`coalesce(${proposals.viewed_at}, ${now})`,
      })
      .where(
        and(
          eq(proposals.token, token),
          isNull(proposals.accepted_at),
          gt(proposals.created_at, validSince(now)),
          latestVersion(t),
        ),
      )
      .returning();
    if (!row) return null;
    if (config.mail) {
      const email = await renderStaffEmail(row, { kind: "changes", message }, site);
      await enqueueEmail(
        t,
        config.mail,
        {
          purpose: "proposal-changes",
          to: config.mail.leads,
          replyTo: row.client_email,
          contactRequestId: row.contact_request_id,
          ...email,
        },
        now,
      );
    }
    return row;
  });
  if (!result) return { ok: false, message: CLOSED };
  kickOutbox(db);
  return { ok: true, kind: "changes" };
}

/** 'Enregistrer comme modèle': the layout becomes the machine's starting point for its next proposal. */
export async function saveTemplate(db: Db, machineId: string, form: FormData, now = new Date()) {
  const layout = parseLayout(form.get("layout"), { allowEmpty: true });
  if (!layout.ok) return { intent: "save-template", ok: false, message: layout.error };
  const [machine] = await db.select({ id: machines.id }).from(machines).where(eq(machines.id, machineId));
  if (!machine) return { intent: "save-template", ok: false, message: PROPOSAL_MSG.badLayout };
  const chosen = Object.fromEntries(layout.layout.slots.map((s) => [`${s.section}:${s.slot}`, s.productId]));
  const values = { machine_id: machineId, sections: layout.layout.sections, products: chosen, updated_at: now };
  await db
    .insert(machineLayoutTemplates)
    .values(values)
    .onConflictDoUpdate({ target: machineLayoutTemplates.machine_id, set: values });
  return {
    intent: "save-template",
    ok: true,
    message: "Les prochaines propositions de cette machine partiront de cette disposition.",
  };
}

/** The machine editor's 'Supprimer le modèle'. */
export async function clearTemplate(db: Db, machineId: string): Promise<boolean> {
  const rows = await db
    .delete(machineLayoutTemplates)
    .where(eq(machineLayoutTemplates.machine_id, machineId))
    .returning({ id: machineLayoutTemplates.id });
  return rows.length > 0;
}

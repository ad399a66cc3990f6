// What the staff change on proposals: send one (or a revision of one), send its link again, save or
// clear a machine's template. A proposal and the email it causes are written in one transaction; the
// outbox is woken after the commit.
import { eq, inArray } from "drizzle-orm";
import { randomBytes } from "node:crypto";
import type { Services } from "../../../server/context";
import { publishedSite } from "../../../server/data/site-texts";
import type { Db } from "../../../server/db/client";
import {
  contactRequests,
  machineLayoutTemplates,
  machines,
  products,
  proposalItems,
  proposals,
} from "../../../server/db/schema";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { chassisImage } from "~/features/customiser/queries.server";
import { isUuid } from "~/rules/id";
import { renderClientEmail } from "./emails.server";
import { moveRequest } from "./linked-request.server";
import { parseLayout, PROPOSAL_MSG, sendFormSchema, type SendFormErrors, type SentProposal } from "./rules";

type Deps = Pick<Services, "db" | "config">;

/** A new client token: 128 random bits as 32 hex characters. */
const newProposalToken = () => randomBytes(16).toString("hex");

export type SendResult =
  { ok: true; token: string; id: string; sent: SentProposal } | { ok: false; errors: SendFormErrors };

const fail = (errors: SendFormErrors): SendResult => ({ ok: false, errors });

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
  const previousId = typeof previousRaw === "string" && isUuid(previousRaw) ? previousRaw : null;

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
  const id = await db.transaction(async (t) => {
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
  return {
    ok: true,
    token,
    id,
    sent: { id, token, client_name: input.client_name, client_email: input.client_email, emailed: Boolean(email) },
  };
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

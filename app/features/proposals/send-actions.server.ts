// What the staff do in the customiser: send a proposal (or a revision of one) and save the layout as
// the machine's template. Each form is read by its schema (schema.ts) and answered as every staff form
// is (staffAnswer). A proposal and the email it causes are written in one transaction; the outbox is
// woken after the commit. The route module has already called requireAdmin.
import { randomBytes } from "node:crypto";
import type { Services } from "../../../server/context";
import type { Db } from "../../../server/db/client";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { listProductCardsWithPrice } from "~/features/catalogue/products.server";
import { chassisImage } from "~/features/customiser/queries.server";
import { contactRequestExists, moveContactRequestForward } from "~/features/contact-requests/store.server";
import { getMachine, machineExists, type MachineRow } from "~/features/machines/store.server";
import type { FieldErrors } from "~/lib/staff-action";
import { readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { publishedSite } from "../site-texts/store.server";
import { renderClientEmail } from "./emails.server";
import { drawProposalPdfAhead } from "./pdf-route.server";
import { PROPOSAL_MSG, type ProposalLayout } from "./rules";
import { customiserFormSchema, type CustomiserResult, type SendProposalInput, type SentProposal } from "./schema";
import { refusedToast, STAFF_MSG } from "./staff-messages";
import { getProposalVersion, insertProposalWithItems, saveLayoutTemplate } from "./store.server";

type Deps = Pick<Services, "db" | "config">;

/** A new client token: 128 random bits as 32 hex characters. */
const newProposalToken = () => randomBytes(16).toString("hex");

type Refused = { ok: false; fieldErrors: FieldErrors };
type Product = { id: string; nom: string; prix: number; image: string };

/** What the database says of a checked send form: the machine, each placed product and the version
 * this proposal will be; or, in the form's words, what no longer exists. */
async function sendingFacts(
  db: Db,
  machineId: string,
  input: SendProposalInput,
): Promise<{ ok: true; machine: MachineRow; byId: Map<string, Product>; version: number } | Refused> {
  const machine = await getMachine(db, machineId);
  if (!machine) return { ok: false, fieldErrors: { layout: PROPOSAL_MSG.badLayout } };
  const ids = [...new Set(input.layout.slots.map((s) => s.productId))];
  const found = await listProductCardsWithPrice(db, ids);
  if (found.length !== ids.length) return { ok: false, fieldErrors: { layout: PROPOSAL_MSG.unknownProduct } };
  if (input.contact_request_id) {
    if (!(await contactRequestExists(db, input.contact_request_id)))
      return { ok: false, fieldErrors: { contact_request_id: PROPOSAL_MSG.unknownRequest } };
  }
  let version = 1;
  if (input.previous_id) {
    const previous = await getProposalVersion(db, input.previous_id);
    if (previous !== null) version = previous + 1;
  }
  return { ok: true, machine, byId: new Map(found.map((p) => [p.id, p])), version };
}

/** 'Envoyer': stores the proposal with a snapshot of each placed product, queues the client's email
 * and moves the linked request to 'Proposition envoyée'. A product or request gone stores nothing.
 * `previous_id` makes it the next version of that proposal. */
async function sendProposal(
  { db, config }: Deps,
  machineId: string,
  input: SendProposalInput,
  account: string,
  now = new Date(),
): Promise<{ ok: true; sent: SentProposal } | Refused> {
  const facts = await sendingFacts(db, machineId, input);
  if (!facts.ok) return facts;
  const { machine, byId, version } = facts;
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
    const proposalId = await insertProposalWithItems(
      t,
      {
        token,
        version,
        previous_id: input.previous_id && version > 1 ? input.previous_id : null,
        machine_id: machine.id,
        machine_name: machine.nom,
        machine_image: chassisImage(machine),
        machine_specifications: machine.specifications,
        machine_advantages: machine.avantages,
        sections: input.layout.sections,
        contact_request_id: input.contact_request_id,
        client_name: input.client_name,
        client_email: input.client_email,
        message: input.message,
        account,
        created_at: now,
      },
      input.layout.slots.map((s) => {
        const product = byId.get(s.productId)!;
        return {
          section: s.section,
          slot: s.slot,
          product_id: product.id,
          product_name: product.nom,
          product_price: product.prix,
          product_image: product.image,
        };
      }),
    );
    if (input.contact_request_id)
      await moveContactRequestForward(t, input.contact_request_id, "proposition-envoyee", now, account);
    if (email)
      await enqueueEmail(
        t,
        config.mail,
        { purpose: "proposal", to: input.client_email, contactRequestId: input.contact_request_id, account, ...email },
        now,
      );
    return proposalId;
  });
  kickOutbox(db);
  const { client_name, client_email } = input;
  return { ok: true, sent: { id, token, client_name, client_email, emailed: Boolean(email) } };
}

/** 'Enregistrer comme modèle': the layout becomes the machine's starting point for its next proposal.
 * False when the machine is gone. */
async function saveTemplate(db: Db, machineId: string, layout: ProposalLayout, now = new Date()) {
  if (!(await machineExists(db, machineId))) return false;
  const chosen = Object.fromEntries(layout.slots.map((s) => [`${s.section}:${s.slot}`, s.productId]));
  const values = { machine_id: machineId, sections: layout.sections, products: chosen, updated_at: now };
  await saveLayoutTemplate(db, values);
  return true;
}

/** A layout the server cannot use for a template, said as the toast's title. */
const templateRefused = (message: string): CustomiserResult => ({
  ok: false,
  intent: "save-template",
  toasts: [{ type: "error", title: message }],
  fieldErrors: { layout: message },
});

/** /creer-machine/{machineId}'s two forms: 'Envoyer' and 'Enregistrer comme modèle'. A send refused
 * shows its reasons in the dialog's fields, with no toast over its buttons. */
export async function customiserProposalAction(
  services: Services,
  request: Request,
  machineId: string,
  account: string,
) {
  const answer = (result: CustomiserResult) => staffAnswer(request, services.secret, result);
  const read = await readStaffForm(request, customiserFormSchema);
  if (!read.ok) {
    const { intent, fieldErrors } = read;
    if (intent === "send-proposal") return answer({ ok: false, intent, toasts: [], fieldErrors });
    if (intent === "save-template") return answer(templateRefused(fieldErrors.layout ?? PROPOSAL_MSG.badLayout));
    return answer({ ok: false, intent: "invalid", toasts: [refusedToast(read)] });
  }
  const input = read.input;
  if (input.intent === "save-template") {
    if (!(await saveTemplate(services.db, machineId, input.layout)))
      return answer(templateRefused(PROPOSAL_MSG.badLayout));
    const toast = success(STAFF_MSG.templateSavedTitle, STAFF_MSG.templateSavedText);
    return answer({ ok: true, intent: "save-template", toasts: [toast] });
  }
  const result = await sendProposal(services, machineId, input, account);
  if (!result.ok) return answer({ ok: false, intent: "send-proposal", toasts: [], fieldErrors: result.fieldErrors });
  drawProposalPdfAhead(services, result.sent.token);
  const toast = success(STAFF_MSG.sentTitle, STAFF_MSG.sentText);
  return answer({ ok: true, intent: "send-proposal", toasts: [toast], id: result.sent.id, sent: result.sent });
}

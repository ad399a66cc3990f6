// What the staff change on installations: 'Planifier l'installation' (from an accepted proposal, its
// layout copied, or by hand) with the client's email and its calendar file queued in the same
// transaction; a change of status, kept in the history; and the swaps of a slot's product the staff plan
// for the next visit, then mark done (the layout updated) or cancel. Each form is read by its schema
// (staff-schema.ts) and answered as every staff form is (staffAnswer). The route modules have already
// called requireAdmin.
import type { Services } from "../../../server/context";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import { MSG } from "~/lib/messages";
import { instantAt } from "~/lib/dates";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import { chassisImage } from "~/features/customiser/queries.server";
import { getMachine } from "~/features/machines/store.server";
import { publishedSite } from "../site-texts/store.server";
import { renderPlannedEmail } from "./emails.server";
import { installationStatusLabel } from "./model";
import {
  fixFieldsToast,
  INSTALLATION_INTENTS,
  INSTALLATION_MESSAGES,
  installationSchema,
  installedAt,
  plannedLocal,
  type InstallationIntent,
  type InstallationResult,
} from "./staff-schema";
import {
  cancelSwap,
  replanInstallation,
  insertInstallation,
  insertInstallationFromProposal,
  markSwapDone,
  moveInstallation,
  planSwap,
  updateInstallationLayout,
} from "./store.server";
import { swapChange } from "./swaps";
import { visitWhen } from "./when";
import { listProductCardsWithPrice } from "~/features/catalogue/products.server";
import type { z } from "zod";

type PlanInput = Extract<z.output<typeof installationSchema>, { intent: "planifier" }>;

/** The path of an installation's page. */
const installationPath = (id: string) => `/edit-installations/${id}`;

type Planned =
  { ok: true; id: string; code: string; emailed: boolean } | { ok: false; field?: "machine_id"; message: string };

/** Stores the installation and, when asked and possible, queues the client's email, in one transaction. */
async function plan({ db, config }: Services, input: PlanInput, account: string, now = new Date()): Promise<Planned> {
  const local = plannedLocal(input);
  const plannedFor = local ? instantAt(local) : null;
  const fields = {
    client_name: input.client_name,
    address: input.address,
    contact_name: input.contact_name,
    contact_phone: input.contact_phone,
    contact_email: input.contact_email,
  };
  const machine = input.proposal_id ? null : await getMachine(db, input.machine_id!);
  if (!input.proposal_id && !machine)
    return { ok: false, field: "machine_id", message: INSTALLATION_MESSAGES.noMachine };
  const site = input.notify && config.mail && plannedFor ? await publishedSite(db, config.site) : null;
  const done = await db.transaction(async (t) => {
    let installation;
    let contactRequestId: string | null = null;
    if (input.proposal_id) {
      const made = await insertInstallationFromProposal(
        t,
        input.proposal_id,
        { ...fields, planned_for: plannedFor! },
        account,
        now,
      );
      if (!made) return null;
      ({ installation, contactRequestId } = made);
    } else {
      installation = await insertInstallation(
        t,
        {
          ...fields,
          machine_id: machine!.id,
          machine_name: machine!.nom,
          machine_image: chassisImage(machine!),
          sections: machine!.grid_sections,
          planned_for: plannedFor,
        },
        account,
        now,
      );
    }
    let emailed = false;
    if (site && plannedFor) {
      const email = await renderPlannedEmail({ ...installation, planned_for: plannedFor }, site, now);
      emailed = Boolean(
        await enqueueEmail(
          t,
          config.mail,
          { purpose: "installation-planned", to: input.contact_email, contactRequestId, ...email },
          now,
        ),
      );
    }
    return { id: installation.id, code: installation.code, emailed };
  });
  if (!done) return { ok: false, message: INSTALLATION_MESSAGES.proposalGone };
  if (done.emailed) kickOutbox(db);
  return { ok: true, ...done };
}

type LayoutInput = Extract<z.output<typeof installationSchema>, { intent: "changer-disposition" }>;

/** The customiser's layout for an installation: each placed product copied as it is now (name, price,
 * picture), the change kept in the history. */
async function saveLayout(
  { db }: Services,
  input: LayoutInput,
  account: string,
): Promise<{ ok: true; summary: string; named: string } | { ok: false; status: number; message: string }> {
  const ids = [...new Set(input.layout.slots.map((s) => s.productId))];
  const found = ids.length > 0 ? await listProductCardsWithPrice(db, ids) : [];
  if (found.length !== ids.length) return { ok: false, status: 409, message: INSTALLATION_MESSAGES.productGone };
  const byId = new Map(found.map((p) => [p.id, p]));
  const slots = input.layout.slots.map((s) => {
    const product = byId.get(s.productId)!;
    return {
      section: s.section,
      slot: s.slot,
      product_id: product.id,
      product_name: product.nom,
      product_price: product.prix,
      product_image: product.image,
    };
  });
  const n = slots.length;
  const summary = `Disposition modifiée : ${n} emplacement${n > 1 ? "s" : ""} rempli${n > 1 ? "s" : ""}`;
  const layout = { sections: input.layout.sections, slots };
  const updated = await updateInstallationLayout(db, input.id, layout, account, summary);
  if (!updated) return { ok: false, status: 404, message: INSTALLATION_MESSAGES.gone };
  return { ok: true, summary, named: `${updated.client_name} (${updated.code})` };
}

type SwapInput = Extract<
  z.output<typeof installationSchema>,
  { intent: "prevoir-echange" | "echange-fait" | "annuler-echange" }
>;
type SwapAnswer =
  | { ok: true; title: string; description?: string; note: string }
  | { ok: false; status: number; message: string; field?: "emplacement" | "product_id" };

const SWAP_REFUSALS = {
  missing: [404, INSTALLATION_MESSAGES.gone],
  retired: [409, INSTALLATION_MESSAGES.retired],
  "slot-planned": [409, INSTALLATION_MESSAGES.slotPlanned],
  "same-product": [409, INSTALLATION_MESSAGES.sameProduct],
  done: [409, INSTALLATION_MESSAGES.swapDone],
  gone: [409, INSTALLATION_MESSAGES.swapGone],
} as const;

/** A swap planned for the next visit, done (the layout updated, the history written) or cancelled. */
async function swapAction({ db }: Services, input: SwapInput, account: string): Promise<SwapAnswer> {
  if (input.intent === "prevoir-echange") {
    const { section, slot } = input.emplacement;
    const planned = await planSwap(db, input.id, { section, slot, productId: input.product_id }, account);
    if (planned.ok) {
      const change = swapChange(planned.swap);
      return {
        ok: true,
        title: "Échange prévu pour la prochaine visite",
        description: change,
        note: `${planned.client_name} (${planned.code}) : échange prévu, ${change}`,
      };
    }
    if (planned.reason === "bad-slot")
      return { ok: false, status: 409, message: INSTALLATION_MESSAGES.badSlot, field: "emplacement" };
    if (planned.reason === "product-gone")
      return { ok: false, status: 409, message: INSTALLATION_MESSAGES.swapProductGone, field: "product_id" };
    const [status, message] = SWAP_REFUSALS[planned.reason];
    return { ok: false, status, message, field: planned.reason === "slot-planned" ? "emplacement" : undefined };
  }
  if (input.intent === "echange-fait") {
    const done = await markSwapDone(db, input.id, input.swap_id, account);
    if (done.ok)
      return {
        ok: true,
        title: "Échange fait : la disposition est à jour",
        description: done.summary,
        note: `${done.client_name} (${done.code}) : ${done.summary.charAt(0).toLowerCase()}${done.summary.slice(1)}`,
      };
    if (done.reason === "bad-slot") return { ok: false, status: 409, message: INSTALLATION_MESSAGES.swapDoneBadSlot };
    if (done.reason === "product-gone")
      return { ok: false, status: 409, message: INSTALLATION_MESSAGES.swapDoneProductGone };
    const [status, message] = SWAP_REFUSALS[done.reason];
    return { ok: false, status, message };
  }
  const cancelled = await cancelSwap(db, input.id, input.swap_id);
  if (!cancelled.ok) {
    const [status, message] = SWAP_REFUSALS[cancelled.reason];
    return { ok: false, status, message };
  }
  return {
    ok: true,
    title: "Échange annulé",
    description: cancelled.change,
    note: `${cancelled.client_name} (${cancelled.code}) : échange annulé, ${cancelled.change}`,
  };
}

type ReplanInput = Extract<z.output<typeof installationSchema>, { intent: "changer-date" }>;

/** 'Changer la date': the visit moved, kept in the history, and when asked the client emailed the new
 * date with the calendar file updated (same event, a higher sequence), in one transaction. */
async function replan({ db, config }: Services, input: ReplanInput, account: string, now = new Date()) {
  const plannedFor = instantAt(plannedLocal(input)!);
  const summary = `Date de l'installation : ${visitWhen(plannedFor)}`;
  const site = input.notify && config.mail ? await publishedSite(db, config.site) : null;
  const done = await db.transaction(async (t) => {
    const moved = await replanInstallation(t, input.id, plannedFor, { account, summary, now });
    if (!moved) return null;
    const to = moved.row.contact_email;
    if (!site || !to) return { ...moved.row, emailedTo: null };
    const email = await renderPlannedEmail({ ...moved.row, planned_for: plannedFor }, site, now, moved.changes);
    await enqueueEmail(t, config.mail, { purpose: "installation-planned", to, ...email }, now);
    return { ...moved.row, emailedTo: to };
  });
  if (done?.emailedTo) kickOutbox(db);
  return done ? { ...done, summary } : null;
}

/** /edit-installations/nouvelle and an installation's page: plan one, move one to another status, change
 * its layout, or plan, do and cancel the swap of a slot's product. */
export async function installationsAction(
  services: Services,
  request: Request,
  account: string,
  note: (summary: string) => void,
) {
  const answer = (result: InstallationResult, options: { status?: number; doneUrl?: string } = {}) =>
    staffAnswer(request, services.secret, result, { ...options, pageGone: Boolean(options.doneUrl) });
  const read = await readStaffForm(request, installationSchema);
  if (!read.ok) {
    const known: readonly string[] = INSTALLATION_INTENTS;
    const intent = known.includes(read.intent ?? "") ? (read.intent as InstallationIntent) : "invalid";
    return answer({ ok: false, intent, toasts: [fixFieldsToast(read.fieldErrors)], fieldErrors: read.fieldErrors });
  }
  const input = read.input;
  if (input.intent === "changer-date") {
    const moved = await replan(services, input, account);
    if (!moved)
      return answer(
        { ok: false, intent: "changer-date", toasts: [failure(MSG.error, INSTALLATION_MESSAGES.notToInstall)] },
        { status: 409 },
      );
    note(`${moved.client_name} (${moved.code}) : ${moved.summary.toLowerCase()}`);
    const told = moved.emailedTo
      ? `La nouvelle date a été envoyée à ${moved.emailedTo}, avec le fichier de calendrier.`
      : input.notify
        ? "Aucun courriel n'est parti : l'envoi de courriels n'est pas configuré, ou le client n'a pas de courriel."
        : undefined;
    return answer({ ok: true, intent: "changer-date", toasts: [success("Date changée", told)] });
  }
  if (input.intent === "changer-statut") {
    const at = input.to === "installee" ? installedAt(input.le) : new Date();
    const moved = await moveInstallation(services.db, input.id, input.to, account, at);
    if (!moved.ok) {
      const message =
        moved.reason === "missing"
          ? INSTALLATION_MESSAGES.gone
          : moved.reason === "unchanged"
            ? INSTALLATION_MESSAGES.unchanged
            : INSTALLATION_MESSAGES.notAllowed;
      return answer(
        { ok: false, intent: "changer-statut", toasts: [failure(MSG.error, message)] },
        { status: moved.reason === "missing" ? 404 : 409 },
      );
    }
    note(`${moved.client_name} (${moved.code}) : ${installationStatusLabel(moved.to)}`);
    return answer({
      ok: true,
      intent: "changer-statut",
      toasts: [success(`Statut changé : ${installationStatusLabel(moved.to)}`)],
    });
  }
  if (input.intent === "prevoir-echange" || input.intent === "echange-fait" || input.intent === "annuler-echange") {
    const swapped = await swapAction(services, input, account);
    if (!swapped.ok)
      return answer(
        {
          ok: false,
          intent: input.intent,
          toasts: [failure(MSG.error, swapped.message)],
          fieldErrors: swapped.field ? { [swapped.field]: swapped.message } : undefined,
        },
        { status: swapped.status },
      );
    note(swapped.note);
    // The same page, not a redirect: the staff go on from where they are on it.
    return answer({ ok: true, intent: input.intent, toasts: [success(swapped.title, swapped.description)] });
  }
  if (input.intent === "changer-disposition") {
    const saved = await saveLayout(services, input, account);
    if (!saved.ok)
      return answer(
        { ok: false, intent: "changer-disposition", toasts: [failure(MSG.error, saved.message)] },
        { status: saved.status },
      );
    note(`${saved.named} : ${saved.summary.toLowerCase()}`);
    return answer(
      { ok: true, intent: "changer-disposition", toasts: [success("Disposition enregistrée", saved.summary)] },
      { doneUrl: installationPath(input.id) },
    );
  }
  const planned = await plan(services, input, account);
  if (!planned.ok) {
    const fieldErrors = planned.field ? { [planned.field]: planned.message } : undefined;
    return answer(
      { ok: false, intent: "planifier", toasts: [failure(MSG.error, planned.message)], fieldErrors },
      { status: 409 },
    );
  }
  note(`${input.client_name} (${planned.code})`);
  const told = planned.emailed
    ? `La date a été envoyée à ${input.contact_email}, avec le fichier de calendrier.`
    : input.notify
      ? "Aucun courriel n'est parti : l'envoi de courriels n'est pas configuré."
      : undefined;
  return answer(
    {
      ok: true,
      intent: "planifier",
      id: planned.id,
      toasts: [success(`Installation ${planned.code} planifiée`, told)],
    },
    { doneUrl: installationPath(planned.id) },
  );
}

// A machine's public page (/m/{code}): what its loader reads and what its three forms do. A ticket is
// checked, passed through the contact form's spam layers (honeypot, fill time, per-source limit, the
// hourly ceiling), stored with its promised response (`due_at`) and urgency, and the staff's email is
// queued in the same transaction; then the person is sent to the confirmation with its reference.
// A problem's photo is checked and encoded again before anything is stored, stored just before its
// ticket, and deleted when the ticket is refused or fails (a crash in between leaves it to the sweep).
import { data, redirect } from "react-router";
import { searchProductsByName, getProduct } from "~/features/catalogue/products.server";
import { contactRateLimit, hashIp } from "~/features/contact-requests/rate-limit.server";
import { FILL_TIME_FIELD, findSpam, readFillTime } from "~/features/contact-requests/spam";
import { HONEYPOT_FIELD } from "~/features/contact-requests/fields";
import {
  getInstalledMachine,
  installationStatusOfCode,
  listSwapsDoneSince,
} from "~/features/installations/store.server";
import { NEW_IN_MACHINE_DAYS } from "~/features/installations/swaps";
import { readMachineCode } from "~/features/installations/model";
import { isUrgent, responseDue, serviceSettingsOf } from "~/features/service/model";
import { getTicketReference, storeProductVote, storeTicket } from "~/features/service/store.server";
import { publishedSite, shownTexts } from "~/features/site-texts/store.server";
import { isoLocal } from "~/lib/dates";
import type { Services } from "../../../server/context";
import { deleteTicketPhotos, preparePhoto, storeTicketPhoto } from "../service/photo.server";
import { enqueueEmail } from "../../../server/outbox/messages";
import { kickOutbox } from "../../../server/outbox/wake";
import {
  checkProblem,
  checkRefund,
  checkSuggestion,
  FIELDS,
  INTENT_FIELD,
  INTENTS,
  PHOTO_FIELD,
  PHOTO_MESSAGES,
  readValues,
  type FormErrors,
  type FormValues,
  type Intent,
  type MachineMissing,
} from "./forms";
import { renderTicketEmail, type TicketForEmail } from "./staff-email.server";

const FORM_PARAM = "formulaire";
const THANKS_PARAM = "merci";
const SEARCH_PARAM = "recherche";

/** The answer to a form that was not stored: its messages and what was typed. */
type MachineActionData = { intent: Intent; errors: FormErrors; values: FormValues };

type Machine = NonNullable<Awaited<ReturnType<typeof getInstalledMachine>>>;

/** The machine's products as they are in it: one line per product (the same product in two slots
 * once), in the order of the slots, with the slot ('section:slot') a form sends. */
function machineProducts(machine: Machine) {
  const seen = new Set<string>();
  const list: { slot: string; name: string; price: number; image: string }[] = [];
  const slots = [...machine.slots].sort((a, b) => a.section - b.section || a.slot - b.slot);
  for (const s of slots) {
    const key = s.product_id ?? s.product_name;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ slot: `${s.section}:${s.slot}`, name: s.product_name, price: s.product_price, image: s.product_image });
  }
  return list;
}

/** The products swaps put in the machine in the last 30 days and still in their slot, each once, the
 * newest first: 'Nouveau dans cette machine'. */
async function newProducts(db: Services["db"], machine: Machine, now: Date): Promise<string[]> {
  const since = new Date(now.getTime() - NEW_IN_MACHINE_DAYS * 24 * 60 * 60 * 1000);
  const done = await listSwapsDoneSince(db, machine.id, since);
  const names = done
    .filter((swap) =>
      machine.slots.some(
        (s) =>
          s.section === swap.section &&
          s.slot === swap.slot &&
          (swap.product_id ? s.product_id === swap.product_id : s.product_name === swap.product_name),
      ),
    )
    .map((swap) => swap.product_name);
  return [...new Set(names)];
}

/** The installed machine of a typed code; a redirect to its canonical address when typed otherwise;
 * a 404 saying why when there is none. */
async function machineOf(services: Pick<Services, "db">, typed: string, request: Request): Promise<Machine> {
  const code = readMachineCode(typed);
  const missing = (state: MachineMissing["state"]) =>
    data<MachineMissing>({ code: code ?? typed.slice(0, 12).toUpperCase(), state }, { status: 404 });
  if (!code) throw missing("inconnu");
  if (code !== typed) {
    const url = new URL(request.url);
    throw redirect(`/m/${code}${url.search}`, 301);
  }
  const machine = await getInstalledMachine(services.db, code);
  if (machine) return machine;
  const status = await installationStatusOfCode(services.db, code);
  throw missing(status === "a-installer" || status === "retiree" ? status : "inconnu");
}

type Thanks =
  | { kind: "ticket"; code: string; ticket: "probleme" | "remboursement"; due: string; answerable: boolean }
  | { kind: "vote" | "already" | "received" };

/** The owner's promise and refund maximum, as published in the settings. */
async function serviceSettings({ db, config }: Pick<Services, "db" | "config">) {
  return serviceSettingsOf(await shownTexts(db, "settings", config.site));
}

export async function machinePageData(services: Pick<Services, "db" | "config">, typed: string, request: Request) {
  const machine = await machineOf(services, typed, request);
  const url = new URL(request.url);
  const form = INTENTS.find((i) => i === url.searchParams.get(FORM_PARAM)) ?? null;
  const thanksParam = url.searchParams.get(THANKS_PARAM);
  let thanks: Thanks | null = null;
  if (thanksParam && /^S-[0-9A-Z]{5}$/.test(thanksParam)) {
    const ticket = await getTicketReference(services.db, machine.id, thanksParam);
    if (ticket)
      thanks = {
        kind: "ticket",
        code: ticket.code,
        ticket: ticket.kind,
        due: ticket.due_at.toISOString(),
        answerable: ticket.answerable,
      };
  } else if (thanksParam === "vote" || thanksParam === "deja" || thanksParam === "recu") {
    thanks = { kind: thanksParam === "vote" ? "vote" : thanksParam === "deja" ? "already" : "received" };
  }
  const search = (url.searchParams.get(SEARCH_PARAM) ?? "").trim().slice(0, 80);
  // Each with its picture and price; one already in the machine is said so rather than voted for.
  const inMachine = new Set(machine.slots.flatMap((s) => s.product_id ?? []));
  const found =
    form === "suggestion" && search
      ? (await searchProductsByName(services.db, search, 8)).items.map((p) => ({
          id: p.id,
          nom: p.nom,
          prix: p.prix,
          image: p.image,
          inMachine: inMachine.has(p.id),
        }))
      : null;
  return {
    machine: { code: machine.code, name: machine.machine_name, client: machine.client_name },
    products: machineProducts(machine),
    newProducts: await newProducts(services.db, machine, new Date()),
    form,
    thanks,
    search,
    found,
    refundMax: (await serviceSettings(services)).refundMaxCents,
    now: new Date().toISOString(),
  };
}

/** French messages when a spam layer refuses a ticket (the values are kept: nothing is lost). */
const REFUSED = {
  limited: "Vous avez déjà envoyé plusieurs signalements. Réessayez dans quelques minutes, ou appelez-nous.",
  busy: "Nous recevons beaucoup de signalements en ce moment. Réessayez dans quelques minutes, ou appelez-nous.",
  fast: "Prenez un instant pour vérifier le formulaire, puis envoyez-le de nouveau.",
  text: "Votre message contient des liens ou des mots que nous ne pouvons pas accepter. Retirez-les, puis envoyez de nouveau.",
} as const;

function refuse(
  intent: Intent,
  values: FormValues,
  message: string,
  fields: Record<string, string> = {},
  status = 400,
) {
  return data<MachineActionData>({ intent, errors: { message, fields }, values }, { status });
}

export async function machinePageAction(
  services: Services,
  typed: string,
  request: Request,
  ip: string,
  now = new Date(),
) {
  const machine = await machineOf(services, typed, request);
  const form = await request.formData().catch(() => new FormData());
  const intent = INTENTS.find((i) => i === form.get(INTENT_FIELD));
  if (!intent) throw data(null, { status: 400 });
  const values = readValues(form, FIELDS[intent]);
  const base = `/m/${machine.code}`;

  // The honeypot: a robot is answered like anyone, and nothing is kept.
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    services.log.info({ machine: machine.code }, "Machine page form caught by the honeypot");
    return redirect(`${base}?${THANKS_PARAM}=recu`);
  }
  const fillMs = readFillTime(form.get(FILL_TIME_FIELD));
  const { secret, config, db } = services;

  if (intent === "suggestion") {
    // One vote per person: the people of one office share an address, not a phone.
    const voter = `${ip}|${request.headers.get("user-agent") ?? ""}`;
    return vote(services, machine, values, { voter, now, base, fillMs });
  }

  const slots = new Set(machine.slots.map((s) => `${s.section}:${s.slot}`));
  const { promise, refundMaxCents } = await serviceSettings(services);
  const checked =
    intent === "probleme"
      ? checkProblem(values, { slots, now })
      : checkRefund(values, {
          slots,
          now,
          maxCents: refundMaxCents,
          phone: (await publishedSite(db, config.site)).phone,
        });
  const photo = intent === "probleme" ? await readPhoto(form.get(PHOTO_FIELD)) : null;
  // A refused form is sent back without its file: the person is asked to choose it again.
  const refuseForm = (message: string, fields: Record<string, string> = {}, status = 400) =>
    refuse(intent, values, message, photo ? { [PHOTO_FIELD]: PHOTO_MESSAGES.again, ...fields } : fields, status);
  const photoError: Record<string, string> =
    photo && "problem" in photo ? { [PHOTO_FIELD]: PHOTO_MESSAGES[photo.problem] } : {};
  if (!checked.ok) return refuseForm(checked.errors.message, { ...checked.errors.fields, ...photoError });
  if (photo && "problem" in photo) return refuseForm(PHOTO_REFUSED, photoError, photo.problem === "busy" ? 429 : 400);
  const d = checked.data;
  const slot = d.slot ? machine.slots.find((s) => `${s.section}:${s.slot}` === d.slot)! : null;
  const kind =
    "problem" in d ? ({ type: "probleme", problem: d.problem } as const) : ({ type: "remboursement" } as const);
  const email = "problem" in d ? d.email : d.email;
  const ticket: Omit<TicketForEmail, "photo"> & { installation_id: string } = {
    installation_id: machine.id,
    code: "",
    kind: kind.type,
    problem: "problem" in d ? d.problem : null,
    urgent: isUrgent(kind),
    product_name: slot?.product_name ?? null,
    occurred_at: d.occurredAt,
    description: d.details,
    contact_email: email,
    contact_phone: "phone" in d ? d.phone : null,
    refund_cents: "cents" in d ? d.cents : null,
    payment_method: "payment" in d ? d.payment : null,
    refund_method: "method" in d ? d.method : null,
    received_at: now,
    due_at: responseDue(now, promise),
  };
  const site = config.mail ? await publishedSite(db, config.site) : null;
  const limit = contactRateLimit();
  const photoKey = photo ? await storeTicketPhoto(services, photo.jpeg) : null;
  const stored = await storeTicket(
    db,
    {
      ...withoutCode(ticket),
      photo_key: photoKey,
      product_id: slot?.product_id ?? null,
      slot: d.slot,
      // Per machine: the people of one building share an address, and each machine's problems count apart.
      source_hash: hashIp(`${ip} ${machine.code}`, secret),
    },
    {
      limit,
      judge: (lastHour) => {
        const finding = findSpam({
          request: { nom_complet: "", courriel: email ?? "", description_demande: d.details },
          honeypot: "",
          fillMs,
          lastHourCount: lastHour.site,
          sourceLastHour: lastHour.source,
          maxPerHour: config.contactMaxPerHour,
        });
        return finding?.check ?? null;
      },
      onStored: async (tx, row) => {
        if (!config.mail || !site) return;
        const rendered = await renderTicketEmail(
          { ...ticket, code: row.code, photo: row.photo_key !== null },
          machine,
          site,
          row.id,
        );
        await enqueueEmail(
          tx,
          config.mail,
          {
            purpose: "service-ticket",
            to: config.mail.service ?? config.mail.leads,
            // Answering the alert writes to the person, when they left an email.
            ...(email ? { replyTo: email } : {}),
            ...rendered,
          },
          now,
        );
      },
    },
  ).catch(async (error: unknown) => {
    await deleteTicketPhotos(services, [photoKey]);
    throw error;
  });
  if ("refused" in stored) {
    await deleteTicketPhotos(services, [photoKey]);
    const check = stored.refused === "spam" ? stored.reason : "limited";
    services.log.warn({ machine: machine.code, check }, "Machine page ticket refused");
    const message =
      check === "limited" || check === "source-share"
        ? REFUSED.limited
        : check === "hourly-ceiling"
          ? REFUSED.busy
          : check === "too-fast"
            ? REFUSED.fast
            : REFUSED.text;
    return refuseForm(message, {}, check === "too-fast" || check === "links" || check === "text" ? 400 : 429);
  }
  services.log.info({ machine: machine.code, ticket: stored.code }, "Service ticket stored");
  kickOutbox(db);
  return redirect(`${base}?${THANKS_PARAM}=${stored.code}`);
}

async function vote(
  services: Services,
  machine: Machine,
  values: FormValues,
  { voter, now, base, fillMs }: { voter: string; now: Date; base: string; fillMs: number | null },
) {
  const checked = checkSuggestion(values);
  if (!checked.ok) return refuse("suggestion", values, checked.errors.message, checked.errors.fields);
  if (fillMs !== null && fillMs < 1_000) return refuse("suggestion", values, REFUSED.fast);
  let { productId, name } = checked.data;
  if (productId) {
    const product = await getProduct(services.db, productId);
    if (!product)
      return refuse("suggestion", values, "Ce produit n'est plus au catalogue.", {
        nom: "Ce produit n'est plus au catalogue.",
      });
    name = product.nom;
  } else {
    // A typed name that is a catalogue product's counts for that product.
    const match = (await searchProductsByName(services.db, name, 5)).items.find(
      (p) => p.nom.trim().toLocaleLowerCase("fr-CA") === name.toLocaleLowerCase("fr-CA"),
    );
    if (match) ({ id: productId, nom: name } = match);
  }
  const day = isoLocal(now).day;
  const productKey = productId ?? name.toLocaleLowerCase("fr-CA");
  const voterHash = hashIp(`vote|${day}|${machine.id}|${productKey}|${voter}`, services.secret);
  const ceiling = services.config.contactMaxPerHour;
  const result = await storeProductVote(
    services.db,
    { installation_id: machine.id, product_id: productId, product_name: name, day, voter_hash: voterHash },
    { now, maxPerHour: ceiling === null ? null : ceiling * 4 },
  );
  if (result === "ceiling") return refuse("suggestion", values, REFUSED.busy, {}, 429);
  return redirect(`${base}?${THANKS_PARAM}=${result === "counted" ? "vote" : "deja"}`);
}

const PHOTO_REFUSED = "Vérifiez la photo, puis envoyez de nouveau.";

/** The photo field of a form: null when none was chosen (a browser sends an empty file then). */
async function readPhoto(value: FormDataEntryValue | null) {
  if (!value || typeof value === "string" || value.size === 0) return null;
  return preparePhoto(Buffer.from(await value.arrayBuffer()));
}

function withoutCode<T extends { code: string }>({ code: _code, ...rest }: T): Omit<T, "code"> {
  return rest;
}

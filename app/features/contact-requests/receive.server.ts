// Receiving a contact request: read the form (bounded), validate with the shared schema, apply the
// per-address limit, judge it by the spam checks, store it, and in the same transaction queue its two
// emails; then wake the webhook delivery and the outbox. A request caught by a spam check is stored in
// 'Indésirables' (neither forwarded nor emailed) and the visitor gets the same answer as anyone. The
// answer is given only once the request is safely stored; it never waits for SMTP or the webhook.
// A request that is not spam also counts as the statistics' 'Demande envoyée' goal, in the same
// transaction (without the visitor's daily hash when the browser asks not to be measured).
import { publishedSite } from "../site-texts/store.server";
import { randomUUID } from "node:crypto";
import {
  HONEYPOT_FIELD,
  readContactValues,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from "./form-schema";
import type { Services } from "../../../server/context";
import { storeContactRequest, type RateLimit } from "./store.server";
import { kickContactDelivery } from "./delivery.server";
import { contactRateLimit, hashIp } from "./rate-limit.server";
import { kickOutbox } from "../../../server/outbox/wake";
import { declinesStatistics, recordGoal } from "../statistics/store.server";
import { renderNewRequestEmails, queueRenderedRequestEmails } from "./emails/queue.server";
import { FILL_TIME_FIELD, findSpam, readFillTime } from "./spam";
import { getMachine } from "~/features/machines/store.server";
import type { Db } from "../../../server/db/client";
import {
  CONTACT_MACHINE_FIELD,
  CONTACT_MACHINE_MAX,
  readMachineId,
  UNKNOWN_MACHINE_MESSAGE,
} from "~/rules/contact-machine";

export type ReceiveResult =
  | { kind: "stored"; id: string; spam: string | null }
  | { kind: "invalid"; errors: ContactErrors; values: ContactValues }
  | { kind: "limited"; values: ContactValues };

type FormLike = { get(name: string): unknown };

/** The body as form fields. Its size was bounded before the route ran (server/pages/handler.ts). */
async function readFormBody(request: Request): Promise<FormLike> {
  const type = request.headers.get("content-type") ?? "";
  const body = Buffer.from(await request.arrayBuffer());
  if (type.startsWith("multipart/form-data")) {
    try {
      return await new Response(body, { headers: { "content-type": type } }).formData();
    } catch {
      return new URLSearchParams();
    }
  }
  // application/x-www-form-urlencoded, or anything else read the same way (then found invalid).
  return new URLSearchParams(body.toString("utf8"));
}

export async function receiveContactRequest(
  request: Request,
  services: Pick<Services, "db" | "secret" | "log" | "config">,
  ip: string,
  { limit = contactRateLimit(), now = new Date() }: { limit?: RateLimit | null; now?: Date } = {},
): Promise<ReceiveResult> {
  const { db, secret, log, config } = services;
  const form = await readFormBody(request);
  const values = readContactValues(form);
  const checked = validateContact(values);
  if (!checked.ok) return { kind: "invalid", errors: checked.errors, values };
  const machine = await requestedMachine(db, form.get(CONTACT_MACHINE_FIELD));
  if (machine === false) return { kind: "invalid", errors: { message: UNKNOWN_MACHINE_MESSAGE, fields: {} }, values };

  const trap = form.get(HONEYPOT_FIELD);
  const honeypot = typeof trap === "string" ? trap : "";
  const fillMs = readFillTime(form.get(FILL_TIME_FIELD));
  const input = { ...checked.data, machine, timestamp: now.toISOString(), ip_hash: hashIp(ip, secret) };
  const id = randomUUID();
  const visit = declinesStatistics(request.headers)
    ? null
    : { ip, userAgent: request.headers.get("user-agent") ?? "", site: new URL(config.site.publicUrl).host };
  // Rendered before the transaction (which may hold the site-wide lock); unused if it is spam.
  const emails = config.mail
    ? await renderNewRequestEmails(await publishedSite(db, config.site), { ...input, id })
    : null;

  const stored = await storeContactRequest(db, input, {
    id,
    now,
    limit,
    countLastHour: config.contactMaxPerHour !== null,
    judge: (lastHour) =>
      findSpam({
        request: input,
        honeypot,
        fillMs,
        lastHourCount: lastHour.site,
        sourceLastHour: lastHour.source,
        recipientLastHour: lastHour.recipient,
        maxPerHour: config.contactMaxPerHour,
      }),
    onStored: async (tx, row) => {
      if (emails) await queueRenderedRequestEmails(tx, config.mail, row, emails, { secret, now });
      await recordGoal(tx, "demande_envoyee", { visit, path: "/contact", now });
    },
  });
  if (stored === "limited") {
    log.warn("Contact request refused: rate limit");
    return { kind: "limited", values };
  }
  if (stored.spam_check) {
    log.info({ id: stored.id, check: stored.spam_check }, "Contact request held as spam");
    return { kind: "stored", id: stored.id, spam: stored.spam_check };
  }
  log.info({ id: stored.id }, "Contact request stored");
  kickContactDelivery(db);
  kickOutbox(db);
  return { kind: "stored", id: stored.id, spam: null };
}

/** The machine a form asks about (/contact?machine=<id>), as the form names it; null when there is
 * no such machine. */
export async function findRequestMachine(db: Db, value: unknown): Promise<{ id: string; nom: string } | null> {
  const id = readMachineId(value);
  const row = id ? await getMachine(db, id) : null;
  return row && { id: row.id, nom: row.nom.trim().slice(0, CONTACT_MACHINE_MAX) };
}

/** The machine a request is about, by its name (null: none named); false when the form names
 * something that is not one of the site's machines. */
async function requestedMachine(db: Db, value: unknown): Promise<string | null | false> {
  if (value === null || value === "") return null;
  return (await findRequestMachine(db, value))?.nom ?? false;
}

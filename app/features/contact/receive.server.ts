// Receiving a contact request: read the form (bounded), drop robots, validate with the shared
// schema, apply the per-IP limit, store, then wake the delivery worker. The answer is given only
// once the request is safely stored.
import { HONEYPOT_FIELD, readContactValues, validateContact, type ContactErrors, type ContactValues } from "./schema";
import type { Services } from "../../../server/context";
import { insertContactRequestWithinLimit, type RateLimit } from "../../../server/data/contact-requests";
import { kickContactDelivery } from "../../../server/contact/delivery";
import { contactRateLimit, hashIp } from "../../../server/contact/rate-limit";

export type ReceiveResult =
  | { kind: "stored"; id: string }
  | { kind: "spam" }
  | { kind: "invalid"; errors: ContactErrors; values: ContactValues }
  | { kind: "limited"; values: ContactValues };

type FormLike = { get(name: string): unknown };

/** The body as form fields. Its size was bounded before the route ran (server/pages/handler.ts). */
export async function readFormBody(request: Request): Promise<FormLike> {
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
  services: Pick<Services, "db" | "secret" | "log">,
  ip: string,
  { limit = contactRateLimit(), now = new Date() }: { limit?: RateLimit | null; now?: Date } = {},
): Promise<ReceiveResult> {
  const { db, secret, log } = services;
  const form = await readFormBody(request);

  // People never see this field; robots fill it. They get the same answer as people, and nothing
  // is stored or forwarded.
  const trap = form.get(HONEYPOT_FIELD);
  if (typeof trap === "string" && trap.trim() !== "") {
    log.info("Contact request dropped: honeypot filled");
    return { kind: "spam" };
  }

  const values = readContactValues(form);
  const checked = validateContact(values);
  if (!checked.ok) return { kind: "invalid", errors: checked.errors, values };

  const stored = await insertContactRequestWithinLimit(
    db,
    { ...checked.data, timestamp: now.toISOString(), ip_hash: hashIp(ip, secret) },
    limit,
    now,
  );
  if (stored === "limited") {
    log.warn("Contact request refused: rate limit");
    return { kind: "limited", values };
  }
  log.info({ id: stored.id }, "Contact request stored");
  kickContactDelivery(db);
  return { kind: "stored", id: stored.id };
}

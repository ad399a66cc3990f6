// Receiving a contact request: read the form (bounded), drop robots, validate with the shared
// schema, apply the per-IP limit, store, then wake the delivery worker. The answer is given only
// once the request is safely stored.
import {
  HONEYPOT_FIELD,
  readContactValues,
  validateContact,
  type ContactErrors,
  type ContactValues,
} from "../../app/features/contact/schema";
import type { Services } from "../context";
import { insertContactRequestWithinLimit, type RateLimit } from "../data/contact-requests";
import { kickContactDelivery } from "./delivery";
import { contactRateLimit, hashIp } from "./rate-limit";

/** Far above the longest valid form (5,000 characters of description, percent-encoded). */
export const MAX_CONTACT_BODY_BYTES = 100_000;

export type ReceiveResult =
  | { kind: "stored"; id: string }
  | { kind: "spam" }
  | { kind: "invalid"; errors: ContactErrors; values: ContactValues }
  | { kind: "limited"; values: ContactValues }
  | { kind: "too-large" };

type FormLike = { get(name: string): unknown };

/** Past this, an oversized body is cut off instead of being read to the end. */
const MAX_DRAIN_BYTES = 4 * 1024 * 1024;

/** The body as form fields, or null when it is larger than `maxBytes`. An oversized body is still
 * read (and dropped) up to a few megabytes, so the connection stays usable for the next request. */
export async function readFormBody(request: Request, maxBytes = MAX_CONTACT_BODY_BYTES): Promise<FormLike | null> {
  const declared = Number(request.headers.get("content-length") ?? 0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_DRAIN_BYTES || declared > MAX_DRAIN_BYTES) {
        await reader.cancel().catch(() => {});
        return null;
      }
      if (size <= maxBytes) chunks.push(value);
    }
  }
  if (size > maxBytes || declared > maxBytes) return null;
  const type = request.headers.get("content-type") ?? "";
  const body = Buffer.concat(chunks);
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
  if (!form) return { kind: "too-large" };

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

// The opt-out link's token: the installation's id and an HMAC of it with the site's secret, so that the
// link works for years without a table of tokens, and no other installation's link can be made from it.
import { createHmac, timingSafeEqual } from "node:crypto";

const PURPOSE = "monthly-report-opt-out:";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const mac = (secret: string, installationId: string) =>
  createHmac("sha256", secret)
    .update(PURPOSE + installationId)
    .digest()
    .subarray(0, 16);

/** 43 URL-safe characters: the id's 16 bytes, then 16 of the HMAC. */
export function optOutToken(secret: string, installationId: string): string {
  if (!UUID.test(installationId)) throw new Error("An installation id is a UUID.");
  const id = Buffer.from(installationId.replace(/-/g, ""), "hex");
  return Buffer.concat([id, mac(secret, installationId)]).toString("base64url");
}

/** The installation a token names, or null when it is not one this site made. */
export function readOptOutToken(secret: string, token: string | undefined): string | null {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const bytes = Buffer.from(token, "base64url");
  if (bytes.length !== 32) return null;
  const hex = bytes.subarray(0, 16).toString("hex");
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return timingSafeEqual(bytes.subarray(16), mac(secret, id)) ? id : null;
}

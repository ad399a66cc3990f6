// The contact form must not be a way to email strangers (docs/decisions/2026-12-02-no-relay.md).
// Pure rules: which mailbox an address reaches, how often it may get a confirmation, and the share of
// the site-wide hourly ceiling that one source, or one recipient, may use.

/** One confirmation per mailbox in this period. */
export const CONFIRMATION_INTERVAL_MS = 24 * 60 * 60 * 1000;

// Providers known to ignore dots in the local part.
const DOTLESS_DOMAINS = new Set(["gmail.com", "googlemail.com"]);

/** The mailbox an address reaches, as one key: lower case, without a '+tag' (most providers deliver
 * 'marie+1@…' to 'marie@…'), without dots at the providers that ignore them. Two addresses with the
 * same key count as one recipient. */
export function mailboxKey(address: string): string {
  const value = address.trim().toLowerCase();
  const at = value.lastIndexOf("@");
  if (at < 1) return value;
  let local = value.slice(0, at);
  let domain = value.slice(at + 1).replace(/\.$/, "");
  if (domain === "googlemail.com") domain = "gmail.com";
  local = local.split("+")[0] || local;
  if (DOTLESS_DOMAINS.has(domain)) local = local.replace(/\./g, "");
  return `${local}@${domain}`;
}

/** How many requests of the hourly ceiling one source (an IPv4 address or an IPv6 /64) may use, and
 * one recipient mailbox too: a tenth of it, at least 1 (3 of 30). Beyond its share, a request is held
 * in 'Indésirables' and does not count, so no single source or target can use up what genuine
 * prospects share. */
export function hourlyShare(maxPerHour: number): number {
  return Math.max(1, Math.ceil(maxPerHour / 10));
}

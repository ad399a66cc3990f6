// At most one confirmation a day per mailbox, whatever the source and across instances and restarts:
// the claim is a row in the database, taken in the transaction that queues the email. The address is
// not kept, only an HMAC of its mailbox key with the site's secret; a row is deleted once its 24 hours
// have passed (by the next claim, or by the daily retention job).
import { createHmac } from "node:crypto";
import { lte } from "drizzle-orm";
import { CONFIRMATION_INTERVAL_MS, mailboxKey } from "./no-relay";
import type { Db } from "../../../server/db/client";
import { contactConfirmations } from "../../../server/db/schema";

function recipientHash(address: string, secret: string): string {
  return createHmac("sha256", secret)
    .update(`confirmation:${mailboxKey(address)}`)
    .digest("hex");
}

/** Deletes the claims older than the interval: they no longer hold anything back. */
export async function forgetPastConfirmations(db: Db, now = new Date()): Promise<number> {
  const rows = await db
    .delete(contactConfirmations)
    .where(lte(contactConfirmations.sent_at, new Date(now.getTime() - CONFIRMATION_INTERVAL_MS)))
    .returning({ hash: contactConfirmations.recipient_hash });
  return rows.length;
}

/** True when `address` may get a confirmation now (and records it), false when its mailbox already got
 * one in the past 24 hours. Two transactions claiming the same mailbox at once: the unique key makes
 * the second wait for the first and then find the row. */
export async function claimConfirmation(tx: Db, secret: string, address: string, now = new Date()): Promise<boolean> {
  await forgetPastConfirmations(tx, now);
  const claimed = await tx
    .insert(contactConfirmations)
    .values({ recipient_hash: recipientHash(address, secret), sent_at: now })
    .onConflictDoNothing()
    .returning({ hash: contactConfirmations.recipient_hash });
  return claimed.length > 0;
}

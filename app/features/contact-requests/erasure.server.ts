// Erasing a person (Law 25) and what the retention periods delete: every row that names them goes or
// is made anonymous, in one transaction (docs/decisions/2026-12-02-erasure-and-retention.md).
// - their contact requests, with the notes and stage changes (the database cascades);
// - their proposals, every version, with the items; the link's token is kept as a hash only, so the
//   link answers 410 (erasedProposalLinks);
// - the outbox's emails to or about them: linked to a request, holding a proposal's link, or (erasing
//   by address) naming their address or name anywhere in the message;
// - the activity log's lines that name them are kept, the name and address replaced.
import { createHash } from "node:crypto";
import { and, eq, inArray, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import { anonymised, jsonEscaped, personNeedles } from "./erasure";
import type { Db } from "../../../server/db/client";
import {
  activityLog,
  contactRequests,
  erasedProposalLinks,
  outboxMessages,
  proposals,
} from "../../../server/db/schema";

/** What an erasure removed, and the ids of the proposals that went (their stored PDFs go too). */
export type ErasureCounts = {
  requests: number;
  proposals: number;
  messages: number;
  journal: number;
  proposalIds: string[];
};

/** A request deleted by the staff (and what it led to), or everyone's data under one address. */
export type ErasureTarget = { requestId: string } | { email: string };

/** How a proposal's token is kept once the proposal is erased. */
export const proposalTokenHash = (token: string) => createHash("sha256").update(token).digest("hex");

/** Whether this token was a proposal's that has been erased (its link then answers 410). */
export async function isErasedProposalLink(db: Db, token: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: erasedProposalLinks.token_hash })
    .from(erasedProposalLinks)
    .where(eq(erasedProposalLinks.token_hash, proposalTokenHash(token)));
  return Boolean(row);
}

type ProposalPerson = { id: string; token: string; client_name: string; client_email: string };

/** The proposals given with every version before and after them (a revision points to the one it
 * replaces). */
async function withEveryVersion(t: Db, seed: ProposalPerson[]): Promise<ProposalPerson[]> {
  const found = new Map(seed.map((p) => [p.id, p]));
  let frontier = [...found.keys()];
  while (frontier.length > 0) {
    const rows = await t
      .select({
        id: proposals.id,
        token: proposals.token,
        client_name: proposals.client_name,
        client_email: proposals.client_email,
        previous_id: proposals.previous_id,
      })
      .from(proposals)
      .where(
        or(
          inArray(proposals.id, frontier),
          inArray(proposals.previous_id, frontier),
          inArray(
            proposals.id,
            t.select({ id: proposals.previous_id }).from(proposals).where(inArray(proposals.id, frontier)),
          ),
        ),
      );
    frontier = rows.filter((row) => !found.has(row.id)).map((row) => row.id);
    for (const { previous_id: _previous, ...row } of rows) found.set(row.id, row);
  }
  return [...found.values()];
}

/** Deletes proposals (their items cascade) and keeps their tokens' hashes; returns how many went. */
async function deleteProposals(t: Db, rows: readonly { id: string; token: string }[], now: Date) {
  if (rows.length === 0) return 0;
  await t
    .insert(erasedProposalLinks)
    .values(rows.map((row) => ({ token_hash: proposalTokenHash(row.token), erased_at: now })))
    .onConflictDoNothing();
  const deleted = await t
    .delete(proposals)
    .where(
      inArray(
        proposals.id,
        rows.map((row) => row.id),
      ),
    )
    .returning({ id: proposals.id });
  return deleted.length;
}

/** Whether a text column (or a JSON document printed as text) holds one of the needles, case ignored. */
function holdsAny(column: SQL, needles: readonly string[]): SQL {
  return or(...needles.map((needle) => sql`position(lower(${needle}) in lower(${column})) > 0`))!;
}

/** Erases a person (see the top of this file). Null when the request to delete no longer exists;
 * counts of zero when nothing holds the address. */
export async function erasePerson(db: Db, target: ErasureTarget, now = new Date()): Promise<ErasureCounts | null> {
  return db.transaction(async (t) => {
    const byEmail = "email" in target;
    const requests = await t
      .select({ id: contactRequests.id, name: contactRequests.nom_complet, email: contactRequests.courriel })
      .from(contactRequests)
      .where(
        byEmail
          ? sql`lower(${contactRequests.courriel}) = lower(${target.email.trim()})`
          : eq(contactRequests.id, target.requestId),
      )
      .for("update");
    if (!byEmail && requests.length === 0) return null;
    const requestIds = requests.map((r) => r.id);

    const linked = or(
      requestIds.length > 0 ? inArray(proposals.contact_request_id, requestIds) : sql`false`,
      byEmail ? sql`lower(${proposals.client_email}) = lower(${target.email.trim()})` : sql`false`,
    );
    const seed = await t
      .select({
        id: proposals.id,
        token: proposals.token,
        client_name: proposals.client_name,
        client_email: proposals.client_email,
      })
      .from(proposals)
      .where(linked);
    const theirProposals = await withEveryVersion(t, seed);

    const needles = personNeedles([
      byEmail ? target.email : null,
      ...requests.flatMap((r) => [r.name, r.email]),
      ...theirProposals.flatMap((p) => [p.client_name, p.client_email]),
    ]);

    // Emails: linked to their requests, or holding a proposal's link; by address, also any email that
    // names them. Deleting one request leaves the person's other emails to their other requests.
    const tokens = theirProposals.map((p) => p.token);
    const inMessage = (byEmail ? [...needles, ...tokens] : tokens).map(jsonEscaped);
    const namesThem = inMessage.length > 0 ? holdsAny(sql`${outboxMessages.payload}::text`, inMessage) : sql`false`;
    const messages = await t
      .delete(outboxMessages)
      .where(
        or(
          requestIds.length > 0 ? inArray(outboxMessages.contact_request_id, requestIds) : sql`false`,
          byEmail ? namesThem : and(isNull(outboxMessages.contact_request_id), namesThem),
        ),
      )
      .returning({ id: outboxMessages.id });

    // The activity log keeps what was done, without whom.
    let journal = 0;
    if (needles.length > 0) {
      const lines = await t
        .select({ id: activityLog.id, summary: activityLog.summary })
        .from(activityLog)
        .where(holdsAny(sql`${activityLog.summary}`, needles));
      for (const line of lines) {
        const summary = anonymised(line.summary, needles);
        if (summary === line.summary) continue;
        await t.update(activityLog).set({ summary }).where(eq(activityLog.id, line.id));
        journal++;
      }
    }

    const proposalCount = await deleteProposals(t, theirProposals, now);
    if (requestIds.length > 0) await t.delete(contactRequests).where(inArray(contactRequests.id, requestIds));
    return {
      requests: requestIds.length,
      proposals: proposalCount,
      messages: messages.length,
      journal,
      proposalIds: theirProposals.map((p) => p.id),
    };
  });
}

// ---- Retention ----

/** A proposal's last change: sent, viewed, accepted or changes asked for. NULLs are ignored. */
const proposalLastChange = sql<Date>`greatest(${proposals.created_at}, ${proposals.viewed_at}, ${proposals.accepted_at}, ${proposals.change_requested_at})`;

/** Deletes the proposals (each version on its own) whose last change is before `cutoff`, keeping their
 * tokens' hashes; returns how many went. */
export async function deleteProposalsUnchangedSince(t: Db, cutoff: Date, now = new Date()): Promise<number> {
  const due = await t
    .select({ id: proposals.id, token: proposals.token })
    .from(proposals)
    .where(and(lt(proposals.created_at, cutoff), sql`${proposalLastChange} < ${cutoff.toISOString()}::timestamptz`));
  return deleteProposals(t, due, now);
}

/** Deletes the emails sent before `cutoff`, and the failed ones whose last attempt was before it;
 * those still to be sent stay. Returns how many went. */
export async function deleteEmailsDoneBefore(t: Db, cutoff: Date): Promise<number> {
  const at = cutoff.toISOString();
  const rows = await t
    .delete(outboxMessages)
    .where(
      or(
        and(
          eq(outboxMessages.status, "sent"),
          sql`coalesce(${outboxMessages.sent_at}, ${outboxMessages.created_at}) < ${at}::timestamptz`,
        ),
        and(
          eq(outboxMessages.status, "failed"),
          sql`greatest(${outboxMessages.created_at}, ${outboxMessages.next_attempt_at}, ${outboxMessages.claimed_until}) < ${at}::timestamptz`,
        ),
      ),
    )
    .returning({ id: outboxMessages.id });
  return rows.length;
}

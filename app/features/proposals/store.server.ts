// A proposal's end: erased with the person it names, or at the end of its retention period. Every
// version goes with its items; the link's token is kept as a hash only, so the link answers 410.
import { createHash } from "node:crypto";
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../../server/db/client";
import { erasedProposalLinks, proposals } from "../../../server/db/schema";

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

/** A person's proposals, every version: those answering one of their requests, or (by address) sent
 * to that address. */
export async function proposalsOfPerson(
  t: Db,
  { requestIds, email }: { requestIds: readonly string[]; email: string | null },
): Promise<ProposalPerson[]> {
  const linked = or(
    requestIds.length > 0 ? inArray(proposals.contact_request_id, [...requestIds]) : sql`false`,
    email ? sql`lower(${proposals.client_email}) = lower(${email.trim()})` : sql`false`,
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
  return withEveryVersion(t, seed);
}

/** Deletes proposals (their items cascade) and keeps their tokens' hashes; returns how many went. */
export async function deleteProposals(t: Db, rows: readonly { id: string; token: string }[], now: Date) {
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

// Invitations to the team: this module alone reads and writes staff_invitations. The link's token is
// random and kept only as its SHA-256; it opens the choice of a password for 48 hours, once.
import { randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { staffInvitations, type StaffRole } from "../db/schema";
import { hashToken } from "./sessions";
import { accountExists, createAccount } from "./users";

const INVITATION_HOURS = 48;

export type PendingInvitation = {
  id: string;
  email: string;
  name: string;
  roles: StaffRole[];
  invitedBy: string;
  expiresAt: Date;
};

const pending = (row: typeof staffInvitations.$inferSelect): PendingInvitation => ({
  id: row.id,
  email: row.email,
  name: row.display_name,
  roles: row.roles as StaffRole[],
  invitedBy: row.invited_by,
  expiresAt: row.expires_at,
});

/** Still usable: not used and not expired. */
const usable = (now: Date) => and(isNull(staffInvitations.used_at), gt(staffInvitations.expires_at, now));

/** A new invitation and its token (for the link), in the caller's transaction: 'account' when an
 * account already has that address, 'pending' when an invitation still waits for it (unless `replace`:
 * sending it again, whose earlier link then stops working). */
export async function createInvitation(
  tx: Db,
  invitation: { email: string; name: string; roles: readonly StaffRole[]; invitedBy: string },
  now = new Date(),
  { replace = false } = {},
): Promise<{ token: string; invitation: PendingInvitation } | "account" | "pending"> {
  if (await accountExists(tx, invitation.email)) return "account";
  const sameAddress = and(
    sql`lower(${staffInvitations.email}) = ${invitation.email.toLowerCase()}`,
    isNull(staffInvitations.used_at),
  );
  if (!replace) {
    const [waiting] = await tx
      .select({ id: staffInvitations.id })
      .from(staffInvitations)
      .where(and(sameAddress, usable(now)));
    if (waiting) return "pending";
  }
  await tx.delete(staffInvitations).where(sameAddress);
  const token = randomBytes(32).toString("base64url");
  const [row] = await tx
    .insert(staffInvitations)
    .values({
      email: invitation.email,
      display_name: invitation.name,
      roles: [...invitation.roles],
      token_hash: hashToken(token),
      invited_by: invitation.invitedBy,
      created_at: now,
      expires_at: new Date(now.getTime() + INVITATION_HOURS * 60 * 60 * 1000),
    })
    .returning();
  return { token, invitation: pending(row!) };
}

/** A pending invitation, for sending it again. */
export async function findPendingInvitation(db: Db, id: string, now = new Date()): Promise<PendingInvitation | null> {
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, id), usable(now)));
  return row ? pending(row) : null;
}

export async function listPendingInvitations(db: Db, now = new Date()): Promise<PendingInvitation[]> {
  const rows = await db.select().from(staffInvitations).where(usable(now)).orderBy(asc(staffInvitations.created_at));
  return rows.map(pending);
}

/** The invitation a link opens, while it is usable. */
export async function findInvitation(db: Db, token: string, now = new Date()): Promise<PendingInvitation | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select()
    .from(staffInvitations)
    .where(and(eq(staffInvitations.token_hash, hashToken(token)), usable(now)))
    .limit(1);
  return row ? pending(row) : null;
}

export async function cancelInvitation(db: Db, id: string, now = new Date()): Promise<PendingInvitation | null> {
  const [row] = await db
    .delete(staffInvitations)
    .where(and(eq(staffInvitations.id, id), usable(now)))
    .returning();
  return row ? pending(row) : null;
}

export type Acceptance =
  { ok: true; accountId: string; username: string; name: string } | { ok: false; reason: "invalid" | "taken" };

/** Uses the invitation once: the account is made with the password's hash (computed before, outside
 * the transaction), or nothing changes. `withAccount` runs in the same transaction once the account
 * exists (its first passkey is stored there): if it throws, nothing changes either. */
export async function acceptInvitation(
  db: Db,
  token: string,
  passwordHash: string,
  now = new Date(),
  withAccount?: (tx: Db, accountId: string) => Promise<void>,
): Promise<Acceptance> {
  if (!token || token.length > 100) return { ok: false, reason: "invalid" };
  return db
    .transaction(async (tx) => {
      const [used] = await tx
        .update(staffInvitations)
        .set({ used_at: now })
        .where(and(eq(staffInvitations.token_hash, hashToken(token)), usable(now)))
        .returning();
      if (!used) return { ok: false, reason: "invalid" } as const;
      const account = await createAccount(tx, {
        email: used.email,
        name: used.display_name,
        roles: used.roles as StaffRole[],
        passwordHash,
      });
      // The address became an account meanwhile: the invitation stays unused.
      if (!account) throw new AddressTaken();
      await withAccount?.(tx, account.id);
      return { ok: true, accountId: account.id, username: account.username, name: used.display_name } as const;
    })
    .catch((error: unknown) => {
      if (error instanceof AddressTaken) return { ok: false, reason: "taken" } as const;
      throw error;
    });
}

class AddressTaken extends Error {}

// The admin accounts and their sessions: this module alone reads and writes admin_users and sessions
// (sessions.ts keeps the cookies and their limits).
import { randomBytes } from "node:crypto";
import { rm, unlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, count, desc, eq, gt, lt, ne, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { adminUsers, sessions, staffPolicy, type AdminUser, type StaffRole } from "../db/schema";
import type { Logger } from "../lib/log";
import { DUMMY_HASH, hashPassword, needsRehash, passwordProblem, verifyPassword } from "./password";
import { hashToken, readSessionToken, sessionPolicy, type SessionPolicy, type SessionUser } from "./sessions";

export async function findAdmin(db: Db, username: string): Promise<AdminUser | null> {
  const [row] = await db.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row ?? null;
}

/** The account a sign-in names: its username as typed, else its username or email address in any
 * letter case (a phone capitalises the first letter of an address). */
async function findSignIn(db: Db, typed: string): Promise<AdminUser | null> {
  const exact = await findAdmin(db, typed);
  if (exact) return exact;
  const value = typed.toLowerCase();
  const [row] = await db
    .select()
    .from(adminUsers)
    .where(or(sql`lower(${adminUsers.username}) = ${value}`, sql`lower(${adminUsers.email}) = ${value}`))
    .orderBy(adminUsers.created_at)
    .limit(1);
  return row ?? null;
}

/** Creates the admin or changes its password; a change ends every session of that admin. */
export async function upsertAdmin(db: Db, username: string, password: string): Promise<AdminUser> {
  const password_hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(adminUsers)
      .values({ username, password_hash })
      .onConflictDoUpdate({ target: adminUsers.username, set: { password_hash, updated_at: new Date() } })
      .returning();
    await deleteUserSessions(tx, row!.id);
    return row!;
  });
}

/** The user when the pair matches ('inactive' when that account is turned off); null otherwise, in
 * about the same time either way. A hash made with weaker parameters than today's is replaced while the
 * password is at hand. */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
): Promise<AdminUser | "inactive" | null> {
  const user = await findSignIn(db, username);
  const ok = await verifyPassword(password, user?.password_hash || DUMMY_HASH);
  if (!user || !ok) return null;
  if (!user.active) return "inactive";
  if (!needsRehash(user.password_hash)) return user;
  try {
    const password_hash = await hashPassword(password);
    // Only if the hash is still the one checked: a password changed meanwhile wins.
    await db.update(adminUsers).set({ password_hash }).where(eq(adminUsers.password_hash, user.password_hash));
    return { ...user, password_hash };
  } catch {
    // Too busy to hash again (or the write failed): the login stands, the next one rehashes.
    return user;
  }
}

/** The account given by the environment is an owner, active, whatever the team screen made of it. */
async function makeOwner(db: Db, id: string): Promise<void> {
  await db
    .update(adminUsers)
    .set({
      active: true,
      roles: sql`case when 'proprietaire' = any(${adminUsers.roles}) then ${adminUsers.roles} else array_append(${adminUsers.roles}, 'proprietaire') end`,
    })
    .where(
      and(
        eq(adminUsers.id, id),
        or(eq(adminUsers.active, false), sql`not ('proprietaire' = any(${adminUsers.roles}))`),
      ),
    );
}

export const FIRST_PASSWORD_FILE = "first-admin-password.txt";
/** The account created with that file when no admin exists and none is given. */
const FIRST_ADMIN = "admin";

/** At start: ADMIN_USERNAME + ADMIN_PASSWORD create that admin, or change its password when it
 * differs (which ends its sessions; the same password at each restart does not). With no admin at
 * all and none given, create 'admin' with a random password written to a file only this system user
 * can read; the log names the file, never the password. */
export async function ensureAdmin(
  db: Db,
  log: Logger,
  given: { username?: string; password?: string },
  dataDir: string,
): Promise<void> {
  if (given.username && given.password) {
    const problem = passwordProblem(given.password);
    if (problem) throw new Error(`ADMIN_PASSWORD refused: ${problem}`);
    const existing = await findAdmin(db, given.username);
    if (existing && (await verifyPassword(given.password, existing.password_hash))) {
      if (needsRehash(existing.password_hash)) await checkCredentials(db, given.username, given.password);
      await makeOwner(db, existing.id);
      return;
    }
    const account = await upsertAdmin(db, given.username, given.password);
    await makeOwner(db, account.id);
    log.info({ username: given.username }, "Admin account set from ADMIN_USERNAME");
    return;
  }
  const [{ value }] = (await db.select({ value: count() }).from(adminUsers)) as [{ value: number }];
  if (value > 0) return;
  const password = randomBytes(18).toString("base64url");
  const file = join(dataDir, FIRST_PASSWORD_FILE);
  // A new file each time, so its mode is ours even if an older copy was readable by others.
  await rm(file, { force: true });
  await writeFile(file, `${password}\n`, { mode: 0o600, flag: "wx" });
  await upsertAdmin(db, FIRST_ADMIN, password);
  log.warn(
    { username: FIRST_ADMIN, passwordFile: file },
    "Created the first admin account. Its password is in this file (readable by this user only): sign in at /login; the file is deleted at that first sign-in.",
  );
}

/** At a successful sign-in of the first admin account, its password file is deleted: the password has
 * been used, and it must not stay on disk. The log says so (once: the file is then gone). */
export async function deleteFirstPasswordFile(dataDir: string, username: string, log: Logger): Promise<void> {
  if (username !== FIRST_ADMIN) return;
  const file = join(dataDir, FIRST_PASSWORD_FILE);
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      log.error(
        { err: error, passwordFile: file },
        "Could not delete the first admin password file: delete it by hand",
      );
    }
    return;
  }
  log.info({ username, passwordFile: file }, "First admin password file deleted at that account's first sign-in");
}

/** The signed-in user of a request's cookies, under the site's session settings. */
export function requestSessionUser(
  db: Db,
  config: { sessionIdleMinutes: number; sessionMaxHours: number },
  cookieHeader: string | null | undefined,
): Promise<SessionUser | null> {
  const token = readSessionToken(cookieHeader);
  return token ? getSessionUser(db, token, sessionPolicy(config)) : Promise.resolve(null);
}

/** The last use is written at most this often: one write a minute, not one per request. */
const SESSION_TOUCH_MS = 60 * 1000;

/** Creates a session row and returns the token to put in the cookie. `device`: the browser and system
 * it is opened on, as its owner's list of sessions names it; `secondFactor`: opened with a passkey, or
 * with the password and an authenticator code. */
export async function createSession(
  db: Db,
  userId: string,
  policy: SessionPolicy,
  now = new Date(),
  device = "",
  secondFactor = false,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, now), lt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs))));
  await db.insert(sessions).values({
    id: hashToken(token),
    user_id: userId,
    created_at: now,
    last_seen_at: now,
    expires_at: new Date(now.getTime() + policy.maxMs),
    device,
    second_factor: secondFactor,
  });
  return token;
}

/** The signed-in user of a token still within its session's idle and absolute limits, noting the use:
 * one query on every staff request. */
export async function getSessionUser(
  db: Db,
  token: string | undefined,
  policy: SessionPolicy,
  now = new Date(),
): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const id = hashToken(token);
  const [row] = await db
    .select({
      id: adminUsers.id,
      username: adminUsers.username,
      name: adminUsers.display_name,
      roles: adminUsers.roles,
      lastSeen: sessions.last_seen_at,
      secondFactor: sessions.second_factor,
      required: staffPolicy.require_second_factor,
    })
    .from(sessions)
    .innerJoin(adminUsers, eq(adminUsers.id, sessions.user_id))
    .leftJoin(staffPolicy, sql`true`)
    .where(
      and(
        eq(sessions.id, id),
        eq(adminUsers.active, true),
        gt(sessions.expires_at, now),
        // Also against created_at, so a shorter SESSION_MAX_HOURS applies to sessions already open.
        gt(sessions.created_at, new Date(now.getTime() - policy.maxMs)),
        gt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs)),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeen.getTime() >= SESSION_TOUCH_MS) {
    await db.update(sessions).set({ last_seen_at: now }).where(eq(sessions.id, id));
  }
  return {
    id: row.id,
    username: row.username,
    name: row.name ?? row.username,
    roles: row.roles as StaffRole[],
    secondFactor: row.secondFactor,
    mustAddSecondFactor: Boolean(row.required) && !row.secondFactor,
  };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user (password change, 'log out everywhere'). */
export async function deleteUserSessions(db: Db, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.user_id, userId));
}

// ---- The team: accounts as the owner sees and changes them ----

export type TeamAccount = {
  id: string;
  username: string;
  name: string;
  email: string | null;
  roles: StaffRole[];
  active: boolean;
  /** False for an account restored from an archive, until the person chooses a password. */
  hasPassword: boolean;
  created_at: Date;
};

const OWNER = "proprietaire";
const isOwner = sql`${sql.raw(`'${OWNER}'`)} = any(${adminUsers.roles})`;

export async function listAccounts(db: Db): Promise<TeamAccount[]> {
  const rows = await db.select().from(adminUsers).orderBy(adminUsers.created_at, adminUsers.username);
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    name: row.display_name ?? row.username,
    email: row.email,
    roles: row.roles as StaffRole[],
    active: row.active,
    hasPassword: row.password_hash !== "",
    created_at: row.created_at,
  }));
}

/** Whether an account with this username or email already exists (case ignored). */
export async function accountExists(db: Db, address: string): Promise<boolean> {
  const value = address.toLowerCase();
  const [row] = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(or(sql`lower(${adminUsers.username}) = ${value}`, sql`lower(${adminUsers.email}) = ${value}`))
    .limit(1);
  return Boolean(row);
}

/** An invited person's account: they sign in with their email address. Null if one exists already. */
export async function createAccount(
  db: Db,
  account: { email: string; name: string; roles: readonly StaffRole[]; passwordHash: string },
): Promise<AdminUser | null> {
  const [row] = await db
    .insert(adminUsers)
    .values({
      username: account.email,
      email: account.email,
      display_name: account.name,
      roles: [...account.roles],
      password_hash: account.passwordHash,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? null;
}

export type TeamChange = { ok: true; account: TeamAccount } | { ok: false; reason: "missing" | "last-owner" };

/** Changes an account's roles or turns it off, in one transaction that locks the active owners' rows:
 * the last active owner can neither lose the role nor be turned off, even by two changes at once.
 * Turning an account off ends its sessions at once. */
export async function changeAccount(
  db: Db,
  id: string,
  change: { roles: readonly StaffRole[] } | { active: boolean },
): Promise<TeamChange> {
  return db.transaction(async (tx) => {
    const owners = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(adminUsers.active, true), isOwner))
      .for("update");
    const removesOwner = "roles" in change ? !change.roles.includes(OWNER) : change.active === false;
    if (removesOwner && owners.length === 1 && owners[0]!.id === id) return { ok: false, reason: "last-owner" };
    const [row] = await tx
      .update(adminUsers)
      .set(
        "roles" in change
          ? { roles: [...change.roles], updated_at: new Date() }
          : { active: change.active, updated_at: new Date() },
      )
      .where(eq(adminUsers.id, id))
      .returning();
    if (!row) return { ok: false, reason: "missing" };
    if ("active" in change && !change.active) await deleteUserSessions(tx, id);
    const [account] = (await listAccounts(tx)).filter((a) => a.id === id);
    return { ok: true, account: account! };
  });
}

// ---- A person's own account: their sessions and their password ----

export type OwnSession = { current: boolean; device: string; createdAt: Date; lastSeenAt: Date };

/** The account's sessions still open under the site's limits, the latest used first; `token` marks the
 * one of this browser. */
export async function listOwnSessions(
  db: Db,
  userId: string,
  token: string | undefined,
  policy: SessionPolicy,
  now = new Date(),
): Promise<OwnSession[]> {
  const current = token ? hashToken(token) : null;
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        gt(sessions.expires_at, now),
        gt(sessions.created_at, new Date(now.getTime() - policy.maxMs)),
        gt(sessions.last_seen_at, new Date(now.getTime() - policy.idleMs)),
      ),
    )
    .orderBy(desc(sessions.last_seen_at));
  return rows.map((row) => ({
    current: row.id === current,
    device: row.device,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
  }));
}

/** A new password for the account: every other session ends; this browser's (`keepToken`) stays. */
export async function changeOwnPassword(db: Db, userId: string, passwordHash: string, keepToken: string | undefined) {
  await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where(eq(adminUsers.id, userId));
    const keep = keepToken ? hashToken(keepToken) : "";
    await tx.delete(sessions).where(and(eq(sessions.user_id, userId), ne(sessions.id, keep)));
  });
}

/** The account's stored hash, to check the current password before a change. */
export async function passwordHashOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ hash: adminUsers.password_hash }).from(adminUsers).where(eq(adminUsers.id, userId));
  return row?.hash ?? null;
}

/** Where to write to an account: its name and email address, or null when it has none. */
export async function accountContact(db: Db, userId: string) {
  const [row] = await db
    .select({ name: adminUsers.display_name, username: adminUsers.username, email: adminUsers.email })
    .from(adminUsers)
    .where(eq(adminUsers.id, userId));
  return row?.email ? { name: row.name ?? row.username, email: row.email } : null;
}

/** The active account with this email address (a password reset's), or null. */
export async function activeAccountByEmail(db: Db, email: string) {
  const [row] = await db
    .select({
      id: adminUsers.id,
      name: adminUsers.display_name,
      username: adminUsers.username,
      email: adminUsers.email,
    })
    .from(adminUsers)
    .where(and(eq(adminUsers.email, email.toLowerCase()), eq(adminUsers.active, true)))
    .limit(1);
  return row?.email ? { id: row.id, name: row.name ?? row.username, email: row.email } : null;
}

/** An active account's new password, in the caller's transaction: every session of it ends. The
 * account (to sign in), or null when it is turned off. */
export async function setPasswordEndingSessions(tx: Db, userId: string, passwordHash: string) {
  const [account] = await tx
    .update(adminUsers)
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where(and(eq(adminUsers.id, userId), eq(adminUsers.active, true)))
    .returning({ id: adminUsers.id, username: adminUsers.username, display_name: adminUsers.display_name });
  if (!account) return null;
  await deleteUserSessions(tx, account.id);
  return account;
}

/** The name the screens and emails show for the account. */
export async function setDisplayName(db: Db, userId: string, name: string): Promise<void> {
  await db.update(adminUsers).set({ display_name: name, updated_at: new Date() }).where(eq(adminUsers.id, userId));
}

/** This browser's session now counts as opened with a second factor: the person has just set one up
 * (an authenticator app or a passkey) while signed in. */
export async function markSessionSecondFactor(db: Db, token: string | undefined): Promise<void> {
  if (!token) return;
  await db
    .update(sessions)
    .set({ second_factor: true })
    .where(eq(sessions.id, hashToken(token)));
}

/** An active account by its id (a sign-in's second step), or null. */
export async function activeAccountById(db: Db, id: string) {
  const [row] = await db
    .select({ id: adminUsers.id, username: adminUsers.username, display_name: adminUsers.display_name })
    .from(adminUsers)
    .where(and(eq(adminUsers.id, id), eq(adminUsers.active, true)));
  return row ?? null;
}

// ---- The owner's rule for the whole team's sign-in ----

/** Whether every account must sign in with a passkey, or with its password and an authenticator code. */
export async function secondFactorRequired(db: Db): Promise<boolean> {
  const [row] = await db.select({ required: staffPolicy.require_second_factor }).from(staffPolicy);
  return row?.required ?? false;
}

export async function setSecondFactorRequired(db: Db, required: boolean, by: string): Promise<void> {
  await db
    .insert(staffPolicy)
    .values({ id: true, require_second_factor: required, updated_by: by })
    .onConflictDoUpdate({
      target: staffPolicy.id,
      set: { require_second_factor: required, updated_by: by, updated_at: new Date() },
    });
}

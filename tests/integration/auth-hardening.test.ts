// What a stranger tries against the sign-in, and what must end a session: lockouts turned against the
// admin, parallel bursts, floods of password checks, stale or stolen sessions, weak passwords. Runs the
// built app (npm run build first); client addresses come from X-Forwarded-For behind TRUST_PROXY=1.
import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Writable } from "node:stream";
import { count, eq } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { runAdminPasswordCli } from "../../server/auth/admin-cli";
import { hashPassword } from "../../server/auth/password";
import { sessionPolicy, type SessionPolicy } from "../../server/auth/sessions";
import {
  LOGIN_MAX_ADDRESS_FAILURES,
  LOGIN_MAX_FAILURES,
  recordLoginAttempt,
  reserveLoginAttempt,
} from "../../server/auth/throttle";
import {
  checkCredentials,
  createSession,
  ensureAdmin,
  FIRST_PASSWORD_FILE,
  findAdmin,
  getSessionUser,
  upsertAdmin,
} from "../../server/auth/users";
import { adminUsers, loginAttempts } from "../../server/db/schema";
import { log } from "../../server/lib/log";
import { ensureDataDir } from "../../server/lib/secret";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1" });
});
afterAll(() => app?.close());

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

function login(username: string, password: string, ip: string, cookie?: string) {
  return app.fetch("/login", {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
  });
}

const sessionCookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((cookie) => /^(__Host-)?sid=[^;]/.test(cookie))
    ?.split(";")[0];

const editStatus = async (cookie: string) => (await app.fetch("/edit", { headers: { cookie } })).status;

async function attemptsFor(username: string): Promise<number> {
  const [row] = await app
    .db()
    .select({ value: count() })
    .from(loginAttempts)
    .where(eq(loginAttempts.username, username));
  return row?.value ?? 0;
}

const adminId = async () => (await findAdmin(app.db(), TEST_ADMIN.username))!.id;

describe("login throttling", () => {
  beforeEach(async () => {
    await app.db().delete(loginAttempts);
  });

  it("a stranger's failures lock out their own address, never the admin's right password from another", async () => {
    for (let i = 0; i < 7; i++) {
      const response = await login(TEST_ADMIN.username, `mauvais-${i}`, "203.0.113.7");
      expect(response.status, `try ${i + 1}`).toBe(i < LOGIN_MAX_FAILURES ? 401 : 429);
    }
    const admin = await login(TEST_ADMIN.username, TEST_ADMIN.password, "198.51.100.20");
    expect(admin.status).toBe(302);
    expect(sessionCookieOf(admin)).toBeDefined();
    const stranger = await login(TEST_ADMIN.username, TEST_ADMIN.password, "203.0.113.7");
    expect(stranger.status).toBe(429);
    expect(await stranger.text()).toContain("Trop de tentatives de connexion. Veuillez réessayer dans 15 minutes.");
  });

  it("40 wrong passwords sent at the same moment from one address get 5 password checks; the rest 429", async () => {
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(TEST_ADMIN.username, `rafale-${i}`, "203.0.113.40")),
    );
    const statuses = responses.map((response) => response.status);
    // One row per attempt allowed to check a password, written before the hash ran.
    expect(await attemptsFor(TEST_ADMIN.username)).toBe(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - LOGIN_MAX_FAILURES);
  });

  it("one address failing across many usernames is refused, even with the right password", async () => {
    const db = app.db();
    for (let i = 0; i < LOGIN_MAX_ADDRESS_FAILURES - 1; i++) {
      await recordLoginAttempt(db, "203.0.113.60", `inconnu-${i}`, false);
    }
    expect((await login("encore-un-autre", "mauvais", "203.0.113.60")).status).toBe(401);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, "203.0.113.60")).status).toBe(429);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, "203.0.113.61")).status).toBe(302);
  });

  it("an IPv6 client is counted by its /64: changing the last 64 bits does not reset the count", async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await login(TEST_ADMIN.username, "mauvais", `2001:db8:7:1::${i + 1}`)).status).toBe(401);
    }
    expect((await login(TEST_ADMIN.username, "mauvais", "2001:db8:7:1:ffff::9")).status).toBe(429);
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, "2001:db8:7:2::1")).status).toBe(302);
  });

  it("a username failing from many addresses is slowed down, not locked: the right password still signs in", async () => {
    const db = app.db();
    const now = new Date();
    for (let i = 0; i < 14; i++) await recordLoginAttempt(db, `192.0.2.${i + 1}`, TEST_ADMIN.username, false, now);
    const gate = await reserveLoginAttempt(db, "198.51.100.99", TEST_ADMIN.username, now);
    expect(gate).toMatchObject({ allowed: true, delayMs: 1000 });
    // Far more failures only raise the delay to its cap.
    for (let i = 0; i < 60; i++) await recordLoginAttempt(db, `192.0.2.${i + 20}`, TEST_ADMIN.username, false, now);
    expect(await reserveLoginAttempt(db, "198.51.100.98", TEST_ADMIN.username, now)).toMatchObject({ delayMs: 3000 });
    expect((await login(TEST_ADMIN.username, TEST_ADMIN.password, "198.51.100.97")).status).toBe(302);
  });

  it("failures older than 15 minutes no longer count", async () => {
    const db = app.db();
    const now = new Date();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await recordLoginAttempt(db, "203.0.113.80", "gerant", false, now);
    expect(await reserveLoginAttempt(db, "203.0.113.80", "gerant", new Date(now.getTime() + 14 * MINUTE))).toEqual({
      allowed: false,
    });
    const later = await reserveLoginAttempt(db, "203.0.113.80", "gerant", new Date(now.getTime() + 16 * MINUTE));
    expect(later.allowed).toBe(true);
  });

  it("a flood of password checks beyond the queue is answered 503 at once, and such tries are not counted", async () => {
    // 40 different usernames from 40 addresses: no limit applies, only the bounded hash queue.
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login(`inonde-${i}`, "mauvais", `198.18.0.${i + 1}`)),
    );
    const busy = responses.filter((response) => response.status === 503);
    const checked = responses.filter((response) => response.status === 401);
    expect(busy.length).toBeGreaterThan(0);
    expect(busy.length + checked.length).toBe(40);
    expect(await busy[0]!.text()).toContain("Le serveur est très sollicité. Veuillez réessayer dans un instant.");
    const [rows] = await app.db().select({ value: count() }).from(loginAttempts);
    expect(rows?.value).toBe(checked.length);
  });
});

describe("sessions end", () => {
  let policy: SessionPolicy;
  beforeAll(() => {
    policy = sessionPolicy(app.services.config);
  });

  it("default to a 2-hour idle timeout and a 12-hour lifetime", () => {
    expect(policy).toEqual({ idleMs: 2 * HOUR, maxMs: 12 * HOUR });
  });

  it("after two hours without use; each use (written at most once a minute) starts the two hours again", async () => {
    const db = app.db();
    const t0 = new Date("2026-11-23T08:00:00Z");
    const at = (ms: number) => new Date(t0.getTime() + ms);
    const idle = await createSession(db, await adminId(), policy, t0);
    expect(await getSessionUser(db, idle, policy, at(2 * HOUR - 1000))).not.toBeNull();
    expect(await getSessionUser(db, idle, policy, at(4 * HOUR - 2000))).not.toBeNull();
    expect(await getSessionUser(db, idle, policy, at(6 * HOUR))).toBeNull();

    // A use 30 s after sign-in is not written; one 61 s after is.
    const early = await createSession(db, await adminId(), policy, t0);
    expect(await getSessionUser(db, early, policy, at(30 * 1000))).not.toBeNull();
    expect(await getSessionUser(db, early, policy, at(2 * HOUR + 10 * 1000))).toBeNull();
    const touched = await createSession(db, await adminId(), policy, t0);
    expect(await getSessionUser(db, touched, policy, at(61 * 1000))).not.toBeNull();
    expect(await getSessionUser(db, touched, policy, at(2 * HOUR + 30 * 1000))).not.toBeNull();
  });

  it("twelve hours after sign-in, however recently used", async () => {
    const db = app.db();
    const t0 = new Date("2026-11-23T08:00:00Z");
    const token = await createSession(db, await adminId(), policy, t0);
    for (let hours = 1; hours < 12; hours++) {
      expect(await getSessionUser(db, token, policy, new Date(t0.getTime() + hours * HOUR))).not.toBeNull();
    }
    expect(await getSessionUser(db, token, policy, new Date(t0.getTime() + 12 * HOUR - MINUTE))).not.toBeNull();
    expect(await getSessionUser(db, token, policy, new Date(t0.getTime() + 12 * HOUR + 1000))).toBeNull();
  });

  it("when the password is changed by upsertAdmin, and by ADMIN_PASSWORD at start only when it differs", async () => {
    const db = app.db();
    const dataDir = app.services.config.dataDir;
    const first = await createSession(db, await adminId(), policy);
    await ensureAdmin(db, log, { ...TEST_ADMIN }, dataDir);
    expect(await getSessionUser(db, first, policy)).not.toBeNull();

    await ensureAdmin(db, log, { username: TEST_ADMIN.username, password: "un-tout-nouveau-mot-de-passe" }, dataDir);
    expect(await getSessionUser(db, first, policy)).toBeNull();

    const second = await createSession(db, await adminId(), policy);
    await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
    expect(await getSessionUser(db, second, policy)).toBeNull();
    expect(await checkCredentials(db, TEST_ADMIN.username, TEST_ADMIN.password)).not.toBeNull();
  });

  it("when the password is changed with the command line tool", async () => {
    const db = app.db();
    const tokens = [await createSession(db, await adminId(), policy), await createSession(db, await adminId(), policy)];
    const run = await cli([TEST_ADMIN.username], "un-mot-de-passe-de-rechange\n");
    expect(run.code).toBe(0);
    for (const token of tokens) expect(await getSessionUser(db, token, policy)).toBeNull();
    expect(await checkCredentials(db, TEST_ADMIN.username, "un-mot-de-passe-de-rechange")).not.toBeNull();
    await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
  });

  it("'Se déconnecter partout' ends every session of the admin, and needs one", async () => {
    await app.db().delete(loginAttempts);
    const here = await app.login();
    const elsewhere = await app.login();
    expect(await editStatus(elsewhere)).toBe(200);
    const home = await (await app.fetch("/", { headers: { cookie: here } })).text();
    expect(home).toContain('name="scope" value="everywhere"');
    expect(home).toContain("Se déconnecter partout");

    const stranger = await app.fetch("/logout", { method: "POST", body: new URLSearchParams({ scope: "everywhere" }) });
    expect(stranger.status).toBe(401);
    expect(await editStatus(elsewhere)).toBe(200);

    const out = await app.fetch("/logout", {
      method: "POST",
      body: new URLSearchParams({ scope: "everywhere" }),
      headers: { cookie: here },
    });
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((cookie) => cookie.startsWith("sid=;"))).toBe(true);
    expect(await editStatus(here)).toBe(404);
    expect(await editStatus(elsewhere)).toBe(404);
  });

  it("signing in gives a new token and ends the session the browser carried", async () => {
    await app.db().delete(loginAttempts);
    const before = await app.login();
    const again = await login(TEST_ADMIN.username, TEST_ADMIN.password, "127.0.0.1", before);
    const after = sessionCookieOf(again)!;
    expect(after).toBeDefined();
    expect(after).not.toBe(before);
    expect(await editStatus(before)).toBe(404);
    expect(await editStatus(after)).toBe(200);
  });
});

describe("the session cookie", () => {
  it("is plain 'sid' over HTTP, without Secure", async () => {
    await app.db().delete(loginAttempts);
    const response = await login(TEST_ADMIN.username, TEST_ADMIN.password, "127.0.0.1");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith("sid="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Max-Age=43200/);
    expect(cookie).not.toMatch(/Secure/);
  });

  it("is '__Host-sid' and Secure when PUBLIC_URL is https, or a trusted proxy says https", async () => {
    const https = await startTestApp({ PUBLIC_URL: "https://distributrices.example", TRUST_PROXY: "1" });
    try {
      const response = await https.fetch("/login", { method: "POST", body: new URLSearchParams(TEST_ADMIN) });
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="))!;
      expect(cookie).toMatch(/; Path=\/(;|$)/);
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).not.toMatch(/Domain=/i);
      expect(response.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(false);
      const session = cookie.split(";")[0]!;
      expect((await https.fetch("/edit", { headers: { cookie: session } })).status).toBe(200);
      expect(await https.loginByForm()).toMatch(/^__Host-sid=/);

      const out = await https.fetch("/logout", { method: "POST", headers: { cookie: session } });
      expect(out.headers.getSetCookie().some((c) => /^__Host-sid=;.*Secure/.test(c))).toBe(true);
      expect((await https.fetch("/edit", { headers: { cookie: session } })).status).toBe(404);
    } finally {
      await https.close();
    }
    await app.db().delete(loginAttempts);
    const proxied = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams(TEST_ADMIN),
      headers: {
        "x-forwarded-proto": "https",
        "x-forwarded-for": "198.51.100.5",
        origin: app.url.replace("http:", "https:"),
      },
    });
    expect(proxied.status).toBe(302);
    expect(proxied.headers.getSetCookie().find((c) => c.startsWith("__Host-sid="))).toMatch(/; Secure/);
  });
});

/** Runs the password tool in process, on the test database, with `input` as standard input. */
async function cli(argv: string[], input: string) {
  let out = "";
  let err = "";
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        append(chunk.toString());
        done();
      },
    });
  const code = await runAdminPasswordCli(
    {
      argv,
      stdin: Readable.from([input]),
      stdout: sink((text) => (out += text)),
      stderr: sink((text) => (err += text)),
    },
    () => Promise.resolve({ db: app.db(), close: () => Promise.resolve() }),
  );
  return { code, out, err };
}

describe("passwords and secrets", () => {
  it("hashes with scrypt N=2^17, r=8, p=1, and rehashes a weaker stored hash at the next login", async () => {
    const db = app.db();
    await app.db().delete(loginAttempts);
    const weak = await hashPassword(TEST_ADMIN.password, { N: 2 ** 14, r: 8, p: 1 });
    await db.update(adminUsers).set({ password_hash: weak }).where(eq(adminUsers.username, TEST_ADMIN.username));
    const keep = await createSession(db, await adminId(), sessionPolicy(app.services.config));
    const cookie = await app.loginByForm();
    expect(await editStatus(cookie)).toBe(200);
    const { password_hash } = (await findAdmin(db, TEST_ADMIN.username))!;
    expect(password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(await checkCredentials(db, TEST_ADMIN.username, TEST_ADMIN.password)).not.toBeNull();
    // Same password: a rehash is not a password change and ends no session.
    expect(await getSessionUser(db, keep, sessionPolicy(app.services.config))).not.toBeNull();
  });

  it("the command line tool refuses a password given as an argument, and a short one", async () => {
    const db = app.db();
    const before = (await findAdmin(db, TEST_ADMIN.username))!.password_hash;
    const inArgs = await cli([TEST_ADMIN.username, "un-mot-de-passe-bien-long"], "");
    expect(inArgs.code).toBe(2);
    expect(inArgs.err).toContain("ne se donne pas en argument");
    const short = await cli([TEST_ADMIN.username], "court-123\n");
    expect(short.code).toBe(2);
    expect(short.err).toContain("au moins 12 caractères");
    expect((await findAdmin(db, TEST_ADMIN.username))!.password_hash).toBe(before);
  });

  it("ADMIN_PASSWORD under 12 characters is refused at start", async () => {
    await expect(
      ensureAdmin(app.db(), log, { username: "gerant", password: "trop-court" }, app.services.config.dataDir),
    ).rejects.toThrow(/ADMIN_PASSWORD.*12 caractères/);
    expect(await findAdmin(app.db(), "gerant")).toBeNull();
  });

  it("the first admin's password goes to a 0600 file in DATA_DIR; the log names the file only", async () => {
    const db = app.db();
    const dataDir = await mkdtemp(join(tmpdir(), "site-first-"));
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    try {
      await db.delete(adminUsers);
      await ensureAdmin(db, logger, {}, dataDir);
      const file = join(dataDir, FIRST_PASSWORD_FILE);
      expect((await stat(file)).mode & 0o777).toBe(0o600);
      const password = (await readFile(file, "utf8")).trim();
      expect(password.length).toBeGreaterThanOrEqual(12);
      expect(await checkCredentials(db, "admin", password)).not.toBeNull();
      const written = lines.join("");
      expect(written).toContain(file);
      expect(written).not.toContain(password);
    } finally {
      await db.delete(adminUsers);
      await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("the first admin's password file is deleted at that account's first sign-in, and the log says so", async () => {
    const fresh = await startTestApp({ TRUST_PROXY: "1" });
    try {
      const db = fresh.db();
      await db.delete(adminUsers);
      const dataDir = fresh.services.config.dataDir;
      await ensureAdmin(db, log, {}, dataDir);
      const file = join(dataDir, FIRST_PASSWORD_FILE);
      const password = (await readFile(file, "utf8")).trim();
      await upsertAdmin(db, TEST_ADMIN.username, TEST_ADMIN.password);
      const info = vi.spyOn(fresh.services.log, "info");
      const signIn = (username: string, secret: string) =>
        fresh.fetch("/login", {
          method: "POST",
          headers: { "x-forwarded-for": "203.0.113.77" },
          body: new URLSearchParams({ username, password: secret }),
        });
      // A wrong password, or another account's sign-in, leaves it.
      expect((await signIn("admin", "pas-le-bon-mot-de-passe")).status).toBe(401);
      expect((await signIn(TEST_ADMIN.username, TEST_ADMIN.password)).status).toBe(302);
      expect((await stat(file)).isFile()).toBe(true);
      expect((await signIn("admin", password)).status).toBe(302);
      await expect(stat(file)).rejects.toThrow(/ENOENT/);
      expect(info).toHaveBeenCalledWith(
        { username: "admin", passwordFile: file },
        "First admin password file deleted at that account's first sign-in",
      );
      // Later sign-ins find no file and say nothing of it.
      info.mockClear();
      expect((await signIn("admin", password)).status).toBe(302);
      expect(info.mock.calls.some((call) => String(call[1]).includes("password file"))).toBe(false);
      info.mockRestore();
    } finally {
      await fresh.close();
    }
  });

  it("DATA_DIR is created readable by its owner only", async () => {
    const root = await mkdtemp(join(tmpdir(), "site-data-"));
    try {
      const dataDir = join(root, "a", "donnees");
      await ensureDataDir(dataDir);
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
      await ensureDataDir(dataDir);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

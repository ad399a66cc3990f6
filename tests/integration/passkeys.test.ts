// Passkeys, as far as a server can be tested without a browser: signed challenges (accepted once, not
// after 5 minutes, not altered, not for another account); /login/cle refusing junk in French and storing
// nothing; /edit-compte/cles closed to strangers before its body is read. A software authenticator (an
// ES256 key made here, answering as a device would) then adds a key in Mon compte, signs in with it once
// per challenge, is refused once removed or once its account is turned off, and makes an invited
// person's account without a password.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { connect } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvitation } from "../../server/auth/invitations";
import { CHALLENGE_MS, readChallenge, relyingParty, signChallenge, spendChallenge } from "../../server/auth/passkeys";
import { sessionPolicy } from "../../server/auth/sessions";
import { changeAccount, createSession } from "../../server/auth/users";
import { adminUsers, loginAttempts, sessions, spentPasskeyChallenges, staffPasskeys } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
const SECRET = "test-secret";

beforeAll(async () => {
  app = await startTestApp();
}, 300_000);
afterAll(() => app?.close());

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

// ---- A software authenticator: what a phone's passkey does, in a few lines ----

/** CBOR (RFC 8949) for what an authenticator writes: integers, text, bytes and maps. */
function cbor(value: unknown): Buffer {
  const head = (major: number, n: number) =>
    n < 24
      ? Buffer.from([(major << 5) | n])
      : n < 256
        ? Buffer.from([(major << 5) | 24, n])
        : Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
  if (typeof value === "number") return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === "string") return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value as object);
  return Buffer.concat([head(5, entries.length), ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

type Device = { id: Buffer; privateKey: KeyObject; cose: Buffer; counter: number };

function newDevice(): Device {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const cose = cbor(
    new Map<number, unknown>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, "base64url")],
      [-3, Buffer.from(jwk.y!, "base64url")],
    ]),
  );
  return { id: randomBytes(16), privateKey, cose, counter: 0 };
}

const UP_UV = 0x01 | 0x04;
const AT = 0x40;

function authData(rpID: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([
    createHash("sha256").update(rpID).digest(),
    Buffer.from([flags]),
    count,
    attested ?? Buffer.alloc(0),
  ]);
}

const clientData = (type: string, challenge: string, origin: string) =>
  Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));

/** The device's answer to a registration prompt with `challenge`, on the test site. */
function register(device: Device, challenge: string, { origin = app.url, rpID = new URL(app.url).hostname } = {}) {
  const length = Buffer.alloc(2);
  length.writeUInt16BE(device.id.length);
  const attested = Buffer.concat([Buffer.alloc(16), length, device.id, device.cose]);
  const attestationObject = cbor({ fmt: "none", attStmt: {}, authData: authData(rpID, UP_UV | AT, 0, attested) });
  return {
    id: b64url(device.id),
    rawId: b64url(device.id),
    type: "public-key",
    response: {
      clientDataJSON: b64url(clientData("webauthn.create", challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ["internal", "hybrid"],
    },
    clientExtensionResults: {},
    authenticatorAttachment: "platform",
  };
}

/** The device's answer to the sign-in prompt with `challenge`. */
function assert(device: Device, challenge: string, { origin = app.url, rpID = new URL(app.url).hostname } = {}) {
  device.counter += 1;
  const data = authData(rpID, UP_UV, device.counter);
  const client = clientData("webauthn.get", challenge, origin);
  const signature = sign(
    "sha256",
    Buffer.concat([data, createHash("sha256").update(client).digest()]),
    device.privateKey,
  );
  return {
    id: b64url(device.id),
    rawId: b64url(device.id),
    type: "public-key",
    response: { clientDataJSON: b64url(client), authenticatorData: b64url(data), signature: b64url(signature) },
    clientExtensionResults: {},
  };
}

// ---- Helpers for the site ----

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?sid=/.test(c))
    ?.split(";")[0];

const signInWith = (body: unknown, headers: Record<string, string> = {}) =>
  app.fetch("/login/cle", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": ANDROID, ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const keysPost = (cookie: string, fields: Record<string, string>) =>
  app.fetch("/edit-compte/cles", {
    method: "POST",
    headers: { cookie, "user-agent": ANDROID },
    body: new URLSearchParams(fields),
  });

async function newAccount(username: string) {
  const [account] = await app
    .db()
    .insert(adminUsers)
    .values({ username, password_hash: "unused", display_name: username, roles: ["service"] })
    .returning();
  const token = await createSession(app.db(), account!.id, sessionPolicy(app.services.config));
  return { id: account!.id, cookie: `sid=${token}` };
}

async function rows() {
  const db = app.db();
  const [spent] = await db.select({ n: count() }).from(spentPasskeyChallenges);
  const [keys] = await db.select({ n: count() }).from(staffPasskeys);
  const [attempts] = await db.select({ n: count() }).from(loginAttempts);
  const [open] = await db.select({ n: count() }).from(sessions);
  return { spent: spent!.n, keys: keys!.n, attempts: attempts!.n, sessions: open!.n };
}

/** Adds a key with the device in Mon compte, as the section does: options, prompt, answer. */
async function addKey(cookie: string, device: Device) {
  const prepared = await keysPost(cookie, { intent: "cle-preparer" });
  expect(prepared.status).toBe(200);
  const { options } = (await prepared.json()) as { options: { optionsJSON: { challenge: string } } };
  return keysPost(cookie, {
    intent: "cle-ajouter",
    reponse: JSON.stringify(register(device, options.optionsJSON.challenge)),
  });
}

describe("signed challenges", () => {
  const now = new Date("2026-12-03T15:00:00Z");

  it("are accepted once, within 5 minutes", async () => {
    const made = signChallenge(SECRET, "account:a", now);
    const check = readChallenge(SECRET, made.value, "account:a", new Date(now.getTime() + CHALLENGE_MS - 1000));
    expect(check).toEqual({ ok: true, expiresAt: new Date(made.expiresAt) });
    expect(await spendChallenge(app.db(), made.value, new Date(made.expiresAt), "", now)).toBe(true);
    expect(await spendChallenge(app.db(), made.value, new Date(made.expiresAt), "", now)).toBe(false);
    expect(readChallenge(SECRET, made.value, "account:a", new Date(made.expiresAt))).toEqual({
      ok: false,
      reason: "expired",
    });
  });

  it("are refused altered, made with another secret, or for another account or purpose", () => {
    const made = signChallenge(SECRET, "account:a", now);
    const bytes = Buffer.from(made.value, "base64url");
    for (const index of [0, 20, 40]) {
      const altered = Buffer.from(bytes);
      altered[index]! ^= 1;
      expect(readChallenge(SECRET, altered.toString("base64url"), "account:a", now).ok, `byte ${index}`).toBe(false);
    }
    // A later expiry written in: the signature no longer matches.
    const later = Buffer.from(bytes);
    later.writeBigUInt64BE(BigInt(made.expiresAt + 3_600_000), 16);
    expect(readChallenge(SECRET, later.toString("base64url"), "account:a", now)).toEqual({
      ok: false,
      reason: "invalid",
    });
    expect(readChallenge("another-secret", made.value, "account:a", now).ok).toBe(false);
    expect(readChallenge(SECRET, made.value, "account:b", now).ok).toBe(false);
    expect(readChallenge(SECRET, made.value, "sign-in", now).ok).toBe(false);
    expect(readChallenge(SECRET, "", "account:a", now).ok).toBe(false);
    expect(readChallenge(SECRET, `${made.value}A`, "account:a", now).ok).toBe(false);
  });

  it("serve the cached sign-in page's visitors once per key, and expired ones are cleared", async () => {
    const made = signChallenge(SECRET, "sign-in", now);
    const ends = new Date(made.expiresAt);
    expect(await spendChallenge(app.db(), made.value, ends, "key-1", now)).toBe(true);
    expect(await spendChallenge(app.db(), made.value, ends, "key-1", now)).toBe(false);
    expect(await spendChallenge(app.db(), made.value, ends, "key-2", now)).toBe(true);
    // Spending anything after they end clears them.
    await spendChallenge(app.db(), signChallenge(SECRET, "sign-in").value, new Date(Date.now() + CHALLENGE_MS));
    const left = await app.db().select().from(spentPasskeyChallenges);
    expect(left.some((row) => row.challenge.startsWith(made.value))).toBe(false);
  });

  it("belong to the public host, also on a host under it, else to the address asked for", () => {
    expect(relyingParty("https://boreal.ca/login", "https://boreal.ca")).toEqual({
      rpID: "boreal.ca",
      origin: "https://boreal.ca",
    });
    expect(relyingParty("https://www.boreal.ca/login", "https://boreal.ca")).toEqual({
      rpID: "boreal.ca",
      origin: "https://www.boreal.ca",
    });
    expect(relyingParty("http://localhost:4600/login", "http://localhost:3000")).toEqual({
      rpID: "localhost",
      origin: "http://localhost:4600",
    });
    expect(relyingParty("https://ailleurs.ca/login", "https://boreal.ca").rpID).toBe("ailleurs.ca");
  });
});

describe("/login/cle", () => {
  it("answers junk with 400 and a French message, storing nothing", async () => {
    const before = await rows();
    const junk: [string, unknown][] = [
      ["not JSON", "{pas du json"],
      ["an empty object", {}],
      ["a wrong shape", { response: { id: "abc" } }],
      ["a string", "bonjour"],
      ["no client data", { response: { id: "abc", rawId: "abc", type: "public-key", response: {} } }],
    ];
    for (const [name, body] of junk) {
      const response = await signInWith(body);
      expect(response.status, name).toBe(400);
      expect(await response.text(), name).toContain("La réponse de la clé d'accès est illisible.");
      expect(sessionCookie(response), name).toBeUndefined();
    }
    // The sign-in's bodies are bounded before any of it reaches the action.
    const huge = await signInWith({ response: "x".repeat(20_000) });
    expect(huge.status).toBe(413);
    expect(await huge.text()).toContain("trop volumineuse");
    // A well-formed answer over a challenge the site never made: refused without counting a try.
    const forged = await signInWith({ response: assert(newDevice(), b64url(randomBytes(56))) });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: string }).error).toContain("n'a pas pu être vérifiée");
    expect(await rows()).toEqual(before);
  });

  it("gives fresh options, and new ones with an expired challenge's refusal", async () => {
    const answer = await signInWith({ options: true });
    expect(answer.status).toBe(200);
    const { options } = (await answer.json()) as {
      options: { optionsJSON: { challenge: string; rpId: string; allowCredentials?: unknown[] }; expiresAt: number };
    };
    expect(options.optionsJSON.rpId).toBe("127.0.0.1");
    expect(options.optionsJSON.allowCredentials ?? []).toEqual([]);
    expect(readChallenge(SECRET, options.optionsJSON.challenge, "sign-in").ok).toBe(true);

    const old = signChallenge(SECRET, "sign-in", new Date(Date.now() - CHALLENGE_MS - 1000));
    const expired = await signInWith({ response: assert(newDevice(), old.value) });
    expect(expired.status).toBe(400);
    const refusal = (await expired.json()) as { error: string; options?: unknown };
    expect(refusal.error).toContain("expiré");
    expect(refusal.options).toBeTruthy();
  });

  it("refuses a key the site does not know, counting the try", async () => {
    const before = await rows();
    const { value } = signChallenge(SECRET, "sign-in");
    const response = await signInWith({ response: assert(newDevice(), value) });
    expect(response.status).toBe(401);
    // The page then asks the device to stop offering that key.
    expect(await response.json()).toEqual({
      error: expect.stringContaining("Cette clé d'accès n'est pas reconnue") as string,
      unknownKey: true,
    });
    expect(sessionCookie(response)).toBeUndefined();
    expect((await rows()).attempts).toBe(before.attempts + 1);
  });
});

describe("/edit-compte/cles", () => {
  it("answers a stranger's post 401 before reading its body", async () => {
    const { hostname, port } = new URL(app.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname);
      let text = "";
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error("no answer while the body was unsent"));
      }, 5000);
      socket.setEncoding("utf8");
      socket.on("data", (chunk: string) => (text += chunk));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearTimeout(timer);
        resolve(text);
      });
      socket.write(
        [
          "POST /edit-compte/cles HTTP/1.1",
          `Host: ${hostname}:${port}`,
          `Origin: ${app.url}`,
          "Content-Type: application/x-www-form-urlencoded",
          `Content-Length: ${1024 * 1024}`,
          "",
          "",
        ].join("\r\n"),
      );
      socket.write("intent=cle-ajouter&reponse=" + "a".repeat(1000));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
    expect(answer).toContain("Votre session a expiré");
  });

  it("adds a key, signs in with it once per challenge, removes it; a removed key is refused", async () => {
    const sophie = await newAccount("sophie.cle@exemple.ca");
    const phone = newDevice();
    const added = await addKey(sophie.cookie, phone);
    expect(added.status).toBe(200);
    expect(await added.text()).toContain("Clé d'accès ajoutée");
    const [stored] = await app.db().select().from(staffPasskeys).where(eq(staffPasskeys.user_id, sophie.id));
    expect(stored).toMatchObject({
      id: b64url(phone.id),
      device: "Chrome sur Android",
      transports: ["internal", "hybrid"],
    });
    // The session that added it now counts as opened with a second factor.
    const [session] = await app.db().select().from(sessions).where(eq(sessions.user_id, sophie.id));
    expect(session!.second_factor).toBe(true);
    // Mon compte lists it, and the next prompt excludes it.
    expect(await (await app.fetch("/edit-compte", { headers: { cookie: sophie.cookie } })).text()).toContain(
      "Chrome sur Android",
    );
    const again = (await (await keysPost(sophie.cookie, { intent: "cle-preparer" })).json()) as {
      options: { optionsJSON: { excludeCredentials: { id: string }[]; pubKeyCredParams: { alg: number }[] } };
    };
    expect(again.options.optionsJSON.excludeCredentials.map((c) => c.id)).toEqual([b64url(phone.id)]);
    // The signatures devices make (EdDSA, ES256, RS256), not Node's experimental post-quantum one.
    expect(again.options.optionsJSON.pubKeyCredParams.map((p) => p.alg)).toEqual([-8, -7, -257]);

    // Signing in: one request, the redirect of a new session opened with a second factor.
    const { value } = signChallenge(SECRET, "sign-in");
    const signedIn = await signInWith({ response: assert(phone, value), retour: "/edit-service" });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/edit-service");
    const cookie = sessionCookie(signedIn)!;
    expect((await app.fetch("/edit", { headers: { cookie } })).status).toBe(200);
    const [last] = await app
      .db()
      .select()
      .from(staffPasskeys)
      .where(eq(staffPasskeys.id, b64url(phone.id)));
    expect(last!.counter).toBe(1);
    expect(last!.last_used_at).toBeTruthy();
    // The same challenge again with the same key: refused (an answer is used once).
    const replay = await signInWith({ response: assert(phone, value) });
    expect(replay.status).toBe(401);
    expect(sessionCookie(replay)).toBeUndefined();
    // A signature made for another site (or over the wrong origin) is refused.
    const elsewhere = await signInWith({
      response: assert(phone, signChallenge(SECRET, "sign-in").value, { origin: "https://ailleurs.ca" }),
    });
    expect(elsewhere.status).toBe(401);

    // Another account cannot remove it; its owner can.
    const other = await newAccount("autre.cle@exemple.ca");
    const foreign = await keysPost(other.cookie, { intent: "cle-retirer", id: b64url(phone.id) });
    expect(foreign.status).toBe(404);
    expect(await foreign.text()).toContain("n'est plus dans votre compte");
    expect(
      await app
        .db()
        .select()
        .from(staffPasskeys)
        .where(eq(staffPasskeys.id, b64url(phone.id))),
    ).toHaveLength(1);
    const removed = await keysPost(sophie.cookie, { intent: "cle-retirer", id: b64url(phone.id) });
    expect(removed.status).toBe(200);
    expect(await removed.text()).toContain("Clé d'accès retirée");
    const refused = await signInWith({ response: assert(phone, signChallenge(SECRET, "sign-in").value) });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain("n'est pas reconnue");
  });

  it("refuses a key made for another account's prompt, or a broken answer, and keeps nothing", async () => {
    const paul = await newAccount("paul.cle@exemple.ca");
    const before = await rows();
    const theirs = signChallenge(SECRET, "account:00000000-0000-4000-8000-000000000000");
    const wrong = await keysPost(paul.cookie, {
      intent: "cle-ajouter",
      reponse: JSON.stringify(register(newDevice(), theirs.value)),
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("n'a pas pu être vérifiée");
    const broken = await keysPost(paul.cookie, { intent: "cle-ajouter", reponse: "{pas du json" });
    expect(broken.status).toBe(400);
    expect(await broken.text()).toContain("illisible");
    expect(await rows()).toEqual(before);
  });

  it("refuses the key of an account turned off, as the password is", async () => {
    const lea = await newAccount("lea.cle@exemple.ca");
    const phone = newDevice();
    expect((await addKey(lea.cookie, phone)).status).toBe(200);
    expect((await changeAccount(app.db(), lea.id, { active: false })).ok).toBe(true);
    const response = await signInWith({ response: assert(phone, signChallenge(SECRET, "sign-in").value) });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Ce compte est désactivé");
    expect(sessionCookie(response)).toBeUndefined();
  });
});

describe("an invitation answered with a passkey", () => {
  it("makes the account with that key and no password, and signs the person in", async () => {
    const made = await createInvitation(app.db(), {
      email: "nina.cle@exemple.ca",
      name: "Nina Cloutier",
      roles: ["ventes"],
      invitedBy: "Test",
    });
    if (typeof made === "string") throw new Error(made);
    const page = await app.fetch(`/invitation/${made.token}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("optionsJSON");

    const phone = newDevice();
    const post = (reponse: string) =>
      app.fetch(`/invitation/${made.token}`, {
        method: "POST",
        headers: { "user-agent": ANDROID },
        body: new URLSearchParams({ intent: "cle", reponse }),
      });
    // An answer to another invitation's prompt makes nothing.
    const stray = await post(JSON.stringify(register(phone, signChallenge(SECRET, "invitation:autre").value)));
    expect(stray.status).toBe(400);
    expect(await app.db().select().from(adminUsers).where(eq(adminUsers.email, "nina.cle@exemple.ca"))).toHaveLength(0);

    const challenge = signChallenge(SECRET, `invitation:${made.invitation.id}`).value;
    const accepted = await post(JSON.stringify(register(phone, challenge)));
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/edit");
    expect(sessionCookie(accepted)).toBeTruthy();
    const [account] = await app.db().select().from(adminUsers).where(eq(adminUsers.email, "nina.cle@exemple.ca"));
    expect(account).toMatchObject({
      username: "nina.cle@exemple.ca",
      display_name: "Nina Cloutier",
      roles: ["ventes"],
    });
    expect(account!.password_hash).toBe("");
    // Mon compte says how to choose a password, since there is no current one to type.
    const mine = await app.fetch("/edit-compte", { headers: { cookie: sessionCookie(accepted)! } });
    expect((await mine.text()).replaceAll("&#x27;", "'")).toContain("Votre compte n'a pas de mot de passe");
    const [key] = await app.db().select().from(staffPasskeys).where(eq(staffPasskeys.user_id, account!.id));
    expect(key!.id).toBe(b64url(phone.id));
    const [session] = await app.db().select().from(sessions).where(eq(sessions.user_id, account!.id));
    expect(session!.second_factor).toBe(true);

    // The link has served: the same answer again makes nothing more.
    expect((await post(JSON.stringify(register(phone, challenge)))).status).toBe(410);
    // And the key signs the person in.
    const signedIn = await signInWith({ response: assert(phone, signChallenge(SECRET, "sign-in").value) });
    expect(signedIn.status).toBe(302);
    // Its only key is its only way in: Mon compte keeps it.
    const last = await keysPost(sessionCookie(accepted)!, { intent: "cle-retirer", id: b64url(phone.id) });
    expect(last.status).toBe(409);
    expect(await app.db().select().from(staffPasskeys).where(eq(staffPasskeys.user_id, account!.id))).toHaveLength(1);
  });
});

// The authenticator app as a person uses it: set up in Mon compte with a code computed from the secret
// the page shows, then asked after the password at every sign-in (each code once, recovery codes once,
// throttled like passwords), and the owner's rule that requires a second factor of the whole team.
import { eq } from "drizzle-orm";
import { generate } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import { adminUsers, staffPasskeys } from "../../server/db/schema";
import { readCodeTicket, signCodeTicket } from "../../app/features/staff-session/second-step.server";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

/** The security notices received by an address, by subject, once `count` have come. */
async function noticesTo(address: string, count: number): Promise<string[]> {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const subjects = smtp.received.filter((m) => m.envelope.to.includes(address)).map((m) => m.mail.subject ?? "");
    if (subjects.length >= count) return subjects;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Fewer than ${count} emails to ${address}`);
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields);
const post = (cookie: string, path: string, fields: Record<string, string>) =>
  app.fetch(path, { method: "POST", headers: { cookie }, body: form(fields) });
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => /^sid=./.test(c))
    ?.split(";")[0];
/** The app's code for a moment `seconds` from now. */
const codeAt = (secret: string, seconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + seconds });

async function passwordStep(username: string, password = TEST_ADMIN.password) {
  const response = await app.fetch("/login.data", { method: "POST", body: form({ username, password }) });
  return { response, text: await response.text() };
}
const ticketOf = (text: string) => /"(\w[\w-]+\.\d+\.[\w-]+)"/.exec(text)?.[1];
const codeStep = (ticket: string, code: string) =>
  app.fetch("/login", { method: "POST", body: form({ intent: "code", ticket, code }), redirect: "manual" });

/** A new account with the test admin's password, and a session for it opened with the password alone. */
async function account(username: string, roles: ("ventes" | "service" | "contenu" | "proprietaire")[]) {
  const [admin] = await app.db().select().from(adminUsers).where(eq(adminUsers.username, TEST_ADMIN.username));
  const [row] = await app
    .db()
    .insert(adminUsers)
    .values({ username, email: username, display_name: username, password_hash: admin!.password_hash, roles })
    .returning();
  const cookie = `sid=${await createSession(app.db(), row!.id, sessionPolicy(app.services.config))}`;
  return { id: row!.id, cookie };
}

async function turnOnApp(cookie: string) {
  expect((await post(cookie, "/edit-compte/application.data", { intent: "commencer" })).status).toBe(200);
  const page = await (await app.fetch("/edit-compte", { headers: { cookie } })).text();
  const shown = /data-testid="authenticator-secret"[^>]*>(.*?)<\/p>/.exec(page)![1]!;
  const secret = shown.replace(/<[^>]*>|\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // On the phone that holds the app, a link opens it with the key.
  expect(page).toContain(`otpauth://totp/`);
  const wrong = await post(cookie, "/edit-compte/application.data", { intent: "activer", code: "000000" });
  expect(wrong.status).toBe(400);
  expect(await wrong.text()).toContain("Ce code n'est pas celui de l'application");
  const done = await post(cookie, "/edit-compte/application.data", {
    intent: "activer",
    code: await codeAt(secret),
  });
  expect(done.status).toBe(200);
  const codes = [...(await done.text()).matchAll(/[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/g)].map((m) => m[0]);
  expect(new Set(codes).size).toBe(10);
  return { secret, codes };
}

describe("the authenticator app", () => {
  it("is set up with a first code, then asked after the password: each code once, recovery codes once", async () => {
    const me = await account("gabrielle@exemple.ca", ["ventes"]);
    const { secret, codes } = await turnOnApp(me.cookie);
    expect(await (await app.fetch("/edit-compte", { headers: { cookie: me.cookie } })).text()).toContain(
      "Codes de récupération restants\u00a0: 10 sur 10",
    );

    // The right password no longer opens a session: the page asks for the code.
    const first = await passwordStep("gabrielle@exemple.ca");
    expect(first.response.status).toBe(200);
    expect(sessionCookie(first.response)).toBeUndefined();
    const ticket = ticketOf(first.text)!;
    expect(ticket).toBeDefined();

    const wrong = await codeStep(ticket, "123456");
    expect(wrong.status).toBe(401);
    expect(sessionCookie(wrong)).toBeUndefined();
    // The code of the next 30 seconds (the activation spent this one's): accepted once.
    const next = await codeAt(secret, 30);
    const right = await codeStep(ticket, next);
    expect(right.status).toBe(302);
    const cookie = sessionCookie(right)!;
    expect((await app.fetch("/edit-demandes", { headers: { cookie } })).status).toBe(200);
    expect((await codeStep(ticket, next)).status).toBe(401);

    // A recovery code, typed in lower case with a space: once.
    const typed = codes[0]!.toLowerCase().replace("-", " ");
    expect((await codeStep(ticket, typed)).status).toBe(302);
    expect((await codeStep(ticket, typed)).status).toBe(401);
    expect(await (await app.fetch("/edit-compte", { headers: { cookie } })).text()).toContain("9 sur 10");
    // The account's owner is told of the app turned on and of the recovery code spent (the app's own
    // code is not news); each notice says what to do if it was not them.
    expect(await noticesTo("gabrielle@exemple.ca", 2)).toEqual([
      "Application d'authentification activée",
      "Connexion avec un code de récupération",
    ]);
    const notice = smtp.received.find((m) => m.mail.subject === "Connexion avec un code de récupération")!;
    expect(notice.mail.text).toContain("Un code de récupération a servi à ouvrir une session sur votre compte le ");
    expect(notice.mail.text).toContain("Si ce n'est pas vous, choisissez tout de suite un nouveau mot de passe");
    expect(notice.mail.text).toContain("/mot-de-passe-oublie");

    // A ticket that is not this site's, or out of time, starts the sign-in again.
    expect(await (await codeStep(`${me.id}.${Date.now() + 60_000}.forged`, next)).text()).toContain("expired");
    const secretKey = app.services.secret;
    const old = signCodeTicket(secretKey, me.id, new Date(Date.now() - 6 * 60_000));
    expect(readCodeTicket(secretKey, old)).toBeNull();
    expect(readCodeTicket(secretKey, signCodeTicket(secretKey, me.id))).toBe(me.id);
  });

  it("throttles wrong codes as it throttles passwords", async () => {
    await account("codes@exemple.ca", ["ventes"]).then(({ cookie }) => turnOnApp(cookie));
    const ticket = ticketOf((await passwordStep("codes@exemple.ca")).text)!;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await codeStep(ticket, "000000")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("gives new recovery codes and turns off with a code, and the password alone signs in again", async () => {
    const me = await account("olivier@exemple.ca", ["service"]);
    const { secret, codes } = await turnOnApp(me.cookie);
    const refused = await post(me.cookie, "/edit-compte/application.data", {
      intent: "nouveaux-codes",
      code: codes[1]!,
    });
    expect(refused.status).toBe(400);
    const renewed = await post(me.cookie, "/edit-compte/application.data", {
      intent: "nouveaux-codes",
      code: await codeAt(secret, 30),
    });
    expect(renewed.status).toBe(200);
    const fresh = [...(await renewed.text()).matchAll(/[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/g)].map((m) => m[0]);
    expect(fresh).toHaveLength(10);
    const ticket = ticketOf((await passwordStep("olivier@exemple.ca")).text)!;
    expect((await codeStep(ticket, codes[2]!)).status).toBe(401);

    expect(
      (await post(me.cookie, "/edit-compte/application.data", { intent: "desactiver", code: fresh[0]! })).status,
    ).toBe(200);
    const plain = await app.fetch("/login", {
      method: "POST",
      body: form({ username: "olivier@exemple.ca", password: TEST_ADMIN.password }),
      redirect: "manual",
    });
    expect(plain.status).toBe(302);
    expect(sessionCookie(plain)).toBeDefined();
    expect(await noticesTo("olivier@exemple.ca", 2)).toEqual([
      "Application d'authentification activée",
      "Application d'authentification désactivée",
    ]);
  });
});

describe("the owner's rule", () => {
  it("is refused to an owner whose own session lacks a second factor", async () => {
    const owner = await app.login();
    const answer = await post(owner, "/edit-equipe.data", { intent: "deuxieme-etape", exiger: "1" });
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("Ajoutez d'abord une clé d'accès");
  });

  it("sends a session opened with the password alone to Mon compte until it adds a factor", async () => {
    const owner = await account("proprio@exemple.ca", ["proprietaire"]);
    await turnOnApp(owner.cookie);
    expect((await post(owner.cookie, "/edit-equipe.data", { intent: "deuxieme-etape", exiger: "1" })).status).toBe(200);
    // The team screen names who has neither a passkey nor the app.
    const withKey = await account("cle@exemple.ca", ["contenu"]);
    await app.db().insert(staffPasskeys).values({ id: "cle-test", user_id: withKey.id, public_key: "AQID" });
    const team = await (await app.fetch("/edit-equipe", { headers: { cookie: owner.cookie } })).text();
    const without = /data-testid="accounts-without-second-factor"[^>]*>([^<]*)</.exec(team)![1]!;
    expect(without).toContain(TEST_ADMIN.username);
    expect(without).not.toContain("proprio@exemple.ca");
    expect(without).not.toContain("cle@exemple.ca");

    const seller = await account("sansfacteur@exemple.ca", ["ventes"]);
    const page = await app.fetch("/edit-demandes", { headers: { cookie: seller.cookie }, redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/edit-compte?securite=exigee");
    const change = await post(seller.cookie, "/edit-demandes.data", { intent: "note" });
    expect(change.status).toBe(403);
    expect(await change.text()).toContain("Le propriétaire exige une clé d'accès");
    const mine = await app.fetch("/edit-compte", { headers: { cookie: seller.cookie } });
    expect(mine.status).toBe(200);
    expect(await mine.text()).toContain("Le propriétaire exige une deuxième étape");

    // Setting up the app opens the screens in this very session.
    await turnOnApp(seller.cookie);
    expect((await app.fetch("/edit-demandes", { headers: { cookie: seller.cookie } })).status).toBe(200);

    expect((await post(owner.cookie, "/edit-equipe.data", { intent: "deuxieme-etape" })).status).toBe(200);
    const other = await account("libre@exemple.ca", ["ventes"]);
    expect((await app.fetch("/edit-demandes", { headers: { cookie: other.cookie } })).status).toBe(200);
  });
});

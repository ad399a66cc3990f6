// 'Mot de passe oublié': the same answer whether the address has an account or not; the emailed link
// (a real SMTP server) works within an hour and once, ends every session of its account and signs
// this browser in; requests are throttled as sign-ins are.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPasswordReset } from "../../server/auth/password-resets";
import { sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import { adminUsers } from "../../server/db/schema";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let worker: OutboxWorker;
let accountId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
    TRUST_PROXY: "1",
  });
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
  const [account] = await app
    .db()
    .insert(adminUsers)
    .values({
      username: "nora@exemple.ca",
      email: "nora@exemple.ca",
      display_name: "Nora",
      password_hash: "x",
      roles: ["ventes"],
    })
    .returning();
  accountId = account!.id;
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

const ask = (email: string, from = "203.0.113.7") =>
  app.fetch("/mot-de-passe-oublie", {
    method: "POST",
    headers: { "x-forwarded-for": from },
    body: new URLSearchParams({ email }),
  });
const choose = (path: string, password: string, confirmation = password) =>
  app.fetch(path, { method: "POST", body: new URLSearchParams({ password, confirmation }) });
// The answer without what changes from one page to the next (the CSP nonce).
const answerOf = async (response: Response) =>
  (await response.text()).replace(/nonce="[^"]*"/g, "").replace(/nonce=[^\s>]+/g, "");

describe("a forgotten password", () => {
  it("answers the same for any address, and emails a link that works once", async () => {
    const session = `sid=${await createSession(app.db(), accountId, sessionPolicy(app.services.config))}`;
    const known = await ask("Nora@Exemple.ca", "203.0.113.1");
    const unknown = await ask("personne@exemple.ca", "203.0.113.2");
    expect(known.status).toBe(unknown.status);
    expect(await answerOf(known)).toBe(await answerOf(unknown));

    const [mail] = await smtp.waitForMessages(1);
    expect(mail!.envelope.to).toEqual(["nora@exemple.ca"]);
    expect(mail!.mail.subject).toBe("Choisir un nouveau mot de passe pour Boréal Distributrices");
    expect(mail!.mail.text).toContain("vaut une heure");
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(1);
    const link = /\/mot-de-passe\/[\w-]{43}/.exec(mail!.mail.text ?? "")![0];

    expect((await app.fetch(link)).status).toBe(200);
    expect((await choose(link, "court")).status).toBe(400);
    expect((await choose(link, "une phrase assez longue", "autre chose")).status).toBe(400);
    const done = await choose(link, "une phrase assez longue");
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/edit");
    expect(done.headers.getSetCookie().some((c) => c.startsWith("sid="))).toBe(true);
    // The account's owner is told that the password changed, with the way back if it was not them.
    const [, notice] = await smtp.waitForMessages(2);
    expect(notice!.envelope.to).toEqual(["nora@exemple.ca"]);
    expect(notice!.mail.subject).toBe("Le mot de passe de votre compte a été changé");
    expect(notice!.mail.text).toContain("/mot-de-passe-oublie");
    // Every earlier session of the account ends; the link works once.
    expect((await app.fetch("/edit", { headers: { cookie: session } })).status).toBe(404);
    expect((await choose(link, "une autre phrase longue")).status).toBe(410);
    expect((await app.fetch(link)).status).toBe(410);
    const signIn = await app.fetch("/login", {
      method: "POST",
      body: new URLSearchParams({ username: "nora@exemple.ca", password: "une phrase assez longue" }),
    });
    expect(signIn.status).toBe(302);
  });

  it("refuses a link over an hour old, and a flood of requests from one sender", async () => {
    const token = await createPasswordReset(app.db(), accountId, new Date(Date.now() - 61 * 60 * 1000));
    expect((await choose(`/mot-de-passe/${token}`, "une phrase assez longue")).status).toBe(410);

    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await ask("inconnu@exemple.ca", "198.51.100.9")).status);
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
    expect((await ask("pas-une-adresse", "198.51.100.10")).status).toBe(400);
  });
});

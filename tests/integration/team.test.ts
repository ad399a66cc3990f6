// The team, as the owner runs it from /edit-equipe and an invited person answers: the invitation by
// email (a real SMTP server), its link used once and only within 48 hours, roles changed, an account
// turned off (its sessions end at once), and the last owner kept.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInvitation } from "../../server/auth/invitations";
import { sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import {
  adminUsers,
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  installations,
  serviceTickets,
  sessions,
  staffInvitations,
} from "../../server/db/schema";
import { newContactRequest } from "../support/contact-requests";
import { startOutboxWorker, type OutboxWorker } from "../../server/outbox/worker";
import { startTestApp, TEST_ADMIN, type TestApp } from "../support/server";
import { startSmtpServer, type TestSmtpServer } from "../support/smtp";

let app: TestApp;
let smtp: TestSmtpServer;
let owner: string;
let worker: OutboxWorker;

beforeAll(async () => {
  smtp = await startSmtpServer();
  app = await startTestApp({
    SMTP_URL: smtp.url,
    MAIL_FROM: "Boréal Distributrices <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
  });
  owner = await app.login();
  worker = startOutboxWorker({ db: app.db(), smtpUrl: smtp.url, pollMs: 60_000 });
}, 300_000);
afterAll(async () => {
  await worker?.stop();
  await app?.close();
  await smtp?.close();
});

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  app.fetch(path, { method: "POST", headers: { cookie }, body: new URLSearchParams(fields) });

const invite = (email: string, name: string, roles: string[]) =>
  post(owner, "/edit-equipe.data", {
    intent: "inviter",
    email,
    name,
    ...Object.fromEntries(roles.map((r) => [`roles.${r}`, "on"])),
  });

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .find((c) => /^(__Host-)?sid=/.test(c))
    ?.split(";")[0];

/** The first email the SMTP server accepted for this address (others may arrive in any order). */
async function mailTo(address: string) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    const found = smtp.received.find((m) => m.envelope.to.includes(address));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`No email to ${address}`);
}

async function account(username: string) {
  const [row] = await app.db().select().from(adminUsers).where(eq(adminUsers.username, username));
  return row!;
}

describe("the team", () => {
  it("invites a person by email; the link makes their account once, signed in with only their role's screens", async () => {
    const sent = await invite("Luc.Tremblay@Exemple.ca", "Luc Tremblay", ["service"]);
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain("Invitation envoyée");

    const mail = await mailTo("luc.tremblay@exemple.ca");
    expect(mail.envelope.to).toEqual(["luc.tremblay@exemple.ca"]);
    expect(mail.mail.subject).toBe("Invitation à l'équipe de Boréal Distributrices");
    const text = mail.mail.text ?? "";
    // The test admin has no name yet: the email does not show its username.
    expect(text).toContain("On vous invite à rejoindre l'équipe de Boréal Distributrices");
    expect(text).not.toContain(TEST_ADMIN.username);
    expect(text).toContain("Service");
    const link = /\/invitation\/[\w-]{43}/.exec(text)?.[0];
    expect(link).toBeDefined();

    const page = await app.fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("luc.tremblay@exemple.ca");

    const short = await post("", link!, { password: "court", confirmation: "court" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("au moins 12 caractères");
    const mismatch = await post("", link!, { password: "une phrase assez longue", confirmation: "une autre" });
    expect(mismatch.status).toBe(400);

    const accepted = await post("", link!, {
      password: "une phrase assez longue",
      confirmation: "une phrase assez longue",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("location")).toBe("/edit");
    const cookie = sessionCookie(accepted)!;
    expect((await app.fetch("/edit-service", { headers: { cookie } })).status).toBe(200);
    expect((await app.fetch("/edit-demandes", { headers: { cookie } })).status).toBe(404);
    expect(await account("luc.tremblay@exemple.ca")).toMatchObject({
      display_name: "Luc Tremblay",
      email: "luc.tremblay@exemple.ca",
      roles: ["service"],
      active: true,
    });

    // Used once: the same link no longer works, and signing in is by the address and password.
    const again = await post("", link!, {
      password: "une phrase assez longue",
      confirmation: "une phrase assez longue",
    });
    expect(again.status).toBe(410);
    expect((await app.fetch(link!)).status).toBe(410);
    // A phone capitalises the address's first letter: it still signs in.
    const signIn = await post("", "/login", {
      username: "Luc.tremblay@exemple.ca",
      password: "une phrase assez longue",
    });
    expect(signIn.status).toBe(302);
    // Turned off, the right password says so rather than 'incorrect'.
    const luc = await account("luc.tremblay@exemple.ca");
    expect((await post(owner, "/edit-equipe.data", { intent: "desactiver", id: luc.id })).status).toBe(200);
    const refused = await post("", "/login", {
      username: "luc.tremblay@exemple.ca",
      password: "une phrase assez longue",
    });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Ce compte est désactivé");
    expect((await post(owner, "/edit-equipe.data", { intent: "reactiver", id: luc.id })).status).toBe(200);

    // An address with an invitation waiting is sent it again ('Renvoyer'), not a second one.
    expect((await invite("nina@exemple.ca", "Nina", ["contenu"])).status).toBe(200);
    const twiceWaiting = await invite("Nina@exemple.ca", "Nina", ["contenu"]);
    expect(twiceWaiting.status).toBe(409);
    expect(await twiceWaiting.text()).toContain("Une invitation attend déjà cette adresse");
    const [waiting] = await app
      .db()
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, "nina@exemple.ca"));
    const resent = await post(owner, "/edit-equipe.data", { intent: "renvoyer-invitation", id: waiting!.id });
    expect(resent.status).toBe(200);
    expect(await resent.text()).toContain("Invitation renvoyée");

    // An address that already has an account cannot be invited again.
    const twice = await invite("luc.tremblay@exemple.ca", "Luc", ["ventes"]);
    expect(twice.status).toBe(409);
    expect(await twice.text()).toContain("Un compte existe déjà pour cette adresse");
  });

  it("refuses an expired or unknown link, and a form with no role or no address, changing nothing", async () => {
    const old = await createInvitation(
      app.db(),
      { email: "ancien@exemple.ca", name: "Ancien", roles: ["ventes"], invitedBy: "Test" },
      new Date(Date.now() - 49 * 60 * 60 * 1000),
    );
    const expired = await post("", `/invitation/${(old as { token: string }).token}`, {
      password: "une phrase assez longue",
      confirmation: "une phrase assez longue",
    });
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain("ne fonctionne plus");
    expect((await app.fetch(`/invitation/${"x".repeat(43)}`)).status).toBe(410);
    expect(await app.db().select().from(adminUsers).where(eq(adminUsers.username, "ancien@exemple.ca"))).toEqual([]);

    const before = await app.db().select().from(staffInvitations);
    const noRole = await invite("marie@exemple.ca", "Marie", []);
    expect(noRole.status).toBe(400);
    expect(await noRole.text()).toContain("Cochez au moins un rôle.");
    const noAddress = await invite("marie", "Marie", ["ventes"]);
    expect(noAddress.status).toBe(400);
    expect(await app.db().select().from(staffInvitations)).toHaveLength(before.length);
  });

  it("changes roles, turns an account off (ending its sessions at once) and on again", async () => {
    const [person] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "julie@exemple.ca", display_name: "Julie", password_hash: "unused", roles: ["ventes"] })
      .returning();
    const cookie = `sid=${await createSession(app.db(), person!.id, sessionPolicy(app.services.config))}`;
    expect((await app.fetch("/edit-products", { headers: { cookie } })).status).toBe(404);

    // What she does on a request is signed with her name: the note, the stage change, the journal.
    const [lead] = await app.db().insert(contactRequests).values(newContactRequest()).returning();
    const page = `/edit-demandes/${lead!.id}`;
    expect((await post(cookie, `${page}.data`, { intent: "note", id: lead!.id, body: "Rappeler lundi." })).status).toBe(
      200,
    );
    expect((await post(cookie, `${page}.data`, { intent: "statut", id: lead!.id, stage: "en-cours" })).status).toBe(
      200,
    );
    const [written] = await app
      .db()
      .select()
      .from(contactRequestNotes)
      .where(eq(contactRequestNotes.contact_request_id, lead!.id));
    expect(written!.account).toBe("Julie");
    const [moved] = await app
      .db()
      .select()
      .from(contactRequestStageChanges)
      .where(eq(contactRequestStageChanges.contact_request_id, lead!.id));
    expect(moved!.account).toBe("Julie");
    const shown = await (await app.fetch(page, { headers: { cookie } })).text();
    expect(shown).toMatch(/Julie · (<\/span>)?<time/);
    expect(shown).toContain(" · Julie");

    const changed = await post(owner, "/edit-equipe.data", { intent: "roles", id: person!.id, "roles.contenu": "on" });
    expect(changed.status).toBe(200);
    expect((await app.fetch("/edit-products", { headers: { cookie } })).status).toBe(200);
    expect((await app.fetch("/edit-demandes", { headers: { cookie } })).status).toBe(404);

    const off = await post(owner, "/edit-equipe.data", { intent: "desactiver", id: person!.id });
    expect(off.status).toBe(200);
    expect((await app.fetch("/edit", { headers: { cookie } })).status).toBe(404);
    expect(await app.db().select().from(sessions).where(eq(sessions.user_id, person!.id))).toEqual([]);
    expect((await account("julie@exemple.ca")).active).toBe(false);

    const on = await post(owner, "/edit-equipe.data", { intent: "reactiver", id: person!.id });
    expect(on.status).toBe(200);
    expect((await account("julie@exemple.ca")).active).toBe(true);

    // The journal names who did it.
    const journal = await (await app.fetch("/edit-journal", { headers: { cookie: owner } })).text();
    expect(journal).toContain("Compte désactivé");
    expect(journal).toContain("Julie");
  });

  it("names the inviter in the invitation once their account has a name", async () => {
    const [sophie] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "sophie", display_name: "Sophie Gagnon", password_hash: "unused", roles: ["proprietaire"] })
      .returning();
    const cookie = `${owner.split("=")[0]}=${await createSession(app.db(), sophie!.id, sessionPolicy(app.services.config))}`;
    const sent = await post(cookie, "/edit-equipe.data", {
      intent: "inviter",
      email: "nadia@exemple.ca",
      name: "Nadia",
      "roles.contenu": "on",
    });
    expect(sent.status).toBe(200);
    const text = (await mailTo("nadia@exemple.ca")).mail.text ?? "";
    expect(text).toContain("Sophie Gagnon vous invite à rejoindre l'équipe de Boréal Distributrices");
    // The later tests count the owners.
    await app.db().delete(adminUsers).where(eq(adminUsers.id, sophie!.id));
  });

  it("gives a request to a salesperson, who is emailed and finds it under 'Mes demandes'", async () => {
    const [marc] = await app
      .db()
      .insert(adminUsers)
      .values({
        username: "marc@exemple.ca",
        email: "marc@exemple.ca",
        display_name: "Marc Roy",
        password_hash: "unused",
        roles: ["ventes"],
      })
      .returning();
    const [tech] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "tech@exemple.ca", password_hash: "unused", roles: ["service"] })
      .returning();
    const cookie = `sid=${await createSession(app.db(), marc!.id, sessionPolicy(app.services.config))}`;
    const [lead] = await app
      .db()
      .insert(contactRequests)
      .values(newContactRequest({ nom_complet: "Hélène Caron" }))
      .returning();
    const page = `/edit-demandes/${lead!.id}.data`;

    const refused = await post(owner, page, { intent: "assigner", id: lead!.id, compte: tech!.id });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("ne peut pas suivre les demandes");

    const given = await post(owner, page, { intent: "assigner", id: lead!.id, compte: marc!.id });
    expect(given.status).toBe(200);
    expect(await given.text()).toContain("Demande confiée à Marc Roy");
    const mail = await mailTo("marc@exemple.ca");
    expect(mail.mail.subject).toBe("Demande confiée\u00a0: Hélène Caron");
    expect(mail.mail.text).toContain(`/login?retour=/edit-demandes/${lead!.id}`);

    // Erasing is the owner's: Marc's post is refused and changes nothing.
    const erase = await post(cookie, page, { intent: "supprimer", id: lead!.id, confirmation: "supprimer" });
    expect(erase.status).toBe(403);
    expect(await erase.text()).toContain("Seul le propriétaire du site peut effacer");
    expect(await app.db().select().from(contactRequests).where(eq(contactRequests.id, lead!.id))).toHaveLength(1);

    const mine = await (await app.fetch("/edit-demandes?dossier=miennes", { headers: { cookie } })).text();
    expect(mine).toContain("Hélène Caron");
    const unassigned = await (await app.fetch("/edit-demandes?dossier=non-assignees", { headers: { cookie } })).text();
    expect(unassigned).not.toContain("Hélène Caron");
    const ownersOwn = await (await app.fetch("/edit-demandes?dossier=miennes", { headers: { cookie: owner } })).text();
    expect(ownersOwn).not.toContain("Hélène Caron");

    // Given back to no one, it is among 'Non assignées' again.
    expect((await post(owner, page, { intent: "assigner", id: lead!.id, compte: "" })).status).toBe(200);
    const again = await (await app.fetch("/edit-demandes?dossier=non-assignees", { headers: { cookie } })).text();
    expect(again).toContain("Hélène Caron");

    // Given to Marc again, then Marc's account turned off: the request goes back to no one.
    expect((await post(owner, page, { intent: "assigner", id: lead!.id, compte: marc!.id })).status).toBe(200);
    expect((await post(owner, "/edit-equipe.data", { intent: "desactiver", id: marc!.id })).status).toBe(200);
    const [after] = await app.db().select().from(contactRequests).where(eq(contactRequests.id, lead!.id));
    expect(after!.assigned_to).toBeNull();
  });

  it("gives a ticket to a technician, who is emailed and finds it under 'Mes signalements'", async () => {
    const [tech] = await app
      .db()
      .insert(adminUsers)
      .values({
        username: "sam@exemple.ca",
        email: "sam@exemple.ca",
        display_name: "Sam Fortin",
        password_hash: "unused",
        roles: ["service"],
      })
      .returning();
    const [seller] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "vendeur@exemple.ca", password_hash: "unused", roles: ["ventes"] })
      .returning();
    const cookie = `sid=${await createSession(app.db(), tech!.id, sessionPolicy(app.services.config))}`;
    const [installed] = await app
      .db()
      .insert(installations)
      .values({ code: "BD-T3AM", client_name: "Garage Roy", address: "Lévis", contact_name: "", machine_name: "Mini" })
      .returning();
    const [ticket] = await app
      .db()
      .insert(serviceTickets)
      .values({
        code: "S-T3AMA",
        installation_id: installed!.id,
        kind: "probleme",
        problem: "machine-vide",
        due_at: new Date(),
      })
      .returning();
    const page = `/edit-service/${ticket!.id}.data`;

    expect((await post(owner, page, { intent: "confier", id: ticket!.id, compte: seller!.id })).status).toBe(400);
    const given = await post(owner, page, { intent: "confier", id: ticket!.id, compte: tech!.id });
    expect(given.status).toBe(200);
    const mail = await mailTo("sam@exemple.ca");
    expect(mail.mail.subject).toBe("Signalement confié\u00a0: S-T3AMA, Machine vide");
    expect(mail.mail.text).toContain(`/login?retour=/edit-service/${ticket!.id}`);

    const mine = await (await app.fetch("/edit-service?pour=moi", { headers: { cookie } })).text();
    expect(mine).toContain("S-T3AMA");
    const nobody = await (await app.fetch("/edit-service?pour=personne", { headers: { cookie } })).text();
    expect(nobody).not.toContain("S-T3AMA");
    const journal = await (await app.fetch("/edit-journal", { headers: { cookie: owner } })).text();
    expect(journal).toContain("S-T3AMA confié à Sam Fortin");
  });

  it("keeps the last active owner: not demoted, not turned off, by themselves or anyone", async () => {
    const me = await account(TEST_ADMIN.username);
    const demoted = await post(owner, "/edit-equipe.data", { intent: "roles", id: me.id, "roles.ventes": "on" });
    expect(demoted.status).toBe(409);
    expect(await demoted.text()).toContain("au moins un propriétaire actif");
    expect((await account(TEST_ADMIN.username)).roles).toEqual(["proprietaire"]);
    const self = await post(owner, "/edit-equipe.data", { intent: "desactiver", id: me.id });
    expect(self.status).toBe(409);

    // With a second owner, the first may step down.
    const [second] = await app
      .db()
      .insert(adminUsers)
      .values({ username: "paul@exemple.ca", password_hash: "unused", roles: ["proprietaire"] })
      .returning();
    const secondCookie = `sid=${await createSession(app.db(), second!.id, sessionPolicy(app.services.config))}`;
    const offFirst = await post(secondCookie, "/edit-equipe.data", { intent: "desactiver", id: me.id });
    expect(offFirst.status).toBe(200);
    const lastOff = await post(secondCookie, "/edit-equipe.data", {
      intent: "roles",
      id: second!.id,
      "roles.service": "on",
    });
    expect(lastOff.status).toBe(409);
    // Back as it was for the other tests.
    expect((await post(secondCookie, "/edit-equipe.data", { intent: "reactiver", id: me.id })).status).toBe(200);
  });
});

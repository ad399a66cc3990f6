// The inbox and a request's page over HTTP, through the built app (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): every intent posted as the page's forms post it, answered with the staff
// convention's result (server toasts, field errors by field name); a form posted before the app started
// comes back as a redirect with its toast; and the activity log's French lines for the inbox and the
// other staff screens.
import { eq } from "drizzle-orm";
import { typography } from "~/lib/typography";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { toFormData } from "../../app/lib/form-values";
import { getContactRequest } from "../../app/features/contact-requests/store.server";
import { insertCategory, insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import {
  activityLog,
  contactRequestNotes,
  contactRequests,
  contactRequestStageChanges,
  outboxMessages,
} from "../../server/db/schema";
import { documentPost as postAsDocument } from "../support/document-post";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;

beforeAll(async () => {
  // Email on (replies are queued), no worker: nothing leaves this process.
  app = await startTestApp({
    SMTP_URL: "smtp://127.0.0.1:9",
    MAIL_FROM: "Boréal <ventes@exemple.ca>",
    LEADS_EMAIL: "equipe@exemple.ca",
  });
  cookie = await app.login();
});
afterAll(() => app?.close());
beforeEach(async () => {
  await app.db().delete(contactRequests);
  await app.db().delete(outboxMessages);
  await app.db().delete(activityLog);
});

const RECEIVED = new Date("2026-11-21T19:05:00Z"); // 14 h 05 in Québec

async function newRequest(fields: Partial<typeof contactRequests.$inferInsert> = {}) {
  const [row] = await app
    .db()
    .insert(contactRequests)
    .values({
      nom_complet: "Éloïse Côté",
      courriel: "eloise.cote@exemple.ca",
      description_demande: "Deux distributrices pour la salle des employés.",
      timestamp: RECEIVED.toISOString(),
      created_at: RECEIVED,
      ...fields,
    })
    .returning();
  return row!;
}

/** Posts the fields a form of the request's page posts, as the app's fetchers do (a data request). */
async function post(id: string, fields: Record<string, unknown>, withCookie = true) {
  const response = await app.fetch(`/edit-demandes/${id}.data`, {
    method: "POST",
    body: toFormData(fields),
    headers: withCookie ? { cookie } : {},
  });
  return { status: response.status, text: await response.text() };
}

const journalLines = async () => app.db().select().from(activityLog);

describe("the request's page, each intent as its form posts it", () => {
  it("a signed-out post is 401 and changes nothing", async () => {
    const request = await newRequest();
    for (const fields of [
      { id: request.id, intent: "statut", stage: "gagnee" },
      { id: request.id, intent: "note", body: "Intrus" },
      { id: request.id, confirmation: "supprimer", intent: "supprimer" },
    ]) {
      expect((await post(request.id, fields, false)).status, fields.intent).toBe(401);
    }
    expect(await getContactRequest(app.db(), request.id)).toMatchObject({ stage: "nouvelle" });
    expect(await app.db().select().from(contactRequestNotes)).toHaveLength(0);
    expect(await journalLines()).toHaveLength(0);
  });

  it("statut: moves the request and says so; the same stage again changes nothing", async () => {
    const request = await newRequest();
    const moved = await post(request.id, { id: request.id, intent: "statut", stage: "proposition-envoyee" });
    expect(moved.status).toBe(200);
    expect(moved.text).toContain(typography("Statut changé : Proposition envoyée"));
    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("proposition-envoyee");
    const again = await post(request.id, { id: request.id, intent: "statut", stage: "proposition-envoyee" });
    expect(again.status).toBe(200);
    expect(again.text).toContain("La demande est déjà «\u00a0Proposition envoyée\u00a0».");
    expect(await app.db().select().from(contactRequestStageChanges)).toHaveLength(1);
    const refused = await post(request.id, { id: request.id, intent: "statut", stage: "terminee" });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain("Action inconnue. Veuillez rafraîchir la page.");
  });

  it("note and note-modifier: kept and edited; an empty or too long note is refused on its field", async () => {
    const request = await newRequest();
    const empty = await post(request.id, { id: request.id, intent: "note", body: "  \r\n " });
    expect(empty.status).toBe(400);
    expect(empty.text).toContain("La note est vide.");
    expect(empty.text).toContain("fieldErrors");
    expect(empty.text).toContain('"body"');
    const long = await post(request.id, { id: request.id, intent: "note", body: "x".repeat(5001) });
    expect(long.status).toBe(400);
    expect(long.text).toContain("Une note compte au plus 5000 caractères.");
    expect(await app.db().select().from(contactRequestNotes)).toHaveLength(0);

    const added = await post(request.id, { id: request.id, intent: "note", body: "Rappeler\r\nlundi" });
    expect(added.status).toBe(200);
    expect(added.text).toContain("Note ajoutée");
    const [note] = await app.db().select().from(contactRequestNotes);
    expect(note!.body).toBe("Rappeler\nlundi");
    const edited = await post(request.id, {
      id: request.id,
      noteId: note!.id,
      intent: "note-modifier",
      body: "Rappeler mardi",
    });
    expect(edited.status).toBe(200);
    expect(edited.text).toContain("Note modifiée");
    expect((await app.db().select().from(contactRequestNotes))[0]!.body).toBe("Rappeler mardi");
    const gone = await post(request.id, {
      id: request.id,
      noteId: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
      intent: "note-modifier",
      body: "Perdue",
    });
    expect(gone.status).toBe(404);
    expect(gone.text).toContain("Note introuvable\u00a0: elle a peut-être été supprimée.");
  });

  it("repondre: queues the reply and moves a new request to En cours; a blank reply is refused", async () => {
    const request = await newRequest();
    const blank = await post(request.id, { id: request.id, intent: "repondre", subject: "", body: " " });
    expect(blank.status).toBe(400);
    expect(blank.text).toContain("La réponse est vide.");
    const long = await post(request.id, { id: request.id, intent: "repondre", subject: "x".repeat(201), body: "Oui" });
    expect(long.status).toBe(400);
    expect(long.text).toContain("L'objet compte au plus 200 caractères.");
    expect(await app.db().select().from(outboxMessages)).toHaveLength(0);

    const sent = await post(request.id, { id: request.id, intent: "repondre", subject: "", body: "Bonjour Éloïse," });
    expect(sent.status).toBe(200);
    expect(sent.text).toContain("Réponse en cours d'envoi");
    const [reply] = await app.db().select().from(outboxMessages);
    expect(reply).toMatchObject({ purpose: "reply", contact_request_id: request.id });
    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("en-cours");
  });

  it("renvoyer and renvoyer-courriel: only what failed is sent again", async () => {
    const request = await newRequest({ status: "failed", attempts: 10, last_error: "503" });
    const resent = await post(request.id, { id: request.id, intent: "renvoyer" });
    expect(resent.status).toBe(200);
    expect(resent.text).toContain("Demande remise en file d'envoi");
    expect((await getContactRequest(app.db(), request.id))!.status).toBe("pending");
    const twice = await post(request.id, { id: request.id, intent: "renvoyer" });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain(typography("Cette demande n'est plus en échec : rien à renvoyer."));

    await post(request.id, { id: request.id, intent: "repondre", subject: "", body: "Bonjour" });
    const [email] = await app.db().select().from(outboxMessages);
    const notFailed = await post(request.id, { id: request.id, messageId: email!.id, intent: "renvoyer-courriel" });
    expect(notFailed.status).toBe(409);
    expect(notFailed.text).toContain(typography("Ce courriel n'est plus en échec : rien à renvoyer."));
    await app.db().update(outboxMessages).set({ status: "failed" }).where(eq(outboxMessages.id, email!.id));
    const again = await post(request.id, { id: request.id, messageId: email!.id, intent: "renvoyer-courriel" });
    expect(again.status).toBe(200);
    expect(again.text).toContain("Courriel remis en file d'envoi");
  });

  it("liberer: a request held as spam is released once", async () => {
    const request = await newRequest({ status: "held", spam_check: "honeypot", spam_reason: "Champ caché rempli" });
    const released = await post(request.id, { id: request.id, intent: "liberer" });
    expect(released.status).toBe(200);
    expect(released.text).toContain("Demande libérée\u00a0: elle est transmise et envoyée par courriel");
    expect(await getContactRequest(app.db(), request.id)).toMatchObject({ spam_check: null });
    const twice = await post(request.id, { id: request.id, intent: "liberer" });
    expect(twice.status).toBe(409);
    expect(twice.text).toContain("Cette demande n'est plus dans les indésirables.");
  });

  it("supprimer: erases only with its confirmation", async () => {
    const request = await newRequest();
    expect((await post(request.id, { id: request.id, intent: "supprimer" })).status).toBe(400);
    expect(await getContactRequest(app.db(), request.id)).not.toBeNull();
    // The app is sent to the inbox with the toast: it never reloads the page that no longer exists.
    const response = await app.fetch(`/edit-demandes/${request.id}.data`, {
      method: "POST",
      body: toFormData({ id: request.id, confirmation: "supprimer", intent: "supprimer" }),
      headers: { cookie },
    });
    expect(response.status).toBe(202); // a redirect, as React Router's data requests carry it
    expect(await response.text()).toContain("/edit-demandes");
    expect(await getContactRequest(app.db(), request.id)).toBeNull();
    const flash = response.headers
      .getSetCookie()
      .find((c) => c.startsWith("flash="))!
      .split(";")[0];
    const inbox = await app.fetch("/edit-demandes", { headers: { cookie: `${cookie}; ${flash}` } });
    expect(await inbox.text()).toContain("Demande supprimée, avec ses notes, ses courriels et ses propositions");
    const twice = await post(request.id, { id: request.id, confirmation: "supprimer", intent: "supprimer" });
    expect(twice.status).toBe(404);
    expect(twice.text).toContain("Demande introuvable\u00a0: elle a peut-être été supprimée.");
  });

  it("an unknown intent or a body that is not a form is refused", async () => {
    const request = await newRequest();
    const unknown = await post(request.id, { id: request.id, intent: "traiter" });
    expect(unknown.status).toBe(400);
    expect(unknown.text).toContain("Action inconnue. Veuillez rafraîchir la page.");
    const json = await app.fetch(`/edit-demandes/${request.id}.data`, {
      method: "POST",
      body: JSON.stringify({ id: request.id, intent: "statut", stage: "gagnee" }),
      headers: { cookie, "content-type": "application/json" },
    });
    expect(json.status).toBe(400);
    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("nouvelle");
  });
});

describe("a form posted before the app started (a document post)", () => {
  it("comes back to the request's page with its toast", async () => {
    const request = await newRequest();
    const moved = await documentPost(`/edit-demandes/${request.id}`, {
      id: request.id,
      intent: "statut",
      stage: "gagnee",
    });
    expect(moved.status).toBe(302);
    expect(moved.location).toBe(`/edit-demandes/${request.id}`);
    expect((await getContactRequest(app.db(), request.id))!.stage).toBe("gagnee");
    const page = await app.fetch(moved.location!, { headers: { cookie: `${cookie}; ${moved.flash}` } });
    expect(await page.text()).toContain(typography("Statut changé : Gagnée"));

    const refused = await documentPost(`/edit-demandes/${request.id}`, { id: request.id, intent: "note", body: " " });
    expect(refused.status).toBe(302);
    expect(refused.location).toBe(`/edit-demandes/${request.id}`);
    const shown = await app.fetch(refused.location!, { headers: { cookie: `${cookie}; ${refused.flash}` } });
    expect(await shown.text()).toContain("La note est vide.");
    expect(await app.db().select().from(contactRequestNotes)).toHaveLength(0);
  });

  it("an erased request's page sends back to the inbox, with its toast", async () => {
    const request = await newRequest();
    const erased = await documentPost(`/edit-demandes/${request.id}`, {
      id: request.id,
      confirmation: "supprimer",
      intent: "supprimer",
    });
    expect(erased.status).toBe(302);
    expect(erased.location).toBe("/edit-demandes");
    expect(await getContactRequest(app.db(), request.id)).toBeNull();
    const inbox = await app.fetch("/edit-demandes", { headers: { cookie: `${cookie}; ${erased.flash}` } });
    expect(await inbox.text()).toContain("Demande supprimée, avec ses notes, ses courriels et ses propositions");
  });
});

describe("the activity log", () => {
  /** The journal page's lines (each starts with its time) as text, tags removed. */
  async function journal(): Promise<string[]> {
    const html = await (await app.fetch("/edit-journal", { headers: { cookie } })).text();
    const list = html.slice(html.indexOf('data-testid="journal"'));
    return [...list.matchAll(/<li\b[^>]*>(<time[\s\S]*?)<\/li>/g)].map((m) =>
      m[1]!
        .replace(/<[^>]+>/g, " ")
        .replace(/&#x27;/g, "'")
        .replace(/\s+/g, " ")
        .trim(),
    );
  }

  it("says in French what was done to a request, named by when it arrived, never by the person", async () => {
    const request = await newRequest();
    await post(request.id, { id: request.id, intent: "statut", stage: "gagnee" });
    await post(request.id, { id: request.id, intent: "statut", stage: "gagnee" }); // unchanged: no line
    await post(request.id, { id: request.id, intent: "note", body: " " }); // refused: no line
    await documentPost(`/edit-demandes/${request.id}`, { id: request.id, intent: "note", body: " " }); // refused
    await post(request.id, { id: request.id, intent: "note", body: "Rappeler" });
    await post(request.id, { id: request.id, confirmation: "supprimer", intent: "supprimer" });

    const lines = await journal();
    expect(lines).toHaveLength(3);
    // The wording is checked here; its no-break spaces are the typography's own tests.
    const [erased, noted, moved] = lines.map((line) => line.replace(/[\u00a0\u202f]/g, " "));
    expect(moved).toContain("Étape de la demande changée");
    expect(moved).toContain("Demande reçue le 21 novembre 2026 à 14 h 05 : Nouvelle → Gagnée");
    expect(moved).toContain("Demandes de contact");
    expect(moved).toContain("admin-test");
    expect(noted).toContain("Note ajoutée à une demande");
    expect(erased).toContain("Demande effacée");
    expect(erased).toContain("Demande reçue le 21 novembre 2026 à 14 h 05");
    for (const line of lines) {
      expect(line).not.toContain("Éloïse");
      expect(line).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
      expect(line).not.toMatch(/\((statut|note|supprimer)\)/);
    }
  });

  it("names a deleted machine, a saved product, a step and a category by their names, not their ids", async () => {
    const machine = (await insertMachine(app.db(), { nom: "Signature du journal", description: "d" }))!;
    const deleted = await app.fetch("/edit-machines.data", {
      method: "POST",
      body: toFormData({ intent: "delete-machine", id: machine.id }),
      headers: { cookie },
    });
    expect(deleted.status).toBe(200);
    const product = await insertProduct(app.db(), { nom: "Chips au ketchup", description: "Croustilles", prix: 2 });
    const saved = await app.fetch("/edit-products.data", {
      method: "POST",
      body: toFormData({
        intent: "update",
        id: product.id,
        nom: "Chips à l'érable",
        description: "Croustilles",
        prix: "2,50",
      }),
      headers: { cookie },
    });
    expect(saved.status).toBe(200);

    // A name posted one level down, and one read by its id before it is deleted.
    const step = await app.fetch("/edit-machines.data", {
      method: "POST",
      body: toFormData({ intent: "save-step", id: null, step: { numero: 1, titre: "Visite du site" } }),
      headers: { cookie },
    });
    expect(step.status).toBe(200);
    const category = await insertCategory(app.db(), { nom: "Boissons froides" });
    await app.fetch("/edit-machines.data", {
      method: "POST",
      body: toFormData({ intent: "delete-category", id: category.id }),
      headers: { cookie },
    });

    const lines = await journal();
    expect(lines.find((line) => line.includes("Étape enregistrée"))).toContain("« Visite du site »");
    expect(lines.find((line) => line.includes("Catégorie supprimée"))).toContain("« Boissons froides »");
    const machineLine = lines.find((line) => line.includes("Machine supprimée"));
    expect(machineLine).toContain("« Signature du journal »");
    expect(machineLine).toContain("Machines, catégories et étapes");
    const productLine = lines.find((line) => line.includes("Produit enregistré"));
    expect(productLine).toContain("« Chips à l'érable »");
    expect(productLine).toContain("Produits et étiquettes");
    for (const line of lines) expect(line).not.toContain(machine.id);
  });
});

const documentPost = (path: string, fields: Record<string, unknown>) =>
  postAsDocument(app.url, path, cookie, new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])));

// Every staff route and action, with each role: a screen the role opens answers as it does for the
// owner; any other answers 'Page non trouvée' (404), and a post to it is refused with 403 before its
// body is read.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionPolicy } from "../../server/auth/sessions";
import { createSession } from "../../server/auth/users";
import {
  adminUsers,
  contactRequests,
  installations,
  machines,
  serviceTickets,
  type StaffRole,
} from "../../server/db/schema";
import { storeTicketPhoto } from "../../app/features/service/photo.server";
import { GUARDED_ROUTES } from "../../app/rules/staff-paths";
import { mayAccess } from "../../app/rules/staff-roles";
import { newContactRequest } from "../support/contact-requests";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let params: Record<string, string>;
const cookies = new Map<string, string>();
const ACCOUNTS: Record<string, StaffRole[]> = {
  proprietaire: ["proprietaire"],
  ventes: ["ventes"],
  service: ["service"],
  contenu: ["contenu"],
  "ventes+service": ["ventes", "service"],
};

beforeAll(async () => {
  app = await startTestApp();
  const db = app.db();
  const [machine] = await db.insert(machines).values({ nom: "Boréal Mini", description: "Compacte." }).returning();
  const [request] = await db.insert(contactRequests).values(newContactRequest()).returning();
  const [installed] = await db
    .insert(installations)
    .values({ code: "BD-R0L3", client_name: "Garage Roy", address: "Lévis", contact_name: "", machine_name: "Mini" })
    .returning();
  const photo = await storeTicketPhoto(app.services, Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
  const [ticket] = await db
    .insert(serviceTickets)
    .values({
      code: "S-R0L3A",
      installation_id: installed!.id,
      kind: "probleme",
      problem: "autre",
      due_at: new Date(),
      photo_key: photo,
    })
    .returning();
  params = {
    machineId: String(machine!.id),
    demandeId: request!.id,
    installationId: installed!.id,
    ticketId: ticket!.id,
  };
  const policy = sessionPolicy(app.services.config);
  for (const [name, roles] of Object.entries(ACCOUNTS)) {
    const [account] = await db
      .insert(adminUsers)
      .values({ username: `role-${name}`, password_hash: "unused", roles })
      .returning();
    cookies.set(name, `sid=${await createSession(db, account!.id, policy)}`);
  }
}, 300_000);
afterAll(() => app?.close());

// Each route with its item, and the sheet of labels with the installation to label.
const paths = () =>
  GUARDED_ROUTES.map(([path]) => `/${path.replace(/:(\w+)/g, (_, name: string) => params[name]!)}`).map((path) =>
    path.endsWith("/etiquettes.pdf") ? `${path}?id=${params.installationId}` : path,
  );

describe("roles on every staff route", () => {
  it("open a role's screens as they open for the owner, and answer 'Page non trouvée' elsewhere", async () => {
    for (const path of paths()) {
      const owner = await app.fetch(path, { headers: { cookie: cookies.get("proprietaire")! } });
      expect(owner.status, `owner ${path}`).toBeLessThan(400);
      for (const [name, roles] of Object.entries(ACCOUNTS)) {
        const response = await app.fetch(path, { headers: { cookie: cookies.get(name)! } });
        const expected = mayAccess(roles, "GET", path) ? owner.status : 404;
        expect(response.status, `${name} GET ${path}`).toBe(expected);
        await response.body?.cancel();
      }
      await owner.body?.cancel();
    }
  });

  it("refuse a change with 403 before reading its body, and let the roles that may through", async () => {
    for (const path of [...paths(), "/api/upload/gallery-images"]) {
      for (const [name, roles] of Object.entries(ACCOUNTS)) {
        const response = await app.fetch(path, {
          method: "POST",
          headers: { cookie: cookies.get(name)!, "content-type": "application/x-www-form-urlencoded" },
          body: "intent=n-existe-pas",
        });
        const text = await response.text();
        if (mayAccess(roles, "POST", path)) {
          expect([401, 403], `${name} POST ${path}: ${text.slice(0, 80)}`).not.toContain(response.status);
        } else {
          expect(response.status, `${name} POST ${path}`).toBe(403);
          expect(response.headers.get("connection"), path).toBe("close");
          expect(text, path).toContain("Votre rôle ne permet pas cette modification");
        }
      }
    }
  });

  it("serve the statistics and the backup files only to the roles that open them", async () => {
    for (const [path, allowed] of [
      ["/edit-statistiques/export?jours=7", ["proprietaire", "ventes", "ventes+service"]],
      ["/edit/sauvegarde", ["proprietaire"]],
    ] as const) {
      for (const name of Object.keys(ACCOUNTS)) {
        const response = await app.fetch(path, {
          headers: { cookie: cookies.get(name)!, "sec-fetch-site": "same-origin", "sec-fetch-mode": "navigate" },
        });
        const type = response.headers.get("content-type") ?? "";
        await response.body?.cancel();
        if ((allowed as readonly string[]).includes(name)) expect(type, `${name} ${path}`).not.toContain("text/html");
        else expect(response.status, `${name} ${path}`).toBe(404);
      }
    }
  });

  it("show each account only the panel cards and menu links its roles open", async () => {
    const html = async (name: string) => (await app.fetch("/edit", { headers: { cookie: cookies.get(name)! } })).text();
    const service = await html("service");
    expect(service).toContain('href="/edit-service"');
    expect(service).toContain('href="/creer-machine"');
    expect(service).not.toContain('href="/edit-demandes"');
    expect(service).not.toContain('href="/edit-equipe"');
    expect(service).not.toContain("Sauvegarde");
    const owner = await html("proprietaire");
    for (const href of ["/edit-demandes", "/edit-service", "/edit-products", "/edit-equipe", "/creer-machine"]) {
      expect(owner, href).toContain(`href="${href}"`);
    }
    const content = await html("contenu");
    expect(content).toContain('href="/edit-products"');
    expect(content).not.toContain('href="/creer-machine"');
  });
});

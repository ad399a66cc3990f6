// Raw and encoded control bytes (NUL, \x01, ESC, DEL…) in every form the site takes, urlencoded and
// multipart, and in query strings: never a 5xx, and nothing stored holds a control character (tab and
// line breaks excepted). Runs on PGlite and on PostgreSQL.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactRequests, galleryPhotos, machineCategories, machines, products, tags } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: "1", CONTACT_RATE_LIMIT: "off" });
  cookie = await app.login();
});
afterAll(() => app?.close());

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Every string in every row of the tables forms write: none may hold a control character. */
async function expectNothingStoredWithControls() {
  const db = app.db();
  const tables = { contactRequests, products, tags, machines, machineCategories, galleryPhotos };
  for (const [name, table] of Object.entries(tables)) {
    const rows: unknown[] = await db.select().from(table as typeof products);
    const strings: string[] = [];
    const walk = (value: unknown): void => {
      if (typeof value === "string") strings.push(value);
      else if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object" && !(value instanceof Date)) Object.values(value).forEach(walk);
    };
    walk(rows);
    for (const text of strings) expect(CONTROL.test(text), `${name}: ${JSON.stringify(text)}`).toBe(false);
  }
}

let address = 0;
const nextIp = () => `198.51.${Math.floor(++address / 250)}.${address % 250}`;

/** A urlencoded body written by hand: the control bytes go raw, as a hostile client sends them. */
function rawForm(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${v.replace(/[%&=+ ]/g, (c) => encodeURIComponent(c))}`)
    .join("&");
}

function multipart(fields: Record<string, string | string[]>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) for (const item of [value].flat()) form.append(key, item);
  return form;
}

type Sent = "raw" | "encoded" | "multipart";
function send(path: string, fields: Record<string, string>, how: Sent, headers: Record<string, string> = {}) {
  if (how === "multipart") return app.fetch(path, { method: "POST", headers, body: multipart(fields) });
  return app.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: how === "raw" ? Buffer.from(rawForm(fields), "utf8") : new URLSearchParams(fields).toString(),
  });
}

const dirty = (text: string) => `\u0000${text.slice(0, 2)}\u0001${text.slice(2)}\u001b\u007f`;

const contact = {
  nom_complet: "Julie Gagnon",
  courriel: "julie@cliniqueboreale.ca",
  description_demande: "Une distributrice de collations santé\npour la salle d'attente.",
  type_emplacement: "hospital",
  emplacement: "levis",
  date_installation: "1-3-months",
  prefere_telephone: "on",
  numero_telephone: "418 555-0188",
};

describe("control bytes in forms", () => {
  for (const how of ["raw", "encoded", "multipart"] as const) {
    it(`the contact form (${how}): NUL and \\x01 in every field are removed, the request is kept`, async () => {
      const fields = Object.fromEntries(Object.entries(contact).map(([k, v]) => [k, dirty(v)]));
      const before = await app.db().select().from(contactRequests);
      const response = await send("/contact", fields, how, { "x-forwarded-for": nextIp() });
      await response.arrayBuffer();
      expect(response.status).toBe(302);
      const after = await app.db().select().from(contactRequests);
      expect(after).toHaveLength(before.length + 1);
      const row = after.find((r) => !before.some((b) => b.id === r.id));
      expect(row).toMatchObject({
        nom_complet: "Julie Gagnon",
        courriel: "julie@cliniqueboreale.ca",
        numero_telephone: "418 555-0188",
      });
      // A multipart form sends its line breaks as CRLF.
      expect(row!.description_demande.replace(/\r\n/g, "\n")).toBe(contact.description_demande);
      await expectNothingStoredWithControls();
    });

    it(`the login form (${how}): no 5xx`, async () => {
      for (const [username, password] of [
        ["\u0000", "\u0001"],
        ["admin\u0000", "x\u0001y"],
        ["%00", "%01"],
      ]) {
        const response = await send("/login", { username: username!, password: password! }, how, {
          "x-forwarded-for": nextIp(),
        });
        await response.arrayBuffer();
        expect(response.status, `${username} ${password}`).toBeLessThan(500);
      }
    });

    it(`the staff product and tag forms (${how}): stored without the control bytes`, async () => {
      const nom = `Café ${how}`;
      const created = await send(
        "/edit-products",
        {
          intent: "create",
          nom: dirty(nom),
          description: dirty("Infusé à froid."),
          prix: "3,25",
          categorie: dirty("Boisson"),
          tags: dirty(`Local ${how}`),
          ingredients: dirty("Eau, café."),
          image: "/placeholder.svg",
          nutrition_image: "/placeholder.svg",
        },
        how,
        { cookie },
      );
      await created.arrayBuffer();
      expect(created.status).toBe(200);
      const tag = await send("/edit-products", { intent: "create-tag", nom: dirty(`Étiquette ${how}`) }, how, {
        cookie,
      });
      await tag.arrayBuffer();
      expect(tag.status).toBe(200);
      const names = (await app.db().select().from(products)).map((p) => p.nom);
      expect(names).toContain(nom);
      expect((await app.db().select().from(tags)).map((t) => t.nom)).toContain(`Étiquette ${how}`);
      await expectNothingStoredWithControls();
    });
  }

  it("a control byte in a multipart file name is removed before any action reads it", async () => {
    const form = new FormData();
    form.append("intent", "create-tag");
    form.append("nom", "Fichier");
    form.append("piece", new Blob([Buffer.from("\u0000\u0001")]), "a\u0001b\u0000.png");
    const response = await app.fetch("/edit-products", { method: "POST", headers: { cookie }, body: form });
    await response.arrayBuffer();
    expect(response.status).toBeLessThan(500);
  });

  it("every staff form, every public form: generated raw bytes never give 5xx nor store a control byte", async () => {
    const targets = [
      ["/contact", ["nom_complet", "courriel", "description_demande", "type_emplacement", "emplacement"]],
      ["/login", ["username", "password"]],
      ["/edit-products", ["intent", "nom", "id", "prix", "tags"]],
      ["/edit-gallery", ["intent", "id", "featured", "nom", "ordre"]],
      ["/edit-demandes", ["intent", "id"]],
      ["/edit", ["intent", "name"]],
      ["/edit-machines", ["intent"]],
    ] as const;
    const bytes = fc
      .array(
        fc.oneof(
          fc.constantFrom("\u0000", "\u0001", "\u001b", "\u007f", "%00", "%01", "%%0000", "\r\n", "é"),
          fc.string({ unit: "binary", maxLength: 6 }),
          fc.constantFrom("create", "create-tag", "update", "delete", "add", "feature", "traiter", "reorder"),
        ),
        { maxLength: 6 },
      )
      .map((parts) => parts.join(""));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.array(bytes, { minLength: 5, maxLength: 5 }),
        fc.constantFrom<Sent>("raw", "multipart"),
        async ([path, names], values, how) => {
          const fields = Object.fromEntries(names.map((name, i) => [name, values[i]!]));
          const response = await send(path, fields, how, { cookie, "x-forwarded-for": nextIp() }).catch(
            (error: unknown) => {
              throw new Error(`${path} ${how} ${JSON.stringify(fields)}: ${String(error)}`, { cause: error });
            },
          );
          await response.arrayBuffer();
          expect(response.status, `${path} ${JSON.stringify(fields)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 120 },
    );
    await expectNothingStoredWithControls();
    // 120 generated forms, each a real request: room for a runner busy with other test files.
  }, 180_000);

  it("raw and encoded control bytes in a query string never give 5xx", async () => {
    for (const query of ["q=%00%01", "q=%%0000", "tag=%01&page=%7F", "q=caf%C3%A9%1B"]) {
      for (const path of ["/produits", "/produits.data", "/machines", "/galerie"]) {
        const response = await app.fetch(`${path}?${query}`);
        await response.arrayBuffer();
        expect(response.status, `${path}?${query}`).toBeLessThan(500);
      }
    }
  });
});

// /edit-products through the built app, as the browser calls it: route actions with an intent, the
// admin's session cookie and the site's Origin. Runs on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countProducts,
  listProductCategories,
  searchProductsByName,
} from "../../app/features/admin-products/queries.server";
import { getProduct, insertProduct } from "../../server/data/products";
import { listTags } from "../../server/data/tags";
import { products, tags } from "../../server/db/schema";
import { formData as form, type Fields } from "../support/form";
import { startSignedInApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** POST to a route action, signed in unless told otherwise. */
function post(
  path: string,
  fields: Fields,
  { signedIn = true, headers = {} }: { signedIn?: boolean; headers?: Record<string, string> } = {},
) {
  return app.fetch(path, {
    method: "POST",
    body: form(fields),
    headers: { ...(signedIn ? { cookie } : {}), ...headers },
  });
}

const product = (overrides: Fields = {}): Fields => ({
  intent: "create",
  nom: "Café glacé à la vanille",
  description: "Café infusé à froid, vanille de Madagascar.",
  prix: "3,25",
  categorie: ["Boisson", "Café"],
  tags: ["Local", "Nouveau"],
  ingredients: "Eau, café, vanille.",
  ranking: "4",
  dans_notre_top_10_des_plus_gros_vendeur: "true",
  image: "/placeholder.svg",
  nutrition_image: "/placeholder.svg",
  ...overrides,
});

async function findByName(nom: string) {
  const [row] = await app.db().select().from(products).where(eq(products.nom, nom));
  return row ?? null;
}

describe("product operations through /edit-products", () => {
  it("creates a product from the form, keeps its search column and inserts its new tags", async () => {
    const response = await post("/edit-products", product());
    expect(response.status).toBe(200);
    const row = await findByName("Café glacé à la vanille");
    expect(row).toMatchObject({
      prix: 3.25,
      categorie: ["Boisson", "Café"],
      tags: ["Local", "Nouveau"],
      ingredients: "Eau, café, vanille.",
      ranking: 4,
      dans_notre_top_10_des_plus_gros_vendeur: true,
      image: "/placeholder.svg",
      nutrition_image: "/placeholder.svg",
      nom_recherche: "cafe glace a la vanille",
    });
    expect((await listTags(app.db())).map((t) => t.nom)).toEqual(expect.arrayContaining(["Local", "Nouveau"]));
  });

  it("stores an uploaded image URL from the upload pipeline", async () => {
    const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: "#b8893b" } })
      .png()
      .toBuffer();
    const upload = new FormData();
    upload.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "barre.png");
    const uploaded = await app.fetch("/api/upload/product-images", {
      method: "POST",
      body: upload,
      headers: { cookie },
    });
    expect(uploaded.status).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    expect((await post("/edit-products", product({ nom: "Barre tendre", image: url }))).status).toBe(200);
    expect((await findByName("Barre tendre"))?.image).toBe(url);
  });

  it.each([
    ["nom", { nom: "  " }],
    ["description", { description: "" }],
    ["prix", { prix: "" }],
  ])("refuses a product without %s (400) and stores nothing", async (_field, change) => {
    const before = await countProducts(app.db());
    const response = await post("/edit-products", product({ nom: "Incomplet", ...change }));
    expect(response.status).toBe(400);
    expect(await countProducts(app.db())).toBe(before);
  });

  it("refuses a bad price, a script URL as image and an unknown intent", async () => {
    const before = await countProducts(app.db());
    expect((await post("/edit-products", product({ nom: "Prix", prix: "gratuit" }))).status).toBe(400);
    expect((await post("/edit-products", product({ nom: "Image", image: "javascript:alert(1)" }))).status).toBe(400);
    expect((await post("/edit-products", product({ intent: "drop-table" }))).status).toBe(400);
    expect(await countProducts(app.db())).toBe(before);
  });

  it("updates a product by id, reusing the existing spelling of a tag", async () => {
    const row = (await findByName("Café glacé à la vanille"))!;
    const response = await post(
      "/edit-products",
      product({ intent: "update", id: row.id, nom: "Café glacé caramel", prix: "3.5", tags: ["local"], categorie: [] }),
    );
    expect(response.status).toBe(200);
    const updated = (await getProduct(app.db(), row.id))!;
    expect(updated).toMatchObject({
      nom: "Café glacé caramel",
      prix: 3.5,
      tags: ["Local"],
      categorie: [],
      nom_recherche: "cafe glace caramel",
    });
    expect((await listTags(app.db())).filter((t) => t.nom.toLowerCase() === "local")).toHaveLength(1);
  });

  it("answers 404 for an update or delete of a product that does not exist", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await post("/edit-products", product({ intent: "update", id: missing }))).status).toBe(404);
    expect((await post("/edit-products", { intent: "delete", id: missing })).status).toBe(404);
    expect((await post("/edit-products", { intent: "delete", id: "pas-un-uuid" })).status).toBe(404);
  });

  it("deletes a product by id", async () => {
    const row = (await findByName("Barre tendre"))!;
    expect((await post("/edit-products", { intent: "delete", id: row.id })).status).toBe(200);
    expect(await getProduct(app.db(), row.id)).toBeNull();
  });
});

describe("tags created inline", () => {
  it("inserts a tag, gives back the existing one for another case, refuses an empty name", async () => {
    expect((await post("/edit-products", { intent: "create-tag", nom: "Sans gluten" })).status).toBe(200);
    expect((await post("/edit-products", { intent: "create-tag", nom: "  sans   GLUTEN " })).status).toBe(200);
    expect((await post("/edit-products", { intent: "create-tag", nom: "   " })).status).toBe(400);
    const names = (await listTags(app.db())).map((t) => t.nom);
    expect(names.filter((n) => n.toLowerCase() === "sans gluten")).toEqual(["Sans gluten"]);
  });
});

describe("guarded mutations", () => {
  it("answers 401 without the admin session and changes nothing", async () => {
    const beforeProducts = await countProducts(app.db());
    const beforeTags = (await listTags(app.db())).length;
    const target = (await app.db().select().from(products).limit(1))[0]!;
    for (const fields of [
      product({ nom: "Intrus" }),
      product({ intent: "update", id: target.id, nom: "Piraté" }),
      { intent: "delete", id: target.id },
      { intent: "create-tag", nom: "Intrus" },
    ]) {
      const response = await post("/edit-products", fields, { signedIn: false });
      expect(response.status, String(fields.intent)).toBe(401);
    }
    const forged = await post("/edit-products", product({ nom: "Intrus" }), {
      signedIn: false,
      headers: { cookie: "sid=forged" },
    });
    expect(forged.status).toBe(401);
    expect(await countProducts(app.db())).toBe(beforeProducts);
    expect((await listTags(app.db())).length).toBe(beforeTags);
    expect((await getProduct(app.db(), target.id))?.nom).toBe(target.nom);
  });

  it("refuses a cross-site post even with the session cookie", async () => {
    const before = await countProducts(app.db());
    const response = await post("/edit-products", product({ nom: "Cross-site" }), {
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(403);
    expect(await countProducts(app.db())).toBe(before);
  });

  it("shows the page only to the admin", async () => {
    expect((await app.fetch("/edit-products")).status).toBe(404);
    expect((await app.fetch("/edit-products", { headers: { cookie } })).status).toBe(200);
  });
});

describe("the product selector's search", () => {
  it("searches by name on the server (accents and case ignored) through the page loader", async () => {
    await insertProduct(app.db(), { nom: "Thé vert matcha", prix: 2 });
    const html = await (
      await app.fetch(`/edit-products?q=${encodeURIComponent("CAFE caramel")}`, { headers: { cookie } })
    ).text();
    expect(html).toContain("Café glacé caramel");
    expect(html).not.toContain(">Thé vert matcha<");
    const data = await (await app.fetch("/edit-products.data?search=1&q=the", { headers: { cookie } })).text();
    expect(data).toContain("Thé vert matcha");
    expect(data).not.toContain("Café glacé caramel");
  });

  it("stays a small page with the total at 10,000 products, prefix matches first", async () => {
    const db = app.db();
    await db.delete(products);
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const nom = `${i % 2 ? "Barre" : "Jus"} n° ${String(i).padStart(5, "0")}`;
      return { nom, prix: 1 + (i % 50) / 10, nom_recherche: nom.toLowerCase() };
    });
    for (let i = 0; i < rows.length; i += 1000) await db.insert(products).values(rows.slice(i, i + 1000));
    await insertProduct(db, { nom: "Mini barre", prix: 1 });
    expect(await countProducts(db)).toBe(10_001);

    const barres = await searchProductsByName(db, "barre");
    expect(barres.total).toBe(5_001);
    expect(barres.items).toHaveLength(12);
    expect(barres.items[0]!.nom).toBe("Barre n° 00001");
    const mini = await searchProductsByName(db, "barre mini");
    expect(mini.items.map((p) => p.nom)).toEqual(["Mini barre"]);
    const literal = await searchProductsByName(db, "%");
    expect(literal.total).toBe(0);
    const all = await searchProductsByName(db, "");
    expect(all.total).toBe(10_001);
    expect(all.items).toHaveLength(12);
  });

  it("lists the categories already in use, for suggestions", async () => {
    const db = app.db();
    await insertProduct(db, { nom: "Eau", prix: 1, categorie: ["Boisson", "Santé"] });
    await insertProduct(db, { nom: "Chips", prix: 1, categorie: ["Collation", "Boisson"] });
    expect(await listProductCategories(db)).toEqual(["Boisson", "Collation", "Santé"]);
    await db.delete(tags);
  });
});

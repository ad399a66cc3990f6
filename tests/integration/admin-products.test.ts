// /edit-products through the built app, as the browser calls it: route actions with an intent, the
// form's fields named as the page names them, the admin's session cookie and the site's Origin; then
// the public product page as visitors and search engines read it. Runs on PGlite and on PostgreSQL.
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  countProducts,
  getProduct,
  insertProduct,
  listProductCategories,
  listTags,
  searchProductsByName,
} from "../../app/features/catalogue/products.server";
import { products, tags } from "../../server/db/schema";
import { toFormData } from "../../app/lib/form-values";
import { documentPost as postAsDocument } from "../support/document-post";
import { startSignedInApp, type TestApp } from "../support/server";

type Fields = Record<string, unknown>;

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** POST to a route action as the page's forms post (lists as 'tags.0', 'tags.1', a ticked box as
 * 'on'), signed in unless told otherwise. */
function post(
  path: string,
  fields: Fields,
  { signedIn = true, headers = {} }: { signedIn?: boolean; headers?: Record<string, string> } = {},
) {
  return app.fetch(path, {
    method: "POST",
    body: toFormData(fields),
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
  dans_notre_top_10_des_plus_gros_vendeur: true,
  image: "/placeholder.svg",
  nutrition_image: "/placeholder.svg",
  image_alt: "",
  nutrition_image_alt: "",
  seo_title: "",
  seo_description: "",
  share_image: "",
  share_image_alt: "",
  ...overrides,
});

/** A picture through the upload pipeline, as the form's upload fields send it; its URL. */
async function uploadPicture(color: string, name = "photo.png"): Promise<string> {
  const png = await sharp({ create: { width: 40, height: 40, channels: 3, background: color } })
    .png()
    .toBuffer();
  const upload = new FormData();
  upload.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), name);
  const uploaded = await app.fetch("/api/upload/product-images", { method: "POST", body: upload, headers: { cookie } });
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { url: string }).url;
}

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
    const url = await uploadPicture("#b8893b", "barre.png");
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

/** The public product page's HTML as a visitor (or a search engine) gets it. */
async function publicPage(id: string) {
  const response = await app.fetch(`/produits/${id}`);
  expect(response.status).toBe(200);
  return response.text();
}
const metaContent = (html: string, key: string) =>
  html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
const imgAlts = (html: string) => [...html.matchAll(/<img[^>]*?alt="([^"]*)"/g)].map((m) => m[1]);

describe("alt texts, search and sharing", () => {
  const texts = {
    image_alt: "Barre dorée posée sur une planche de bois",
    nutrition_image_alt: "Tableau de la valeur nutritive de la barre aux dattes",
    seo_title: "Barre aux dattes du Québec",
    seo_description: "Une barre tendre aux dattes et à l’avoine, offerte dans nos distributrices.",
    share_image_alt: "La barre aux dattes coupée en deux",
  };
  let id: string;
  let main: string;
  let nutrition: string;
  let share: string;

  it("saves the texts and the share picture from the form; the product page and the catalogue show them", async () => {
    [main, nutrition, share] = await Promise.all([
      uploadPicture("#8a5a2b", "barre.png"),
      uploadPicture("#ffffff", "valeur.png"),
      uploadPicture("#0f1115", "partage.png"),
    ]);
    const response = await post(
      "/edit-products.data",
      product({ nom: "Barre aux dattes", image: main, nutrition_image: nutrition, share_image: share, ...texts }),
    );
    const answer = await response.text();
    expect(response.status, answer.slice(0, 300)).toBe(200);
    expect(answer).toContain("Produit ajouté");
    const row = (await findByName("Barre aux dattes"))!;
    expect(row).toMatchObject({ ...texts, share_image: share });
    id = row.id;

    const html = await publicPage(id);
    expect(html).toContain("<title>Barre aux dattes du Québec | ");
    expect(metaContent(html, "description")).toBe(texts.seo_description);
    expect(metaContent(html, "og:title")).toMatch(/^Barre aux dattes du Québec \| /);
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^https?://[^"]+${share}$`));
    expect(metaContent(html, "og:image:alt")).toBe(texts.share_image_alt);
    expect(metaContent(html, "twitter:image:alt")).toBe(texts.share_image_alt);
    expect(imgAlts(html)).toEqual(expect.arrayContaining([texts.image_alt, texts.nutrition_image_alt]));

    const catalogue = await (await app.fetch(`/produits?q=${encodeURIComponent("Barre aux dattes")}`)).text();
    expect(imgAlts(catalogue)).toContain(texts.image_alt);
  });

  it("empty fields bring back the derived texts and the product's own picture", async () => {
    const response = await post(
      "/edit-products",
      product({ intent: "update", id, nom: "Barre aux dattes", image: main, nutrition_image: nutrition }),
    );
    expect(response.status).toBe(200);
    expect(await getProduct(app.db(), id)).toMatchObject({
      image_alt: null,
      nutrition_image_alt: null,
      seo_title: null,
      seo_description: null,
      share_image: null,
      share_image_alt: null,
    });
    const html = await publicPage(id);
    expect(html).toContain("<title>Barre aux dattes | ");
    expect(metaContent(html, "description")).toBe("Café infusé à froid, vanille de Madagascar.");
    expect(metaContent(html, "og:image")).toMatch(new RegExp(`^https?://[^"]+${main}$`));
    expect(metaContent(html, "og:image:alt")).toBe("Barre aux dattes");
    expect(imgAlts(html)).toEqual(expect.arrayContaining(["Barre aux dattes", "Valeur nutritive : Barre aux dattes"]));
    // The card's picture is decoration beside the product's name until the staff describe it.
    const catalogue = await (await app.fetch(`/produits?q=${encodeURIComponent("Barre aux dattes")}`)).text();
    const card = catalogue.match(/<img[^>]*\/img\/product-images\/[^>]*>/)?.[0];
    expect(card).toContain('alt=""');
  });

  it("refuses an over-long alt text or search title in French and changes nothing", async () => {
    await post("/edit-products", product({ intent: "update", id, nom: "Barre aux dattes", image: main, ...texts }));
    const before = await getProduct(app.db(), id);
    const shown = (html: string) => ({
      title: html.match(/<title>([^<]*)<\/title>/)?.[1],
      description: metaContent(html, "description"),
      image: metaContent(html, "og:image"),
      imageAlt: metaContent(html, "og:image:alt"),
      alts: imgAlts(html),
    });
    const pageBefore = shown(await publicPage(id));
    expect(pageBefore.alts).toContain(texts.image_alt);
    for (const [field, message] of [
      ["image_alt", "Le texte de remplacement ne doit pas dépasser 160 caractères."],
      ["share_image_alt", "Le texte de remplacement ne doit pas dépasser 160 caractères."],
      ["seo_title", "Le titre ne doit pas dépasser 70 caractères."],
    ] as const) {
      const response = await post(
        "/edit-products.data",
        product({
          intent: "update",
          id,
          nom: "Barre renommée",
          image: main,
          ...texts,
          [field]: "x".repeat(field === "seo_title" ? 71 : 161),
        }),
      );
      const answer = await response.text();
      expect(response.status, field).toBe(400);
      expect(answer).toContain(message);
      expect(answer).toContain("Veuillez corriger les champs indiqués.");
      expect(answer).toContain(`"${field}"`);
    }
    expect(await getProduct(app.db(), id)).toEqual(before);
    expect(shown(await publicPage(id))).toEqual(pageBefore);
  });

  it("a form posted before the app started comes back to the page with its toast", async () => {
    const saved = await documentPost("/edit-products", product({ nom: "Barre sans script", image_alt: "Une barre" }));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`/edit-products?q=${encodeURIComponent("Barre sans script")}`);
    expect((await findByName("Barre sans script"))?.image_alt).toBe("Une barre");
    const page = await app.fetch(saved.location!, { headers: { cookie: `${cookie}; ${saved.flash}` } });
    const html = await page.text();
    expect(html).toContain("Produit ajouté");
    expect(html).toContain("Barre sans script");

    const refused = await documentPost("/edit-products", product({ nom: "Barre refusée", seo_title: "x".repeat(71) }));
    expect(refused.status).toBe(302);
    expect(refused.location).toBe("/edit-products");
    expect(await findByName("Barre refusée")).toBeNull();
    const back = await (
      await app.fetch("/edit-products", { headers: { cookie: `${cookie}; ${refused.flash}` } })
    ).text();
    expect(back).toContain("Veuillez corriger les champs indiqués.");
  });
});

const documentPost = (path: string, fields: Fields) => postAsDocument(app.url, path, cookie, toFormData(fields));

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

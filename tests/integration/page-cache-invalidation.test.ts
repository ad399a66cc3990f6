// The visitors' page cache never shows a page older than the content: every kind of change the admin
// makes over HTTP (a product, a tag, a machine, a category, a step, a gallery photo and its order, the
// homepage video), and a change made by SQL outside the app, is seen by the very next visitor. Each
// case first proves the page was served from memory (X-Cache: hit), then that the page after the change
// is rendered again (X-Cache: miss) and shows it. Runs on PGlite and on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listPhotos } from "../../app/features/gallery/store.server";
import { listCategories, listMachines, listSteps } from "../../app/features/machines/store.server";
import { products } from "../../server/db/schema";
import { formData, type Fields } from "../support/form";
import { startSignedInApp, type TestApp } from "../support/server";
import { toFormData } from "../../app/lib/form-values";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

// ---- The visitor ----

type Visit = { status: number; cache: string | null; html: string };

/** A visitor's GET (no cookie): its status, where it came from (X-Cache) and its body. */
async function visit(path: string): Promise<Visit> {
  const response = await app.fetch(path);
  return { status: response.status, cache: response.headers.get("x-cache"), html: await response.text() };
}

/** Visits a page twice: the second answer comes from the cache. Returns it. */
async function cachedPage(path: string, status = 200): Promise<Visit> {
  await visit(path);
  const again = await visit(path);
  expect(again.status, path).toBe(status);
  expect(again.cache, `${path}: second visit`).toBe("hit");
  return again;
}

/** The visitor's next GET, right after a change: rendered again, not the copy from before. */
async function nextVisit(path: string, status = 200): Promise<Visit> {
  const page = await visit(path);
  expect(page.status, path).toBe(status);
  expect(page.cache, `${path}: visit after the change`).toBe("miss");
  return page;
}

// ---- The admin, as the staff pages send their changes ----
// Each answer is read whole before the test goes on, as the staff pages do.

/** A change sent by the signed-in admin; the answer must be `status`. */
async function asAdmin(path: string, init: RequestInit, label: string, status = 200): Promise<string> {
  const response = await app.fetch(path, { method: "POST", ...init, headers: { ...init.headers, cookie } });
  const body = await response.text();
  expect(response.status, `${label}: ${body.slice(0, 300)}`).toBe(status);
  return body;
}

/** A form of /edit-products. */
const postForm = (path: string, fields: Fields) =>
  asAdmin(path, { body: formData(fields) }, `${path} ${String(fields.intent)}`);

/** An intent of /edit-machines, posted as its form does (a data request). */
const postMachines = (payload: Record<string, unknown>) =>
  asAdmin("/edit-machines.data", { body: toFormData(payload) }, String(payload.intent));

/** An intent of /edit-gallery, posted as its forms do (a data request). */
const postGallery = (payload: Record<string, unknown>) =>
  asAdmin("/edit-gallery.data", { body: toFormData(payload) }, `/edit-gallery ${String(payload.intent)}`);

/** An intent of the staff panel (/edit). */
const postPanel = (fields: Record<string, string>) =>
  asAdmin("/edit", { body: new URLSearchParams(fields) }, `/edit ${fields.intent}`);

/** A file through the upload pipeline; its public URL and stored name. */
async function upload(bucket: string, data: Buffer, filename: string, type: string) {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(data)], { type }), filename);
  const answer = await asAdmin(`/api/upload/${bucket}`, { body: form }, `upload to ${bucket}`, 201);
  return JSON.parse(answer) as { url: string; name: string };
}

const png = (background: string) =>
  sharp({ create: { width: 64, height: 48, channels: 3, background } })
    .png()
    .toBuffer();

/** A photo uploaded and added to the gallery, as /edit-gallery does; its stored name. */
async function addGalleryPhoto(color: string): Promise<string> {
  const { url, name } = await upload("gallery-images", await png(color), "realisation.png", "image/png");
  await postGallery({ intent: "add", photos: [{ image_url: url, alt: "Distributrice chez un client" }] });
  return name;
}

/** The id of the gallery photo of a stored file. */
async function photoId(name: string): Promise<string> {
  const photo = (await listPhotos(app.db())).find((p) => p.image_url.endsWith(`/${name}`));
  if (!photo) throw new Error(`no photo shows ${name}`);
  return photo.id;
}

/** The gallery photos a page shows, in order: the stored files of its image elements. */
function photosShown(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc="\/img\/gallery-images\/([^"?]+)/g)].map((match) => match[1]!);
}

/** The first bytes of an MP4 ('ftyp' box, isom brand): enough for the type check. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from("ftypisom"), Buffer.alloc(2048, 1)]);

/** A homepage video uploaded and confirmed, as the staff panel does; its URL. */
async function uploadHomepageVideo(filename: string): Promise<string> {
  // Stored names carry the time in milliseconds: two uploads never share one.
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { url, name } = await upload("homepage-videos", mp4(), filename, "video/mp4");
  await postPanel({ intent: "video-uploaded", name });
  return url;
}

/** The fields /edit-products sends for a product. */
const productForm = (fields: Fields): Fields => ({
  description: "Une collation de nos distributrices.",
  prix: "2,75",
  categorie: ["Collation"],
  tags: [],
  ingredients: "",
  ranking: "",
  image: "/placeholder.svg",
  nutrition_image: "/placeholder.svg",
  ...fields,
});

/** The machine fields /edit-machines sends. */
const machineFields = (fields: Record<string, unknown>) => ({
  description: "Distributrice réfrigérée à écran tactile.",
  avantages: [],
  specifications: [],
  images: [],
  ...fields,
});

/** A product created from /edit-products; its id. */
async function createProduct(nom: string): Promise<string> {
  await postForm("/edit-products", productForm({ intent: "create", nom }));
  const [row] = await app.db().select({ id: products.id }).from(products).where(eq(products.nom, nom));
  return row!.id;
}

/** A category created from /edit-machines; its id. */
async function createCategory(nom: string): Promise<string> {
  await postMachines({ intent: "save-category", id: null, category: { nom, description: "" } });
  return (await listCategories(app.db())).find((c) => c.nom === nom)!.id;
}

/** A machine of a category created from /edit-machines, with new steps of these titles; its id. */
async function createMachine(nom: string, categoryId: string, steps: string[] = []): Promise<string> {
  await postMachines({
    intent: "save-machine",
    id: null,
    machine: machineFields({ nom, categorie_id: categoryId }),
    steps: steps.map((titre, i) => ({ id: null, numero: i + 1, titre, description: "" })),
  });
  return (await listMachines(app.db())).find((m) => m.nom === nom)!.id;
}

// ---- The cases ----

describe("products and tags", () => {
  it("a new product shows on /produits", async () => {
    expect((await cachedPage("/produits")).html).not.toContain("Barre aux dattes");
    await postForm("/edit-products", productForm({ intent: "create", nom: "Barre aux dattes" }));
    expect((await nextVisit("/produits")).html).toContain("Barre aux dattes");
  });

  it("an edited product shows on /produits and on its page", async () => {
    const id = await createProduct("Jus de pomme");
    const page = `/produits/${id}`;
    expect((await cachedPage("/produits")).html).toContain("Jus de pomme");
    expect((await cachedPage(page)).html).toContain("Jus de pomme");

    await postForm(
      "/edit-products",
      productForm({ intent: "update", id, nom: "Jus de pomme pétillant", prix: "2,50" }),
    );
    for (const path of ["/produits", page]) {
      const { html } = await nextVisit(path);
      expect(html, path).toContain("Jus de pomme pétillant");
      expect(html.replaceAll("Jus de pomme pétillant", ""), path).not.toContain("Jus de pomme");
    }
  });

  it("a deleted product leaves /produits, and its page answers 404", async () => {
    const id = await createProduct("Croustilles au vinaigre");
    const page = `/produits/${id}`;
    expect((await cachedPage("/produits")).html).toContain("Croustilles au vinaigre");
    expect((await cachedPage(page)).html).toContain("Croustilles au vinaigre");

    await postForm("/edit-products", { intent: "delete", id });
    expect((await nextVisit("/produits")).html).not.toContain("Croustilles au vinaigre");
    expect((await nextVisit(page, 404)).html).not.toContain("Croustilles au vinaigre");
  });

  it("a new tag shows in the filters of /produits", async () => {
    expect((await cachedPage("/produits")).html).not.toContain("Sans arachides");
    await postForm("/edit-products", { intent: "create-tag", nom: "Sans arachides" });
    expect((await nextVisit("/produits")).html).toContain("Sans arachides");
  });

  it("the data request of a client navigation (/produits.data) is cached and renewed the same way", async () => {
    const id = await createProduct("Thé glacé citron");
    expect((await cachedPage("/produits.data")).html).toContain("Thé glacé citron");

    await postForm("/edit-products", productForm({ intent: "update", id, nom: "Thé glacé framboise" }));
    const data = await nextVisit("/produits.data");
    expect(data.html).toContain("Thé glacé framboise");
    expect(data.html).not.toContain("Thé glacé citron");
  });
});

describe("machines, categories and steps", () => {
  it("a new machine shows on the page of its category", async () => {
    const categoryId = await createCategory("Collations");
    const page = `/machines/${categoryId}`;
    expect((await cachedPage(page)).html).not.toContain("Vitrine Signature");

    await postMachines({
      intent: "save-machine",
      id: null,
      machine: machineFields({ nom: "Vitrine Signature", categorie_id: categoryId }),
      steps: [],
    });
    expect((await nextVisit(page)).html).toContain("Vitrine Signature");
  });

  it("an edited machine shows on the page of its category and on its own page", async () => {
    const categoryId = await createCategory("Boissons froides");
    const machineId = await createMachine("Frigo Classique", categoryId);
    const pages = [`/machines/${categoryId}`, `/machines/${categoryId}/${machineId}`];
    for (const path of pages) expect((await cachedPage(path)).html, path).toContain("Frigo Classique");

    await postMachines({
      intent: "save-machine",
      id: machineId,
      machine: machineFields({ nom: "Frigo Prestige", categorie_id: categoryId }),
      steps: [],
    });
    for (const path of pages) {
      const { html } = await nextVisit(path);
      expect(html, path).toContain("Frigo Prestige");
      expect(html, path).not.toContain("Frigo Classique");
    }
  });

  it("a new category shows on /machines", async () => {
    expect((await cachedPage("/machines")).html).not.toContain("Café et boissons chaudes");
    await postMachines({
      intent: "save-category",
      id: null,
      category: { nom: "Café et boissons chaudes", description: "Espresso et chocolat chaud." },
    });
    expect((await nextVisit("/machines")).html).toContain("Café et boissons chaudes");
  });

  it("an edited category shows on /machines and on its page", async () => {
    const categoryId = await createCategory("Repas frais");
    const pages = ["/machines", `/machines/${categoryId}`];
    for (const path of pages) expect((await cachedPage(path)).html, path).toContain("Repas frais");

    await postMachines({
      intent: "save-category",
      id: categoryId,
      category: { nom: "Repas chauds", description: "Plats cuisinés." },
    });
    for (const path of pages) {
      const { html } = await nextVisit(path);
      expect(html, path).toContain("Repas chauds");
      expect(html, path).not.toContain("Repas frais");
    }
  });

  it("a step added to a machine shows on the machine's page", async () => {
    const categoryId = await createCategory("Micro-marchés");
    const machineId = await createMachine("Kiosque Libre-service", categoryId);
    const page = `/machines/${categoryId}/${machineId}`;
    expect((await cachedPage(page)).html).not.toContain("Installation sur place");

    await postMachines({
      intent: "save-machine",
      id: machineId,
      machine: machineFields({ nom: "Kiosque Libre-service", categorie_id: categoryId }),
      steps: [{ id: null, numero: 1, titre: "Installation sur place", description: "Nous livrons et branchons." }],
    });
    expect((await nextVisit(page)).html).toContain("Installation sur place");
  });

  it("an edited step shows on the page of the machine that uses it", async () => {
    const categoryId = await createCategory("Distributrices combinées");
    const machineId = await createMachine("Combo Duo", categoryId, ["Choix des produits"]);
    const stepId = (await listSteps(app.db())).find((s) => s.titre === "Choix des produits")!.id;
    const page = `/machines/${categoryId}/${machineId}`;
    expect((await cachedPage(page)).html).toContain("Choix des produits");

    await postMachines({
      intent: "save-step",
      id: stepId,
      step: { numero: 1, titre: "Sélection du menu", description: "Avec votre équipe." },
    });
    const { html } = await nextVisit(page);
    expect(html).toContain("Sélection du menu");
    expect(html).not.toContain("Choix des produits");
  });
});

describe("gallery", () => {
  it("an added photo shows on /galerie", async () => {
    const { url, name } = await upload("gallery-images", await png("#1f3a33"), "realisation.png", "image/png");
    expect(photosShown((await cachedPage("/galerie")).html)).not.toContain(name);
    await postGallery({ intent: "add", photos: [{ image_url: url, alt: "Distributrice dans un hall" }] });
    expect(photosShown((await nextVisit("/galerie")).html)).toContain(name);
  });

  it("a new description shows on /galerie as the picture's alt", async () => {
    const name = await addGalleryPhoto("#2b3440");
    expect((await cachedPage("/galerie")).html).not.toContain("Distributrice de jus frais");
    await postGallery({ intent: "describe", id: await photoId(name), alt: "Distributrice de jus frais" });
    expect((await nextVisit("/galerie")).html).toMatch(/<img\b[^>]*?\salt="Distributrice de jus frais"/);
  });

  it("a featured photo shows on the home page", async () => {
    const name = await addGalleryPhoto("#5a1f2b");
    expect(photosShown((await cachedPage("/")).html)).not.toContain(name);
    await postGallery({ intent: "feature", id: await photoId(name), featured: "true" });
    expect(photosShown((await nextVisit("/")).html)).toContain(name);
  });

  it("a new order shows on /galerie", async () => {
    const first = await addGalleryPhoto("#172a44");
    const second = await addGalleryPhoto("#3d5a47");
    // An added photo goes first.
    const before = photosShown((await cachedPage("/galerie")).html);
    expect(before.slice(0, 2)).toEqual([second, first]);

    const ids = (await listPhotos(app.db())).map((p) => p.id);
    await postGallery({ intent: "reorder", ids: [...ids].reverse() });
    const after = photosShown((await nextVisit("/galerie")).html);
    expect(after).toEqual([...before].reverse());
    expect(after.slice(-2)).toEqual([first, second]);
  });

  it("a deleted photo leaves /galerie and the home page", async () => {
    const name = await addGalleryPhoto("#85601f");
    await postGallery({ intent: "feature", id: await photoId(name), featured: "true" });
    for (const path of ["/galerie", "/"]) expect(photosShown((await cachedPage(path)).html), path).toContain(name);

    await postGallery({ intent: "delete", id: await photoId(name) });
    for (const path of ["/galerie", "/"]) expect((await nextVisit(path)).html, path).not.toContain(name);
  });
});

describe("homepage video", () => {
  it("an uploaded video shows on the home page, and a replacement takes its place", async () => {
    expect((await cachedPage("/")).html).not.toContain("/media/homepage-videos/");
    const first = await uploadHomepageVideo("accueil.mp4");
    expect((await nextVisit("/")).html).toContain(first);

    expect((await cachedPage("/")).html).toContain(first);
    const second = await uploadHomepageVideo("nouvelle-accueil.mp4");
    const { html } = await nextVisit("/");
    expect(html).toContain(second);
    expect(html).not.toContain(first);
  });

  it("a removed video leaves the home page", async () => {
    const url = await uploadHomepageVideo("a-retirer.mp4");
    expect((await cachedPage("/")).html).toContain(url);
    await postPanel({ intent: "delete-video" });
    expect((await nextVisit("/")).html).not.toContain(url);
  });
});

describe("a change made outside the app", () => {
  it("an SQL update is seen by the next visitor (within a second at most)", async () => {
    const id = await createProduct("Eau minérale");
    const page = `/produits/${id}`;
    expect((await cachedPage(page)).html).toContain("Eau minérale");

    await app.db().execute(sql`update products set nom = 'Eau de source' where id = ${id}`);
    const started = performance.now();
    let seen = await visit(page);
    while (!seen.html.includes("Eau de source") && performance.now() - started < 1000) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen = await visit(page);
    }
    expect(seen.html).toContain("Eau de source");
    expect(seen.cache).toBe("miss");
  });
});

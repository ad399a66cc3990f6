// The proposal PDF on the built app (PGlite, and PostgreSQL with TEST_DATABASE_URL), read back with
// poppler: each filled slot drawn with its product's picture and name, each picture embedded once, the
// site's typefaces, French spacing, the owner's message, no page holding only a heading; drawn once per
// version and kept (then drawn anew when what it shows changes); drawn in a worker thread, so that the
// server answers /healthz while a large one is drawn.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateSync } from "node:zlib";
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertMachine } from "../../app/features/machines/store.server";
import { insertProduct } from "../../app/features/catalogue/products.server";
import { proposals } from "../../server/db/schema";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
let machineId: string;
const productIds: string[] = [];
const NAMES = ["Café filtre corsé", "Éclair au chocolat", "Eau pétillante"];
const MESSAGE = "Bonjour Hélène, voici la machine dont nous avons parlé: 183 cm de haut, livrée mardi!";

beforeAll(async () => {
  app = await startTestApp({ PUBLIC_URL: "https://boreal.exemple.ca" });
  cookie = await app.login();
  const db = app.db();
  const { storage } = app.services;
  // Noisy pictures: a plain colour would hide a picture embedded at each use (it compresses to nothing).
  const picture = async (seed: number) => {
    const raw = Buffer.alloc(300 * 300 * 3);
    for (let i = 0; i < raw.length; i++) raw[i] = (i * seed * 7919 + (i >> 5)) & 0xff;
    return sharp(raw, { raw: { width: 300, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
  };
  await storage.put("machine-images", "chassis-pdf.jpg", await picture(3), "image/jpeg");
  for (const [i] of NAMES.entries())
    await storage.put("product-images", `produit-pdf-${i}.jpg`, await picture(11 + i), "image/jpeg");
  const machine = await insertMachine(db, {
    nom: "Boréal Élégance",
    description: "Une machine élégante.",
    images: ["/media/machine-images/chassis-pdf.jpg"],
    image_overlay: "/media/machine-images/chassis-pdf.jpg",
    // As an owner types it, without the no-break space.
    specifications: ["Hauteur: 183 cm", "Paiement sans contact"],
    avantages: ["Éclairage DEL économe"],
    produits_par_rangee: 10,
    nombre_de_rangees: 10,
  });
  machineId = machine!.id;
  for (const [i, nom] of NAMES.entries()) {
    const product = await insertProduct(db, {
      nom,
      prix: 1234.5 + i,
      image: `/media/product-images/produit-pdf-${i}.jpg`,
    });
    productIds.push(product.id);
  }
});
afterAll(async () => {
  await app?.close();
});

const grid = (x: number, rows: number, cols: number) => ({
  rows,
  cols,
  position: { x, y: 50 },
  size: { width: 170, height: 500 },
});

/** `sections` sections of rows × cols, every slot filled with the products in turn. */
async function sendProposal(clientName: string, { sections = 2, rows = 3, cols = 4 } = {}) {
  const layout = {
    sections: Array.from({ length: sections }, (_, i) => grid(20 + i * 30, rows, cols)),
    slots: Array.from({ length: sections }, (_, section) =>
      Array.from({ length: rows * cols }, (_, slot) => ({ section, slot, productId: productIds[slot % 3] })),
    ).flat(),
  };
  const response = await app.fetch(`/creer-machine/${machineId}`, {
    method: "POST",
    headers: { cookie },
    body: new URLSearchParams({
      intent: "send-proposal",
      client_name: clientName,
      client_email: "helene@exemple.ca",
      message: MESSAGE,
      layout: JSON.stringify(layout),
    }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const [p] = await app.db().select().from(proposals).orderBy(desc(proposals.created_at)).limit(1);
  expect(p!.client_name).toBe(clientName);
  return p!;
}

function saved(pdf: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "proposal-pdf-"));
  const file = join(dir, "p.pdf");
  writeFileSync(file, pdf);
  return file;
}

/** Every character the PDF's fonts map a glyph to (their ToUnicode maps hold only the glyphs drawn). */
function mappedCharacters(pdf: Buffer): Set<number> {
  const found = new Set<number>();
  const latin1 = pdf.toString("latin1");
  for (const match of latin1.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = latin1.indexOf("endstream", start);
    let text: string;
    try {
      text = inflateSync(pdf.subarray(start, end)).toString("latin1");
    } catch {
      continue;
    }
    if (!text.includes("begincmap")) continue;
    for (const [, targets] of text.matchAll(/<[0-9a-f]+>\s*<[0-9a-f]+>\s*\[([^\]]*)\]/gi))
      for (const [, hex] of targets!.matchAll(/<([0-9a-f]+)>/gi)) found.add(parseInt(hex!, 16));
    for (const [, hex] of text.matchAll(/<[0-9a-f]+>\s*<([0-9a-f]{4})>\s*$/gim)) found.add(parseInt(hex!, 16));
  }
  return found;
}

const cacheDir = () => join(app.services.config.dataDir, "cache", "proposal-pdfs");
/** A proposal's stored PDFs; not one still being written (its '.part' file). */
const storedFor = (id: string) =>
  (existsSync(cacheDir()) ? readdirSync(cacheDir()) : []).filter(
    (name) => name.startsWith(`${id}-`) && name.endsWith(".pdf"),
  );

describe("the proposal PDF", () => {
  it("draws each slot's picture and name, embeds each picture once, in French, with the owner's message", async () => {
    const p = await sendProposal("Hélène Bélanger");
    const response = await app.fetch(`/proposition/${p.token}.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const file = saved(Buffer.from(await response.arrayBuffer()));
    if (process.env.PROPOSAL_PDF_OUT) writeFileSync(process.env.PROPOSAL_PDF_OUT, readFileSync(file));

    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    expect(text).toContain("Hélène Bélanger");
    // pdftotext writes a no-break space as a space; the PDF's own text map says which it is.
    expect(text).toContain("Hauteur : 183 cm");
    expect(text).not.toMatch(/Hauteur: /);
    expect(mappedCharacters(readFileSync(file)).has(0xa0)).toBe(true);
    // The message as the owner wrote it, with French spacing.
    const plain = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(plain).toContain("voici la machine dont nous avons parlé : 183 cm de haut, livrée mardi !");
    expect(text).toContain("1 234,50 $");

    // The plan of section 1: 12 slots, each with its product's name (4 of each of the 3).
    const pages = text.split("\f").filter((page) => page.trim());
    const section1 = pages.find((page) => /SECTION 1/.test(page) && page.includes("rangées"))!;
    const plan = section1.slice(0, section1.indexOf("Les produits de la section"));
    for (const name of NAMES) expect(plan.split(name).length - 1, name).toBe(4);

    // Pictures drawn: the machine, on the cover 3 × 4 × 2 slots, on each section's plan 12 slots and 3
    // in its list; embedded: 4 (each picture once).
    const list = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
    expect(list.length).toBe(1 + 24 + 2 * (12 + 3));
    const objects = new Set(list.map((line) => line.trim().split(/\s+/).slice(10, 12).join(" ")));
    expect(objects.size).toBe(4);

    // The site's typefaces, embedded.
    const fonts = execFileSync("pdffonts", [file], { encoding: "utf8" });
    expect(fonts).toMatch(/Fraunces/);
    expect(fonts).toMatch(/Inter/);
    expect(fonts).not.toMatch(/Helvetica/);

    // No page holds a heading alone: each has more than its heading, header and footer.
    for (const page of pages) {
      const body = page
        .split("\n")
        .map((line) => line.trim())
        .filter((line) => line && !/^Page \d+ sur \d+|^Boréal Distributrices\s+PROPOSITION|\bexemple\.ca\b/.test(line));
      expect(body.length, page).toBeGreaterThan(3);
    }
  });

  it("is drawn once per version and kept; a change to the proposal draws it anew", async () => {
    const p = await sendProposal("Marc-André Roy");
    const first = Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer());
    const [stored] = storedFor(p.id);
    expect(stored).toBeDefined();
    expect(readFileSync(join(cacheDir(), stored!)).equals(first)).toBe(true);

    // The second request serves the stored file: marked here, it comes back marked.
    const marked = Buffer.concat([first, Buffer.from("\n%gardé\n")]);
    writeFileSync(join(cacheDir(), stored!), marked);
    const second = Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer());
    expect(second.equals(marked)).toBe(true);

    // The client accepts: the PDF now says so, drawn anew; the previous one is removed.
    const accepted = await app.fetch(`/proposition/${p.token}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept" }),
    });
    expect(accepted.status).toBe(200);
    const third = Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer());
    expect(third.equals(marked)).toBe(false);
    expect(execFileSync("pdftotext", [saved(third), "-"], { encoding: "utf8" })).toContain("Proposition acceptée le");
    const after = storedFor(p.id);
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(stored);

    // A name changed in the database (an erasure anonymises it) is not served from the old file.
    await app.db().update(proposals).set({ client_name: "Client effacé" }).where(eq(proposals.id, p.id));
    const fourth = Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer());
    const text = execFileSync("pdftotext", [saved(fourth), "-"], { encoding: "utf8" });
    expect(text).toContain("Client effacé");
    expect(text).not.toContain("Marc-André Roy");
  });

  it("is drawn as soon as it is sent, and again once accepted: the client's first request finds it ready", async () => {
    const p = await sendProposal("Chloé Tremblay");
    // No one has asked for it yet.
    await expect.poll(() => storedFor(p.id), { timeout: 30_000 }).toHaveLength(1);
    const [sent] = storedFor(p.id);
    const kept = readFileSync(join(cacheDir(), sent!));
    const first = Buffer.from(await (await app.fetch(`/proposition/${p.token}.pdf`)).arrayBuffer());
    expect(first.equals(kept)).toBe(true);

    const accepted = await app.fetch(`/proposition/${p.token}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "accept" }),
    });
    expect(accepted.status).toBe(200);
    await expect.poll(() => storedFor(p.id)[0], { timeout: 30_000 }).not.toBe(sent);
    const [again] = storedFor(p.id);
    const file = join(cacheDir(), again!);
    expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("Proposition acceptée le");
  });

  it("is drawn off the server's thread: /healthz answers while a large PDF is drawn", async () => {
    const p = await sendProposal("Sophie Gagnon", { sections: 3, rows: 10, cols: 10 });
    const order: string[] = [];
    const pdf = app.fetch(`/proposition/${p.token}.pdf`).then(async (response) => {
      expect(response.status).toBe(200);
      await response.arrayBuffer();
      order.push("pdf");
    });
    // Ask once the PDF is being drawn: its file is not written until it is done.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(storedFor(p.id)).toHaveLength(0);
    const health = await app.fetch("/healthz");
    expect(health.status).toBe(200);
    order.push("healthz");
    await pdf;
    expect(order).toEqual(["healthz", "pdf"]);
  });
});

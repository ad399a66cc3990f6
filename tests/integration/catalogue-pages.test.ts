// The catalogue pages as served by the built app: statuses, texts, bad parameters, SEO and sitemap.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateMachine } from "../../app/features/machines/store.server";
import { insertCatalogueFixtures, type CatalogueFixtures } from "../support/catalogue-fixtures";
import { startTestApp, type TestApp } from "../support/server";

let app: TestApp;
let fx: CatalogueFixtures;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function page(path: string) {
  const response = await app.fetch(path);
  return { status: response.status, html: await response.text() };
}

/** Visible text of the server-rendered page, tags removed and entities decoded. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
}

type JsonLd = Record<string, unknown> & { image?: unknown[]; itemListElement?: { name: string }[] };

function jsonLd(html: string): JsonLd[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as JsonLd,
  );
}

describe("an empty catalogue", () => {
  it("shows the empty states", async () => {
    expect(text((await page("/machines")).html)).toContain("Aucune catégorie de machine disponible pour le moment.");
    const list = await page("/produits");
    expect(list.status).toBe(200);
    expect(text(list.html)).toContain("0 produit(s) trouvé(s)");
    expect(text(list.html)).toContain("Aucun produit trouvé avec les critères sélectionnés");
  });
});

describe("with products and machines", () => {
  beforeAll(async () => {
    fx = await insertCatalogueFixtures(app.db(), app.services.storage);
  });

  it("lists 25 products per page with the count and the page", async () => {
    const { status, html } = await page("/produits");
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("30 produit(s) trouvé(s)");
    expect(body).toContain("Page 1 sur 2");
    expect(html.match(/href="\/produits\/[0-9a-f-]{36}"/g)).toHaveLength(25);
    expect(body).toContain("2,75 $");
    expect(html).toContain('aria-current="page"');
    const second = text((await page("/produits?page=2")).html);
    expect(second).toContain("Page 2 sur 2");
  });

  it("filters in the URL: accent-insensitive name, price, tags, top 10", async () => {
    const cafe = text((await page("/produits?q=cafe")).html);
    expect(cafe).toContain("2 produit(s) trouvé(s)");
    expect(cafe).toContain("Café glacé à la vanille");
    expect(cafe).toContain("café noir torréfié");
    expect(text((await page("/produits?min=7&max=8.25")).html)).toContain("2 produit(s) trouvé(s)");
    expect(text((await page("/produits?tag=Chaud")).html)).toContain("3 produit(s) trouvé(s)");
    expect(text((await page("/produits?top10=1")).html)).toContain("10 produit(s) trouvé(s)");
    expect(text((await page("/produits?q=zzz")).html)).toContain("Aucun produit trouvé avec les critères sélectionnés");
  });

  it("never fails on bad parameters", async () => {
    for (const query of [
      "page=-3",
      "page=abc",
      "min=abc",
      "max=abc",
      "min=5&max=2",
      "tag=inconnu",
      `q=${"x".repeat(10_000)}`,
      "q=%25%27%22%3C",
      "page=999999999999",
      "min=-1&max=1e400",
    ]) {
      const { status, html } = await page(`/produits?${query}`);
      expect(status, query).toBe(200);
      expect(text(html), query).toMatch(/\d+ produit\(s\) trouvé\(s\)/);
    }
    expect(text((await page("/produits?page=-3")).html)).toContain("Page 1 sur 2");
    expect(text((await page("/produits?page=99")).html)).toContain("Page 2 sur 2");
    expect(text((await page("/produits?min=5&max=2")).html)).toContain("3 produit(s) trouvé(s)");
    expect(text((await page("/produits?tag=inconnu")).html)).toContain("30 produit(s) trouvé(s)");
  });

  it("shows a product with its price, tags, ingredients and structured data", async () => {
    const id = fx.productIds[0]!;
    const { status, html } = await page(`/produits/${id}`);
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Café glacé à la vanille");
    expect(body).toContain("3,50 $");
    expect(body).toContain("Dans notre top 10 des plus gros vendeurs.");
    expect(body).toContain("Ingrédients");
    expect(html).toContain("<title>Café glacé à la vanille | ");
    const [product, crumbs] = jsonLd(html);
    expect(product).toMatchObject({
      "@type": "Product",
      name: "Café glacé à la vanille",
      offers: { "@type": "Offer", price: "3.50", priceCurrency: "CAD" },
    });
    expect(product!.image).toHaveLength(2);
    expect(crumbs).toMatchObject({ "@type": "BreadcrumbList" });
    expect(crumbs!.itemListElement!.map((i) => i.name)).toEqual(["Accueil", "Produits", "Café glacé à la vanille"]);
    // The main picture is responsive, sized and loaded first.
    expect(html).toMatch(/<img[^>]+srcset="\/img\/product-images\/[^"]+ 160w/i);
    expect(html).toMatch(/<img[^>]+fetchPriority="high"/i);
  });

  it("answers 404 'Produit non trouvé' for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "abc", "1%27%20or%201=1"]) {
      const { status, html } = await page(`/produits/${id}`);
      expect(status, id).toBe(404);
      expect(text(html)).toContain("Produit non trouvé");
    }
  });

  it("lists machine categories with counts, an emoji without a picture and the call to action", async () => {
    const body = text((await page("/machines")).html);
    expect(body).toContain("Collations et boissons");
    expect(body).toContain("2 machines");
    expect(body).toContain("Découvrir les machines");
    expect((await page("/machines")).html).toContain("☕");
  });

  it("lists a category's machines with stock badges and free installation", async () => {
    const { status, html } = await page(`/machines/${fx.categories.withMachines}`);
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Boréal Signature");
    expect(body).toContain("En stock");
    expect(body).toContain("Sur commande");
    expect(body).toContain("Installation gratuite");
    // Only the first card is on a phone's first screen: its picture alone is fetched ahead of the rest.
    expect(html.match(/<img[^>]+fetchPriority="high"/gi)).toHaveLength(1);
    expect(text((await page(`/machines/${fx.categories.empty}`)).html)).toContain("Aucune machine disponible");
  });

  it("answers 404 'Catégorie non trouvée' for an unknown category", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-une-categorie"]) {
      const { status, html } = await page(`/machines/${id}`);
      expect(status).toBe(404);
      expect(text(html)).toContain("Catégorie non trouvée");
    }
  });

  it("shows a machine: media, availability, advantages, steps in step_ids order and specifications", async () => {
    await updateMachine(app.db(), fx.machines.full, { step_ids: [fx.steps[2]!, fx.steps[0]!, fx.steps[1]!] });
    const { status, html } = await page(`/machines/${fx.categories.withMachines}/${fx.machines.full}`);
    expect(status).toBe(200);
    const body = text(html);
    expect(body).toContain("Retour à la catégorie");
    expect(body).toContain("✓ Disponible en entrepôt");
    expect(body).toContain("Remplissage et entretien inclus");
    expect(body).toContain("Comment ça fonctionne");
    const order = ["Savourez", "Choisissez votre produit", "Payez sans contact"].map((t) => body.indexOf(t));
    expect(order.every((i) => i > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(body).toContain("Hauteur 183 cm");
    expect(body).toContain("Heures 7:00 à 22:00");
    expect(body).toContain("Garantie -");
    // Three real pictures (the placeholder and the blank are left out): '1 / 3'.
    expect(body).toContain("1 / 3");
    expect(jsonLd(html)[0]!.itemListElement!.map((i) => i.name)).toEqual([
      "Accueil",
      "Machines",
      "Collations et boissons",
      "Boréal Signature",
    ]);

    const onOrder = text((await page(`/machines/${fx.categories.withMachines}/${fx.machines.onOrder}`)).html);
    expect(onOrder).toContain("⏱ Sur commande");
    expect(onOrder).toContain("2-3 semaines");

    const bare = text((await page(`/machines/${fx.categories.noImage}/${fx.machines.bare}`)).html);
    expect(bare).toContain("Aucun média disponible");
    expect(bare).not.toContain("Comment ça fonctionne");
  });

  it("answers 404 'Machine non trouvée' with a way back to the selection", async () => {
    const { status, html } = await page(`/machines/${fx.categories.withMachines}/00000000-0000-4000-8000-000000000000`);
    expect(status).toBe(404);
    expect(text(html)).toContain("Machine non trouvée");
    expect(html).toContain(`href="/machines/${fx.categories.withMachines}"`);
    expect((await page(`/machines/x/y`)).status).toBe(404);
  });

  it("lists every public page, product, category and machine in the sitemap", async () => {
    const response = await app.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/produits", "/machines", "/galerie"]) expect(xml).toContain(`${path}</loc>`);
    for (const id of fx.productIds) expect(xml).toContain(`/produits/${id}</loc>`);
    for (const id of Object.values(fx.categories)) expect(xml).toContain(`/machines/${id}</loc>`);
    expect(xml).toContain(`/machines/${fx.categories.withMachines}/${fx.machines.full}</loc>`);
    expect(xml).toContain(`/machines/${fx.categories.noImage}/${fx.machines.bare}</loc>`);
    expect(xml.match(/<url>/g)).toHaveLength(7 + 30 + 3 + 3);
  });
});

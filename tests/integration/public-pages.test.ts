// Public pages as a crawler sees them: server-rendered text, distinct titles and descriptions,
// canonical and social tags, JSON-LD, empty states, the hero video and the offer dialogs' data.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typography } from "~/lib/typography";
import { insertPhoto } from "../../app/features/gallery/store.server";
import { insertCategory, insertMachine } from "../../app/features/machines/store.server";
import { insertProduct, searchProductSummaries } from "../../app/features/catalogue/products.server";
import { loadOfferDialog } from "../../app/features/offer/queries.server";
import { startTestApp, type TestApp } from "../support/server";

const BOT = { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
const PUBLIC_PAGES = ["/", "/galerie", "/notre-offre", "/contact", "/confirmation", "/politique-de-confidentialite"];

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function html(path: string, init: RequestInit = {}): Promise<string> {
  const response = await app.fetch(path, { ...init, headers: { ...BOT, ...(init.headers as Record<string, string>) } });
  expect(response.status, path).toBe(200);
  return response.text();
}

const attr = (page: string, pattern: RegExp) =>
  pattern
    .exec(page)?.[1]
    ?.replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");
const title = (page: string) => attr(page, /<title>([^<]*)<\/title>/);
const description = (page: string) => attr(page, /<meta name="description" content="([^"]*)"/);
const canonical = (page: string) => attr(page, /<link rel="canonical" href="([^"]*)"/);
function jsonLd(page: string): Record<string, unknown>[] {
  return [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
}

describe("discoverability", () => {
  it("gives every public page its own title, description, canonical URL and social tags", async () => {
    const pages = await Promise.all(PUBLIC_PAGES.map((path) => html(path)));
    const titles = pages.map(title);
    const descriptions = pages.map(description);
    expect(new Set(titles).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(descriptions).size).toBe(PUBLIC_PAGES.length);
    pages.forEach((page, i) => {
      const path = PUBLIC_PAGES[i]!;
      expect(titles[i], path).toMatch(/\| Boréal Distributrices$/);
      expect(descriptions[i]!.length, path).toBeGreaterThan(50);
      expect(canonical(page), path).toBe(`${app.services.config.site.publicUrl}${path}`);
      for (const tag of [
        'property="og:title"',
        'property="og:description"',
        'property="og:url"',
        'name="twitter:card"',
        'name="twitter:title"',
      ]) {
        expect(page, `${path} ${tag}`).toContain(tag);
      }
      expect(page).toContain('<html lang="fr-CA"');
    });
    // The thank-you page is reachable but kept out of search results.
    expect(pages[PUBLIC_PAGES.indexOf("/confirmation")]).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(pages[0]).not.toContain('name="robots"');
  });

  it("describes the business as a LocalBusiness on the home and contact pages", async () => {
    for (const path of ["/", "/contact"]) {
      const [business] = jsonLd(await html(path)).filter((item) => item["@type"] === "LocalBusiness");
      expect(business, path).toMatchObject({
        name: "Boréal Distributrices",
        telephone: app.services.config.site.phone,
        areaServed: [{ name: "Québec" }, { name: "Lévis" }],
        openingHoursSpecification: { opens: "00:00", closes: "23:59" },
      });
      expect((business!.openingHoursSpecification as { dayOfWeek: string[] }).dayOfWeek).toHaveLength(7);
    }
    expect(jsonLd(await html("/galerie"))).toEqual([]);
  });

  it("lists the public pages in the sitemap and keeps staff pages out of robots.txt", async () => {
    const sitemap = await html("/sitemap.xml");
    for (const path of ["/", "/galerie", "/notre-offre", "/contact", "/politique-de-confidentialite"]) {
      expect(sitemap).toContain(`<loc>${app.services.config.site.publicUrl}${path}</loc>`);
    }
    const robots = await html("/robots.txt");
    for (const path of ["/edit", "/login", "/creer-machine"]) expect(robots).toContain(`Disallow: ${path}`);
  });
});

describe("/about (guarded)", () => {
  it("answers 'Page non trouvée' with 404 to visitors", async () => {
    const response = await app.fetch("/about", { headers: BOT });
    expect(response.status).toBe(404);
    const page = await response.text();
    expect(page).toContain("Page non trouvée");
    expect(page).not.toContain("Visite des lieux");
  });

  it("shows the hero, four benefits and four steps to the signed-in admin, with noindex and JSON-LD", async () => {
    const page = await html("/about", { headers: { cookie: await app.login() } });
    for (const text of [
      "Installation en moins de 24 h",
      "Service 100\u00a0% gratuit",
      "Soutien local 7 jours sur 7",
      "Réponse en moins de 24 heures",
      "Visite des lieux",
      "Livraison et installation",
      "Période d&#x27;ajustement des produits",
      "Remplissage et entretien continus",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain('content="noindex, nofollow"');
    expect(jsonLd(page).some((item) => item["@type"] === "LocalBusiness")).toBe(true);
  });
});

describe("home and gallery", () => {
  it("server-renders the hero, the counters' final values and the gradient, and hides an empty gallery", async () => {
    const page = await html("/");
    expect(page).toContain("Plus qu&#x27;une machine, <span");
    expect(page).toContain("votre image.");
    expect(page).toContain(">100+<");
    expect(page).toContain(">24/7<");
    expect(page).toContain("Clients satisfaits chaque jour");
    expect(page).toContain("À votre service");
    expect(page).toContain('data-testid="hero-gradient"');
    expect(page).not.toContain("<video");
    expect(page).not.toContain("Nos Réalisations");
    expect(page).toContain("Voir ce qu&#x27;on peut créer ensemble");
    const gallery = await html("/galerie");
    expect(gallery).toContain("Aucune photo disponible pour le moment.");
  });

  it("plays the newest homepage video, muted, looping and inline", async () => {
    const storage = app.services.storage;
    await storage.putNew("homepage-videos", "video", "mp4", Buffer.from("old"), "video/mp4");
    await new Promise((r) => setTimeout(r, 20));
    const newest = await storage.putNew("homepage-videos", "video", "mp4", Buffer.from("new"), "video/mp4");
    const page = await html("/");
    const video = /<video[^>]*>/.exec(page)?.[0] ?? "";
    expect(video).toContain(`data-src="/media/homepage-videos/${newest}"`);
    for (const attribute of ["muted", "autoPlay", "loop", "playsInline"]) expect(video).toContain(`${attribute}=""`);
    expect(page).toContain('data-testid="hero-gradient"');
    for (const object of await storage.list("homepage-videos")) await storage.delete("homepage-videos", object.name);
  });

  it("shows up to 6 featured photos by ordre on the home page and every photo on /galerie", async () => {
    const db = app.db();
    for (let i = 0; i < 8; i++) {
      await insertPhoto(db, {
        nom: `Photo ${i}`,
        image_url: `/media/gallery-images/photo-${i}.webp`,
        is_featured: i % 4 !== 3,
        ordre: 7 - i,
      });
    }
    const home = await html("/");
    expect(home).toContain("Nos Réalisations");
    expect(home).toContain("On pourrait en parler... mais on préfère vous le montrer.");
    expect(home).toContain('href="/galerie"');
    const featured = [...home.matchAll(/gallery-images\/photo-(\d)\.webp\?w=640/g)].map((m) => Number(m[1]));
    // Featured: 0, 1, 2, 4, 5, 6 ; ordre runs backwards, so the highest index comes first.
    expect([...new Set(featured)]).toEqual([6, 5, 4, 2, 1, 0]);
    const gallery = await html("/galerie");
    expect(gallery).not.toContain("Aucune photo disponible pour le moment.");
    expect(new Set([...gallery.matchAll(/gallery-images\/photo-(\d)\.webp/g)].map((m) => m[1])).size).toBe(8);
  });
});

describe("confirmation, privacy and contact", () => {
  it("thanks the sender, promises a reply within 24 hours and links home and to Instagram", async () => {
    const page = await html("/confirmation");
    expect(page).toContain("Demande reçue\u00a0!");
    expect(page).toContain("dans les 24 heures");
    expect(page).toContain('href="/"');
    expect(page).toContain(`href="${app.services.config.site.instagramUrl}"`);
  });

  it("names the person responsible for personal information and the rights of access, correction and withdrawal", async () => {
    const page = await html("/politique-de-confidentialite");
    const officer = app.services.config.site.privacyOfficer;
    for (const text of [
      officer.name,
      officer.title,
      officer.email,
      typography(officer.phone),
      "accéder",
      "rectifier",
      "retirer votre consentement",
      "aucun traceur",
      "au plus deux ans après notre dernier échange, puis nous les détruisons",
      "par courriel aux membres de notre équipe",
      "les courriels échangés à son sujet",
      // The retention periods of proposals and emails (app/features/contact-requests/retention-job.server.ts).
      "deux ans après sa dernière modification",
      "90\u00a0jours après leur envoi",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).toContain('href="/contact"');
  });

  it("shows the reply promise, phone, 24/7 support and service area beside the form", async () => {
    const page = await html("/contact");
    for (const text of [
      "Réponse en moins de 24 heures",
      app.services.config.site.phone,
      "Soutien 24/7",
      "Québec et Lévis",
    ])
      expect(page).toContain(text);
  });
});

describe("offer page data", () => {
  it("searches products by name, accents and case aside, with a total and a limit", async () => {
    const db = app.db();
    await insertProduct(db, { nom: "Café glacé", prix: 3.5, dans_notre_top_10_des_plus_gros_vendeur: true });
    await insertProduct(db, { nom: "CAFÉ noir", prix: 2 });
    await insertProduct(db, { nom: "Thé 100% vert", prix: 2.25 });
    for (let i = 0; i < 30; i++) await insertProduct(db, { nom: `Barre ${String(i).padStart(2, "0")}`, prix: 1 });
    const cafe = await searchProductSummaries(db, { q: "cafe" });
    expect(cafe.items.map((p) => p.nom)).toEqual(["Café glacé", "CAFÉ noir"]);
    expect(cafe.total).toBe(2);
    expect((await searchProductSummaries(db, { q: "100%" })).items.map((p) => p.nom)).toEqual(["Thé 100% vert"]);
    expect((await searchProductSummaries(db, { q: "%" })).total).toBe(1);
    expect((await searchProductSummaries(db, { q: "zzz" })).total).toBe(0);
    const page = await searchProductSummaries(db, { q: "barre", limit: 24 });
    expect(page.items).toHaveLength(24);
    expect(page.total).toBe(30);
    const all = await loadOfferDialog(db, { vue: "produits", q: "", limite: 24 });
    expect(all).toMatchObject({ vue: "produits", total: 33 });
  });

  it("walks categories → machines → machine, leaving placeholders out and splitting specifications", async () => {
    const db = app.db();
    const category = await insertCategory(db, { nom: "Boissons froides", description: "Au frais" });
    const machine = (await insertMachine(db, {
      nom: "Frigo Signature",
      description: "Vitrée",
      images: ["/placeholder.svg", "/media/machine-images/a.webp", " "],
      main_image_index: 0,
      specifications: ["Hauteur: 183 cm", "Alimentation", ""],
      avantages: ["Silencieuse", " "],
      categorie_id: category.id,
    }))!;
    const categories = await loadOfferDialog(db, { vue: "categories" });
    expect(categories).toMatchObject({
      vue: "categories",
      categories: [{ id: category.id, nom: "Boissons froides", machineCount: 1 }],
    });
    const machines = await loadOfferDialog(db, { vue: "machines", categorie: category.id });
    expect(machines).toMatchObject({
      vue: "machines",
      category: { nom: "Boissons froides" },
      machines: [{ id: machine.id, image: "/media/machine-images/a.webp" }],
    });
    const detail = await loadOfferDialog(db, { vue: "machine", id: machine.id });
    expect(detail).toMatchObject({
      vue: "machine",
      machine: {
        images: ["/media/machine-images/a.webp"],
        avantages: ["Silencieuse"],
        specifications: [
          { label: "Hauteur", value: "183\u00a0cm" },
          { label: "Alimentation", value: "-" },
        ],
      },
    });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(await loadOfferDialog(db, { vue: "machine", id: unknown })).toEqual({ vue: "machine", machine: null });
    expect(await loadOfferDialog(db, { vue: "produit", id: unknown })).toEqual({ vue: "produit", product: null });
    expect(await loadOfferDialog(db, { vue: "machines", categorie: unknown })).toEqual({
      vue: "machines",
      category: null,
      machines: [],
    });
  });

  it("answers a dialog's request through the page's loader without rendering the catalogue into the page", async () => {
    const page = await html("/notre-offre");
    for (const text of [
      "Choisir la machine parfaite",
      "Des produits qui se démarquent",
      "Laissez-nous faire le reste",
      "Retour en haut",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain("Barre 29");
    const data = await app.fetch("/notre-offre.data?vue=produits&q=barre&limite=48&_routes=routes%2Fnotre-offre");
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("Barre 29");
    expect(body).not.toContain("Café glacé");
  });
});

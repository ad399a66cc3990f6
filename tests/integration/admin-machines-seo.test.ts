// Pictures' descriptions and search and sharing of machines, categories and steps, end to end through
// the built app: the staff forms posted as the browser posts them, then the public pages' HTML read
// back (<title>, meta description, og:image, og:image:alt, <img alt>). On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  getCategory,
  getMachine,
  getStep,
  insertStep,
  listCategories,
  listMachines,
  listSteps,
} from "../../app/features/machines/store.server";
import { toFormData } from "../../app/lib/form-values";
import { startSignedInApp, type TestApp } from "../support/server";

let app: TestApp;
let cookie: string;
beforeAll(async () => ({ app, cookie } = await startSignedInApp()));
afterAll(() => app?.close());

/** Posts one intent as the page's forms do (fields named by their paths, a data request). */
async function post(payload: Record<string, unknown>) {
  const response = await app.fetch("/edit-machines.data", {
    method: "POST",
    body: toFormData(payload),
    headers: { cookie },
  });
  return { status: response.status, text: await response.text() };
}

const decode = (value: string) =>
  value
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");

/** The public page as a visitor gets it, with what search engines and shared links read of it. */
async function publicPage(path: string) {
  const response = await app.fetch(path);
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));
  const meta = (key: string) => {
    const tag = [...head.matchAll(/<meta [^>]*>/g)].map((m) => m[0]).find((t) => t.includes(`"${key}"`));
    const content = tag?.match(/content="([^"]*)"/)?.[1];
    return content === undefined ? undefined : decode(content);
  };
  const body = html.slice(html.indexOf("<body"));
  return {
    title: decode(head.match(/<title>([^<]*)<\/title>/)?.[1] ?? ""),
    description: meta("description"),
    ogImage: meta("og:image"),
    ogImageAlt: meta("og:image:alt"),
    twitterImageAlt: meta("twitter:image:alt"),
    /** Every picture's alt, in page order, with the address it shows. */
    imgs: [...body.matchAll(/<img [^>]*>/g)].map((m) => ({
      alt: decode(m[0].match(/alt="([^"]*)"/)?.[1] ?? ""),
      src: decode(m[0].match(/src="([^"]*)"/)?.[1] ?? ""),
    })),
  };
}

/** The page's own title, without the site's name the tab adds. */
const ownTitle = (title: string) => title.replace(/ \| [^|]+$/, "");

const altsOf = (imgs: { alt: string; src: string }[], file: string) =>
  imgs.filter((img) => img.src.includes(file)).map((img) => img.alt);

const A = "/media/machine-images/avant.webp";
const B = "/media/machine-images/cote.webp";
const C = "/media/machine-images/clavier.webp";
const SHARE = "/media/machine-images/partage.webp";
const CATEGORY_IMAGE = "/media/machine-category-images/cafe.webp";
const STEP_IMAGE = "/media/machine-step-images/installation.webp";

async function addCategory(nom: string, extra: Record<string, unknown> = {}) {
  const saved = await post({ intent: "save-category", id: "", category: { nom, description: "", ...extra } });
  expect(saved.status, saved.text).toBe(200);
  return (await listCategories(app.db())).find((c) => c.nom === nom)!;
}

describe("a machine's pictures' descriptions and its search and sharing", () => {
  it("saves them as posted and shows them on the public machine and category pages", async () => {
    const category = await addCategory("Café SEO");
    const saved = await post({
      intent: "save-machine",
      id: "",
      machine: {
        nom: "Boréal SEO",
        description: "Vitrine réfrigérée, écran tactile.",
        categorie_id: category.id,
        images: [A, B, C],
        // One field per picture, as the form posts them; the second left empty.
        image_alts: [" La Boréal vue de face ", "", "Le clavier et le lecteur de cartes"],
        main_image_index: "2",
        seo_title: "Distributrice Boréal : café et collations",
        seo_description: "Une vitrine réfrigérée installée gratuitement à Québec.",
        share_image: SHARE,
        share_image_alt: "La Boréal installée dans un hall d'entrée",
      },
      steps: [
        {
          id: "",
          numero: "1",
          titre: "Installation",
          description: "",
          image: STEP_IMAGE,
          image_alt: "Un technicien branche la machine",
          video: "",
        },
      ],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.text).toContain("Machine ajoutée");

    const machine = (await listMachines(app.db())).find((m) => m.nom === "Boréal SEO")!;
    expect(machine).toMatchObject({
      image_alts: ["La Boréal vue de face", "", "Le clavier et le lecteur de cartes"],
      seo_title: "Distributrice Boréal : café et collations",
      seo_description: "Une vitrine réfrigérée installée gratuitement à Québec.",
      share_image: SHARE,
      share_image_alt: "La Boréal installée dans un hall d'entrée",
    });
    expect((await getStep(app.db(), machine.step_ids[0]!))!.image_alt).toBe("Un technicien branche la machine");

    const page = await publicPage(`/machines/${category.id}/${machine.id}`);
    expect(ownTitle(page.title)).toBe("Distributrice Boréal : café et collations");
    expect(page.description).toBe("Une vitrine réfrigérée installée gratuitement à Québec.");
    expect(page.ogImage).toMatch(/\/media\/machine-images\/partage\.webp$/);
    expect(page.ogImageAlt).toBe("La Boréal installée dans un hall d'entrée");
    expect(page.twitterImageAlt).toBe("La Boréal installée dans un hall d'entrée");
    // The carousel: the staff's description, else 'name, photo n'.
    expect(altsOf(page.imgs, "avant.webp")[0]).toBe("La Boréal vue de face");
    expect(altsOf(page.imgs, "cote.webp")[0]).toBe("Boréal SEO, photo 2");
    expect(altsOf(page.imgs, "clavier.webp")[0]).toBe("Le clavier et le lecteur de cartes");
    expect(altsOf(page.imgs, "installation.webp")).toEqual(["Un technicien branche la machine"]);

    // The category page's card shows the main picture with its description.
    const list = await publicPage(`/machines/${category.id}`);
    expect(altsOf(list.imgs, "clavier.webp")).toEqual(["Le clavier et le lecteur de cartes"]);
  });

  it("moving and removing pictures moves and removes their descriptions", async () => {
    const category = await addCategory("Collations SEO");
    const machine = (
      await post({
        intent: "save-machine",
        id: "",
        machine: {
          nom: "Ordre SEO",
          description: "d",
          categorie_id: category.id,
          images: [A, B, C],
          image_alts: ["Face", "Côté", "Clavier"],
        },
      })
    ).text;
    expect(machine).toContain("Machine ajoutée");
    const stored = (await listMachines(app.db())).find((m) => m.nom === "Ordre SEO")!;
    // The form after 'move the third picture left' then 'remove the first': the texts went with them.
    const updated = await post({
      intent: "save-machine",
      id: stored.id,
      machine: {
        nom: "Ordre SEO",
        description: "d",
        categorie_id: category.id,
        images: [C, B],
        image_alts: ["Clavier", "Côté"],
      },
    });
    expect(updated.status).toBe(200);
    expect((await getMachine(app.db(), stored.id))!).toMatchObject({ images: [C, B], image_alts: ["Clavier", "Côté"] });
    const page = await publicPage(`/machines/${category.id}/${stored.id}`);
    expect(altsOf(page.imgs, "clavier.webp")[0]).toBe("Clavier");
    expect(altsOf(page.imgs, "cote.webp")[0]).toBe("Côté");
    expect(altsOf(page.imgs, "avant.webp")).toEqual([]);
  });

  it("without search and sharing fields: the derived title, the main picture and its description are shared", async () => {
    const category = await addCategory("Boissons SEO");
    await post({
      intent: "save-machine",
      id: "",
      machine: {
        nom: "Sans SEO",
        description: "Boissons froides.",
        categorie_id: category.id,
        images: [A, B],
        image_alts: ["", "Le côté réfrigéré"],
        main_image_index: "1",
        seo_title: "  ",
        seo_description: "",
        share_image: "",
        share_image_alt: "",
      },
    });
    const machine = (await listMachines(app.db())).find((m) => m.nom === "Sans SEO")!;
    expect(machine).toMatchObject({ seo_title: null, seo_description: null, share_image: null, share_image_alt: null });
    const page = await publicPage(`/machines/${category.id}/${machine.id}`);
    expect(ownTitle(page.title)).toBe("Sans SEO");
    expect(page.description).toBe("Boissons froides.");
    expect(page.ogImage).toMatch(/\/media\/machine-images\/cote\.webp$/);
    expect(page.ogImageAlt).toBe("Le côté réfrigéré");
    expect(altsOf(page.imgs, "avant.webp")[0]).toBe("Sans SEO, photo 1");
  });

  it("an over-long text is refused in French on its field, and nothing changes", async () => {
    const category = await addCategory("Refus SEO");
    await post({
      intent: "save-machine",
      id: "",
      machine: { nom: "Refus SEO", description: "d", categorie_id: category.id, images: [A], image_alts: ["Face"] },
    });
    const before = (await listMachines(app.db())).find((m) => m.nom === "Refus SEO")!;
    const attempts = [
      { seo_title: "T".repeat(71), field: "machine.seo_title", message: "71 caractères : 70 au plus." },
      { seo_description: "D".repeat(161), field: "machine.seo_description", message: "161 caractères : 160 au plus." },
      { share_image_alt: "S".repeat(161), field: "machine.share_image_alt", message: "161 caractères : 160 au plus." },
      { image_alts: ["F".repeat(165)], field: "machine.image_alts.0", message: "165 caractères : 160 au plus." },
    ];
    for (const { field, message, ...extra } of attempts) {
      const refused = await post({
        intent: "save-machine",
        id: before.id,
        machine: {
          nom: "Changée",
          description: "d",
          categorie_id: category.id,
          images: [A],
          image_alts: ["Face"],
          ...extra,
        },
      });
      expect(refused.status, field).toBe(400);
      expect(refused.text).toContain("Un texte est trop long\u00a0: raccourcissez le champ indiqué.");
      expect(refused.text).toContain(field);
      expect(refused.text).toContain(message);
    }
    const after = (await getMachine(app.db(), before.id))!;
    expect(after).toEqual(before);

    const step = (await insertStep(app.db(), {
      numero: 1,
      titre: "Étape intacte",
      description: "",
      image: STEP_IMAGE,
    }))!;
    const stepRefused = await post({
      intent: "save-step",
      id: step.id,
      step: {
        numero: "1",
        titre: "Changée",
        description: "",
        image: STEP_IMAGE,
        image_alt: "x".repeat(161),
        video: "",
      },
    });
    expect(stepRefused.status).toBe(400);
    expect(stepRefused.text).toContain("161 caractères : 160 au plus.");
    expect((await getStep(app.db(), step.id))!).toEqual(step);

    const categoryRefused = await post({
      intent: "save-category",
      id: category.id,
      category: { nom: "Changée", seo_title: "C".repeat(80) },
    });
    expect(categoryRefused.status).toBe(400);
    expect(categoryRefused.text).toContain("80 caractères : 70 au plus.");
    expect((await getCategory(app.db(), category.id))!).toEqual(category);
  });
});

describe("a category's picture description and its search and sharing", () => {
  it("saves them and shows them on the category list and the category page", async () => {
    const category = await addCategory("Vitrines SEO", {
      image: CATEGORY_IMAGE,
      image_alt: "Une tasse de café fumante",
      seo_title: "Distributrices à café pour bureaux",
      seo_description: "Espresso, latte et chocolat chaud, servis par nos distributrices.",
      share_image: "/media/machine-category-images/partage.webp",
      share_image_alt: "Une distributrice à café dans une cuisine de bureau",
    });
    expect(category).toMatchObject({
      image_alt: "Une tasse de café fumante",
      seo_title: "Distributrices à café pour bureaux",
    });

    const page = await publicPage(`/machines/${category.id}`);
    expect(ownTitle(page.title)).toBe("Distributrices à café pour bureaux");
    expect(page.description).toBe("Espresso, latte et chocolat chaud, servis par nos distributrices.");
    expect(page.ogImage).toMatch(/\/media\/machine-category-images\/partage\.webp$/);
    expect(page.ogImageAlt).toBe("Une distributrice à café dans une cuisine de bureau");

    const list = await publicPage("/machines");
    expect(altsOf(list.imgs, "cafe.webp")).toEqual(["Une tasse de café fumante"]);
  });

  it("without them: the derived title, the category's picture and its description; no description, a decorative picture", async () => {
    const category = await addCategory("Sobre SEO", { image: CATEGORY_IMAGE, image_alt: "Des grains de café" });
    const page = await publicPage(`/machines/${category.id}`);
    expect(ownTitle(page.title)).toBe("Sobre SEO — Machines");
    expect(page.ogImage).toMatch(/\/media\/machine-category-images\/cafe\.webp$/);
    expect(page.ogImageAlt).toBe("Des grains de café");

    // The description removed: the card's picture is decorative again and the share text is the title.
    const updated = await post({
      intent: "save-category",
      id: category.id,
      category: { nom: "Sobre SEO", image: CATEGORY_IMAGE, image_alt: "" },
    });
    expect(updated.status).toBe(200);
    expect((await getCategory(app.db(), category.id))!.image_alt).toBeNull();
    const again = await publicPage(`/machines/${category.id}`);
    expect(again.ogImageAlt).toBe("Sobre SEO — Machines");
    const list = await publicPage("/machines");
    const card = list.imgs.find((img) => img.src.includes("cafe.webp") && img.alt === "");
    expect(card).toBeDefined();
  });

  it("a step saved from the steps tab keeps its picture's description, and drops it with the picture", async () => {
    const saved = await post({
      intent: "save-step",
      id: "",
      step: {
        numero: "3",
        titre: "Remplissage SEO",
        description: "",
        image: STEP_IMAGE,
        image_alt: " Les tablettes remplies ",
      },
    });
    expect(saved.status).toBe(200);
    const step = (await listSteps(app.db())).find((s) => s.titre === "Remplissage SEO")!;
    expect(step.image_alt).toBe("Les tablettes remplies");
    await post({
      intent: "save-step",
      id: step.id,
      step: { numero: "3", titre: "Remplissage SEO", description: "", image: "", image_alt: "Les tablettes remplies" },
    });
    expect((await getStep(app.db(), step.id))!).toMatchObject({ image: null, image_alt: null });
  });
});

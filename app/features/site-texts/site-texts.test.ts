import { describe, expect, it } from "vitest";
import { pageMeta, withSeoTexts } from "~/lib/seo";
import { OFFER_TEXTS, offerSections } from "../../rules/offer-texts";
import {
  changedFields,
  changesText,
  completeTexts,
  DEFAULT_TEXTS,
  PAGE_FIELDS,
  pagePictureRef,
  SITE_PAGES,
} from "./site-texts";

describe("the editable documents", () => {
  it("every page but the settings has its defaults, one per field, and the search and sharing fields", () => {
    for (const page of SITE_PAGES) {
      if (page === "settings") continue;
      const keys = PAGE_FIELDS[page].map((field) => field.key);
      expect(new Set(keys).size, page).toBe(keys.length);
      expect(Object.keys(DEFAULT_TEXTS[page]).sort(), page).toEqual([...keys].sort());
      expect(keys, page).toEqual(expect.arrayContaining(["seoTitle", "seoDescription", "seoImage", "seoImageAlt"]));
    }
  });

  it("the offer page's defaults are today's page: a fresh install shows it unchanged", () => {
    expect(DEFAULT_TEXTS.offer).toMatchObject(OFFER_TEXTS);
    expect(offerSections(DEFAULT_TEXTS.offer).map((section) => section.title)).toEqual([
      "Choisir la machine parfaite",
      "Des produits qui se démarquent",
      "Laissez-nous faire le reste",
    ]);
    // A section text left out of a stored document reads as today's.
    expect(offerSections({ machineTitle: "Votre machine" })[0]).toMatchObject({
      id: "machine",
      short: "La machine",
      title: "Votre machine",
    });
  });

  it("each picture field has its description beside it, of at most 160 characters", () => {
    const pictures = SITE_PAGES.flatMap((page) => PAGE_FIELDS[page].filter((field) => field.kind === "image"));
    expect(pictures.map((field) => field.key)).toEqual(expect.arrayContaining(["heroImage", "seoImage"]));
    for (const page of SITE_PAGES) {
      for (const field of PAGE_FIELDS[page].filter((spec) => spec.kind === "image")) {
        const alt = PAGE_FIELDS[page].find((spec) => spec.altOf === field.key);
        expect(alt, `${page}.${field.key}`).toMatchObject({ key: `${field.key}Alt`, max: 160, required: false });
        expect(field.required).toBe(false);
      }
    }
  });

  it("a document stored before the pictures existed reads them as empty: today's pictures", () => {
    const { heroImage: _image, heroImageAlt: _alt, seoImage: _share, ...before } = DEFAULT_TEXTS.home;
    const read = completeTexts({ ...before, heroTitle: "Publié," }, DEFAULT_TEXTS.home, PAGE_FIELDS.home);
    expect(read).toMatchObject({ heroTitle: "Publié,", heroImage: "", heroImageAlt: "", seoImage: "" });
  });

  it("a changed picture is listed by its group and label", () => {
    const after = { ...DEFAULT_TEXTS.home, heroImage: "/media/gallery-images/gallery-1.webp", heroImageAlt: "Un hall" };
    expect(changedFields("home", DEFAULT_TEXTS.home, after)).toEqual([
      "En-tête · Image",
      "En-tête · Description de l'image",
    ]);
  });

  it("names each group of the changed fields once, in French typography", () => {
    expect(changesText(["Entreprise · Téléphone", "Entreprise · Courriel", "Réseaux sociaux · Instagram"])).toBe(
      "Entreprise\u00a0: Téléphone, Courriel\u00a0; Réseaux sociaux\u00a0: Instagram",
    );
    expect(changesText(["Titre"])).toBe("Titre");
  });
});

describe("a picture field names a stored picture of ours", () => {
  it("accepts our media addresses and the storage's public ones", () => {
    expect(pagePictureRef("/media/gallery-images/gallery-1732000000000.webp")).toEqual({
      bucket: "gallery-images",
      name: "gallery-1732000000000.webp",
    });
    expect(pagePictureRef("https://cdn.example.com/gallery-images/gallery-1.jpg")).toEqual({
      bucket: "gallery-images",
      name: "gallery-1.jpg",
    });
  });

  it("refuses anything else", () => {
    for (const value of [
      "https://ailleurs.example/photo.png",
      "http://cdn.example.com/gallery-images/gallery-1.jpg",
      "javascript:alert(1)",
      "/share.png",
      "/media/gallery-images/../secret.png",
      "/media/gallery-images/x.svg",
      "/media/homepage-videos/hero-1.mp4",
      "/media/inconnu/photo.png",
      "/media/gallery-images/gallery-1.png?x=1",
      "/img/gallery-images/gallery-1.png",
      "//ailleurs.example/gallery-images/a.png",
      "",
    ])
      expect(pagePictureRef(value), value).toBeNull();
  });
});

describe("a page's share picture", () => {
  const matches = [{ id: "root", loaderData: { site: { name: "Boréal", publicUrl: "https://boreal.example" } } }];
  const meta = (texts: Record<string, string>) =>
    pageMeta(matches, withSeoTexts({ title: "Accueil", description: "Bienvenue.", path: "/" }, texts));
  const content = (tags: ReturnType<typeof pageMeta>, key: string) => {
    const tag = tags.find((t) => ("property" in t && t.property === key) || ("name" in t && t.name === key));
    return tag && "content" in tag ? tag.content : undefined;
  };

  it("is the staff's when set, as an absolute address, with its description", () => {
    const tags = meta({ seoImage: "/media/gallery-images/gallery-1.webp", seoImageAlt: "Une distributrice dorée" });
    expect(content(tags, "og:image")).toBe("https://boreal.example/media/gallery-images/gallery-1.webp");
    expect(content(tags, "twitter:image")).toBe("https://boreal.example/media/gallery-images/gallery-1.webp");
    expect(content(tags, "og:image:alt")).toBe("Une distributrice dorée");
    expect(content(tags, "og:image:width")).toBeUndefined();
  });

  it("is the brand's otherwise, the staff's text describing it when given", () => {
    const tags = meta({ seoImage: "", seoImageAlt: "" });
    expect(content(tags, "og:image")).toBe("https://boreal.example/share.png");
    expect(content(tags, "og:image:alt")).toContain("Boréal");
    expect(content(tags, "og:image:width")).toBe("1200");
    expect(content(meta({ seoImage: "", seoImageAlt: "Notre logo" }), "og:image:alt")).toBe("Notre logo");
  });
});

import { describe, expect, it } from "vitest";
import { formValues } from "~/lib/form-values";
import { changedFields, DEFAULT_TEXTS, PAGE_FIELDS, settingsFromDefaults } from "~/features/site-texts/site-texts";
import { EditPagesSchema, PAGES_MESSAGES, parsePageTexts } from "./staff-schema";

const settings = settingsFromDefaults({
  name: "Boréal Distributrices",
  phone: "418 555-0142",
  email: "bonjour@boreal-distributrices.ca",
  instagramUrl: "https://www.instagram.com/boreal.distributrices/",
  instagramDmUrl: "https://ig.me/m/boreal.distributrices",
  facebookUrl: null,
  linkedinUrl: null,
  serviceArea: "Québec et Lévis",
  privacyOfficer: { name: "M. T.", title: "Responsable", email: "c@boreal.ca", phone: "418 555-0142" },
});

describe("page texts check", () => {
  it("accepts today's texts and settings, trimmed", () => {
    expect(parsePageTexts("home", DEFAULT_TEXTS.home)).toEqual({ ok: true, texts: DEFAULT_TEXTS.home });
    const spaced = parsePageTexts("settings", { ...settings, name: "  Boréal  " });
    expect(spaced.ok && spaced.texts.name).toBe("Boréal");
  });

  it("names each wrong field with a French message", () => {
    const result = parsePageTexts("settings", {
      ...settings,
      name: "",
      phone: "12",
      email: "bonjour@",
      facebookUrl: "http://facebook.com/x",
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        name: "Ce champ est requis.",
        phone: "Ce numéro de téléphone n'est pas valide.",
        email: "Cette adresse courriel n'est pas valide.",
        facebookUrl: "Donnez une adresse complète commençant par https://.",
      },
    });
    const long = parsePageTexts("home", { ...DEFAULT_TEXTS.home, heroTitle: "a\nb", heroText: "x".repeat(401) });
    expect(long).toMatchObject({
      ok: false,
      errors: { heroTitle: "Une seule ligne, sans retour à la ligne.", heroText: "401 caractères : 400 au plus." },
    });
  });

  it("lists the changed fields by their group and label", () => {
    const after = { ...DEFAULT_TEXTS.home, heroTitle: "Autre", ctaButton: "Go" };
    expect(changedFields("home", DEFAULT_TEXTS.home, after)).toEqual(["En-tête · Titre", "Appel à l'action · Bouton"]);
  });

  it("accepts the offer page's texts, and checks them like the others", () => {
    expect(parsePageTexts("offer", DEFAULT_TEXTS.offer)).toEqual({ ok: true, texts: DEFAULT_TEXTS.offer });
    expect(parsePageTexts("offer", { ...DEFAULT_TEXTS.offer, machineTitle: "", serviceShort: "x".repeat(31) })).toEqual(
      {
        ok: false,
        errors: { machineTitle: "Ce champ est requis.", serviceShort: "31 caractères : 30 au plus." },
      },
    );
  });

  it("a picture is one of ours, described in at most 160 characters once it is set", () => {
    const picture = "/media/gallery-images/gallery-1732000000000.webp";
    const withPicture = { ...DEFAULT_TEXTS.home, heroImage: picture, heroImageAlt: "Une distributrice dans un hall" };
    expect(parsePageTexts("home", withPicture)).toEqual({ ok: true, texts: withPicture });
    expect(parsePageTexts("home", { ...withPicture, heroImageAlt: "  " })).toEqual({
      ok: false,
      errors: { heroImageAlt: PAGES_MESSAGES.altRequired },
    });
    expect(parsePageTexts("home", { ...withPicture, heroImageAlt: "x".repeat(161) })).toEqual({
      ok: false,
      errors: { heroImageAlt: "161 caractères : 160 au plus." },
    });
    for (const bad of ["https://ailleurs.example/a.png", "javascript:alert(1)", "/media/gallery-images/a.svg"])
      expect(parsePageTexts("contact", { ...DEFAULT_TEXTS.contact, seoImage: bad, seoImageAlt: "Logo" }), bad).toEqual({
        ok: false,
        errors: { seoImage: PAGES_MESSAGES.notOurPicture },
      });
    // Without a picture, its description is optional: the share text describes the brand's picture.
    expect(parsePageTexts("contact", { ...DEFAULT_TEXTS.contact, seoImageAlt: "Notre logo" }).ok).toBe(true);
  });

  it("reads every post of the editor as its form sends it, errors keyed by the field's name", () => {
    const form = new URLSearchParams({ intent: "publish", page: "offer" });
    for (const { key } of PAGE_FIELDS.offer) form.set(key, DEFAULT_TEXTS.offer[key] ?? "");
    form.set("productsTitle", "Nos produits");
    const read = EditPagesSchema.safeParse(formValues(form));
    expect(read.success && read.data).toEqual({
      intent: "publish",
      page: "offer",
      texts: { ...DEFAULT_TEXTS.offer, productsTitle: "Nos produits" },
    });
    // A field the document lacks is ignored; a missing one counts as empty.
    form.set("heroImage", "https://ailleurs.example/a.png");
    form.delete("requestTitle");
    const refused = EditPagesSchema.safeParse(formValues(form));
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["requestTitle", "Ce champ est requis."],
    ]);
    const version = "3f1c4e0a-8b2d-4c6e-9f1a-2b3c4d5e6f70";
    expect(EditPagesSchema.parse({ intent: "restore", page: "offer", version })).toEqual({
      intent: "restore",
      page: "offer",
      version,
    });
    expect(EditPagesSchema.parse({ intent: "discard", page: "home", heroTitle: "" })).toEqual({
      intent: "discard",
      page: "home",
    });
    expect(EditPagesSchema.safeParse({ intent: "publish", page: "ailleurs" }).success).toBe(false);
    expect(EditPagesSchema.safeParse({ intent: "restore", page: "home", version: "1" }).success).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import { changedFields, DEFAULT_TEXTS, settingsFromDefaults } from "~/rules/site-texts";
import { parsePageTexts } from "./schema";

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
});

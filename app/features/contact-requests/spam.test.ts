import { describe, expect, it } from "vitest";
import { countLinks, findSpam, parseMaxPerHour, readFillTime, SPAM_RULES, type SpamFacts } from "./spam";

const PERSON: SpamFacts = {
  request: {
    nom_complet: "Marie-Ève Tremblay",
    courriel: "marie@exemple.ca",
    description_demande:
      "Bonjour, nous cherchons une distributrice de café pour notre salle des employés (40 personnes). Voir www.exemple.ca pour l'adresse.",
    numero_telephone: null,
  },
  honeypot: "",
  fillMs: 45_000,
  lastHourCount: 3,
  maxPerHour: 30,
};

const facts = (over: Partial<SpamFacts> & { text?: string; name?: string }): SpamFacts => ({
  ...PERSON,
  ...over,
  request: {
    ...PERSON.request,
    ...(over.text !== undefined ? { description_demande: over.text } : {}),
    ...(over.name !== undefined ? { nom_complet: over.name } : {}),
  },
});

describe("spam checks", () => {
  it("lets a person through, with or without JavaScript (no fill time)", () => {
    expect(findSpam(PERSON)).toBeNull();
    expect(findSpam(facts({ fillMs: null }))).toBeNull();
    expect(findSpam(facts({ maxPerHour: null, lastHourCount: 10_000 }))).toBeNull();
    expect(findSpam(facts({ text: "Deux liens : https://a.exemple.ca et https://b.exemple.ca/plan" }))).toBeNull();
    // French words that contain a spam word are not caught.
    expect(findSpam(facts({ text: "Une machine pour notre cryptoportique et le casinotier." }))).toBeNull();
  });

  it("the honeypot", () => {
    expect(findSpam(facts({ honeypot: "https://spam.exemple" }))?.check).toBe("honeypot");
  });

  it("the ceiling per hour for the whole site", () => {
    expect(findSpam(facts({ lastHourCount: 29 }))).toBeNull();
    expect(findSpam(facts({ lastHourCount: 30 }))).toEqual({
      check: "hourly-ceiling",
      reason: "Plus de 30 demandes reçues en une heure pour tout le site.",
    });
  });

  it("one source's share and one recipient's share of the ceiling, before the ceiling itself", () => {
    expect(findSpam(facts({ sourceLastHour: 2, recipientLastHour: 2 }))).toBeNull();
    expect(findSpam(facts({ sourceLastHour: 3, lastHourCount: 30 }))).toEqual({
      check: "source-share",
      reason: "Plus de 3 demandes en une heure depuis la même adresse de connexion.",
    });
    expect(findSpam(facts({ recipientLastHour: 3 }))).toEqual({
      check: "recipient-share",
      reason: "Plus de 3 demandes en une heure pour la même adresse courriel.",
    });
    expect(findSpam(facts({ maxPerHour: 5, sourceLastHour: 1 }))?.check).toBe("source-share");
    // Without a ceiling there is no share.
    expect(findSpam(facts({ maxPerHour: null, sourceLastHour: 50, recipientLastHour: 50 }))).toBeNull();
  });

  it("a form filled faster than a person can", () => {
    expect(findSpam(facts({ fillMs: SPAM_RULES.minFillMs }))).toBeNull();
    expect(findSpam(facts({ fillMs: 1_200 }))).toEqual({
      check: "too-fast",
      reason: "Formulaire rempli en 1,2 s (une personne met au moins 3 s).",
    });
  });

  it("links: in the name, as markup, or too many", () => {
    expect(findSpam(facts({ name: "Gagnez http://x.ru" }))?.check).toBe("links");
    expect(findSpam(facts({ name: "Promo www.x.ru" }))?.reason).toBe("Le nom contient un lien.");
    expect(findSpam(facts({ text: 'Voir <a href="http://x.ru">ici</a>' }))?.check).toBe("links");
    expect(findSpam(facts({ text: "Voir [url=http://x.ru]ici[/url]" }))?.check).toBe("links");
    expect(findSpam(facts({ text: "http://a.ru http://b.ru c.ru/offre" }))).toEqual({
      check: "links",
      reason: "La demande contient 3 liens (2 au plus).",
    });
  });

  it("text: spam words, a script foreign to the site", () => {
    expect(findSpam(facts({ text: "We offer SEO   services and backlinks for your site." }))).toEqual({
      check: "text",
      reason: "Mot typique des indésirables\u00a0: «\u00a0seo   services\u00a0».",
    });
    expect(findSpam(facts({ name: "Viagra Shop" }))?.check).toBe("text");
    expect(findSpam(facts({ text: "Здравствуйте, хочу предложить вам выгодное сотрудничество" }))?.check).toBe("text");
    expect(findSpam(facts({ text: "Bonjour, je m'appelle Иван et je cherche une machine à café." }))).toBeNull();
  });

  it("the first check that catches names the request", () => {
    expect(findSpam(facts({ honeypot: "x", fillMs: 10, text: "casino" }))?.check).toBe("honeypot");
    expect(findSpam(facts({ fillMs: 10, text: "casino" }))?.check).toBe("too-fast");
  });
});

describe("reading the facts", () => {
  it("counts links", () => {
    expect(countLinks("rien ici, 3.5 m de large, 12.30 $")).toBe(0);
    expect(countLinks("https://a.ca/x www.b.ca c.com/d")).toBe(3);
  });

  it("the browser's fill time", () => {
    expect(readFillTime("4500")).toBe(4500);
    expect(readFillTime(" 12 ")).toBe(12);
    for (const bad of [null, undefined, "", "-5", "1e9", "abc", "12345678901"]) expect(readFillTime(bad)).toBeNull();
  });

  it("CONTACT_MAX_PER_HOUR", () => {
    expect(parseMaxPerHour(undefined)).toBe(SPAM_RULES.defaultMaxPerHour);
    expect(parseMaxPerHour("")).toBe(SPAM_RULES.defaultMaxPerHour);
    expect(parseMaxPerHour("120")).toBe(120);
    expect(parseMaxPerHour("off")).toBeNull();
    expect(() => parseMaxPerHour("0")).toThrow(
      "CONTACT_MAX_PER_HOUR doit être un nombre entier positif ou « off », pas « 0 ».",
    );
    expect(() => parseMaxPerHour("2.5")).toThrow();
  });
});

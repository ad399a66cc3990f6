import { describe, expect, it } from "vitest";
import { DEFAULT_TEXTS } from "~/features/site-texts/site-texts";
import { typography } from "./typography";

// The expectations write a no-break space as "~" so that they can be read.
const t = (text: string) => typography(text).replace(/\u00a0/g, "~");

describe("typography", () => {
  it("puts a no-break space before ; : ! ? and », after «", () => {
    expect(t("Demande reçue !")).toBe("Demande reçue~!");
    expect(t("Une question d'ici là ? Appelez-nous")).toBe("Une question d'ici là~? Appelez-nous");
    expect(t("Machines, produits : découvrez ; voyez")).toBe("Machines, produits~: découvrez~; voyez");
    expect(t("« Plus qu'une machine »")).toBe("«~Plus qu'une machine~»");
  });

  it("adds the space when it is missing, and replaces a narrow or thin one", () => {
    expect(t("Hauteur: 183 cm")).toBe("Hauteur~: 183~cm");
    expect(t("Écrivez-nous!")).toBe("Écrivez-nous~!");
    expect(t("Vraiment?!")).toBe("Vraiment~?!");
    expect(t("«Bonjour»")).toBe("«~Bonjour~»");
    expect(t("Merci\u202f! Oui\u2009?")).toBe("Merci~! Oui~?");
    expect(t("Quoi   ?")).toBe("Quoi~?");
    expect(t("Label :\nvaleur")).toBe("Label~:\nvaleur");
  });

  it("keeps phone numbers on one line", () => {
    expect(t("Appelez-nous au 418 555-0142.")).toBe("Appelez-nous au 418~555-0142.");
    expect(t("(418) 555-0142")).toBe("(418)~555-0142");
    expect(t("1 418 555 0142")).toBe("1~418~555~0142");
    expect(t("+1 418 555-0142")).toBe("+1~418~555-0142");
    expect(t("418-555-0142")).toBe("418-555-0142");
  });

  it("keeps prices, thousands, numbers with their units and dimensions together", () => {
    expect(t("1 234,50 $")).toBe("1~234,50~$");
    expect(t("2,50 $ et 10 000 000 €")).toBe("2,50~$ et 10~000~000~€");
    expect(t("Service 100 % gratuit")).toBe("Service 100~% gratuit");
    expect(t("183 cm, 72 kg, 1,5 s, 250 ml, 5 min, 1,5 h")).toBe("183~cm, 72~kg, 1,5~s, 250~ml, 5~min, 1,5~h");
    expect(t("1200 × 630 px")).toBe("1200~×~630~px");
    expect(t("183×80")).toBe("183~×~80");
  });

  it("leaves a number before an ordinary word alone", () => {
    expect(t("2 ans, 7 jours sur 7, 24 heures, 3 machines, 4 mousquetaires")).toBe(
      "2 ans, 7 jours sur 7, 24 heures, 3 machines, 4 mousquetaires",
    );
    expect(t("en 2026 100 machines")).toBe("en 2026 100 machines");
  });

  it("writes times as 20 h 30 and keeps them together", () => {
    expect(t("à 20 h 30")).toBe("à 20~h~30");
    expect(t("8 h à 17 h")).toBe("8~h à 17~h");
    expect(t("20h30 ou 8h")).toBe("20~h~30 ou 8~h");
    expect(t("En place en moins de 24 h")).toBe("En place en moins de 24~h");
  });

  it("leaves times written 20:30, ratios and code-like colons alone", () => {
    expect(t("Ouvert 20:30")).toBe("Ouvert 20:30");
    expect(t("Format 16:9")).toBe("Format 16:9");
    expect(t("a:b;c")).toBe("a:b;c");
    expect(t("utm_medium B5h")).toBe("utm_medium B5h");
  });

  it("writes the first of a month 1er and keeps the day with its month and year", () => {
    expect(t("mardi 1 décembre 2026 à 15 h 23")).toBe("mardi 1er~décembre~2026 à 15~h~23");
    expect(t("le 6 décembre 2026, 14 h")).toBe("le 6~décembre~2026, 14~h");
    expect(t("le 6 décembre 20 h 30")).toBe("le 6~décembre 20~h~30");
    expect(t("le 1er janvier, le 21 août, le 11 mai")).toBe("le 1er~janvier, le 21~août, le 11~mai");
    expect(t("1 Mars")).toBe("1er~Mars");
    expect(t("21 décembrerie")).toBe("21 décembrerie");
  });

  it("does not touch addresses, email addresses, code or entities", () => {
    expect(t("Voir https://exemple.ca/a?b=1&c=2 : merci")).toBe("Voir https://exemple.ca/a?b=1&c=2~: merci");
    expect(t("www.exemple.ca/page?x=1!")).toBe("www.exemple.ca/page?x=1!");
    expect(t("exemple.ca/contact?x=1")).toBe("exemple.ca/contact?x=1");
    expect(t("Écrivez à info@exemple.ca !")).toBe("Écrivez à info@exemple.ca~!");
    expect(t("mailto:a@b.ca?subject=Allo")).toBe("mailto:a@b.ca?subject=Allo");
    expect(t("Le code `a : b ; c !` reste")).toBe("Le code `a : b ; c !` reste");
    expect(t("Tom &amp; Jerry&#x27;s ; oui")).toBe("Tom &amp; Jerry&#x27;s~; oui");
    expect(t("tel:4185550142")).toBe("tel:4185550142");
  });

  it("returns a text with nothing to set unchanged, and the empty text", () => {
    expect(typography("")).toBe("");
    const plain = "Une équipe locale, sur place rapidement.";
    expect(typography(plain)).toBe(plain);
  });

  it("is idempotent", () => {
    const samples = [
      "Demande reçue ! Une question ? « Oui » : 418 555-0142, 1 234,50 $, 20 h 30, 20h30, 8h, 183 cm",
      "mardi 1 décembre 2026 à 15 h 23; «x» 30 % 1200×630 https://a.ca/?q=1 ; b@c.ca !",
      "Quoi?! Hauteur: 183 cm ; 1er mai ; +1 418 555 0142 ; 10 000 000 €",
      ...Object.values(DEFAULT_TEXTS).flatMap((texts) => Object.values(texts)),
    ];
    for (const sample of samples) {
      const once = typography(sample);
      expect(typography(once)).toBe(once);
    }
  });

  it("sets the site's default texts without changing their words", () => {
    for (const texts of Object.values(DEFAULT_TEXTS)) {
      for (const text of Object.values(texts)) {
        const set = typography(text);
        expect(set.replace(/[\s\u00a0]+/g, "")).toBe(
          text.replace(/[\s\u00a0]+/g, "").replace(/\b1 (?=décembre)/, "1er"),
        );
        expect(set).not.toMatch(/ [;:!?»]|« /);
      }
    }
    expect(t(DEFAULT_TEXTS.confirmation.question!)).toBe("Une question d'ici là~? Appelez-nous au");
  });
});

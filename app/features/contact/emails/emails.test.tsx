import { describe, expect, it } from "vitest";
import {
  factsAsText,
  formatReceivedAt,
  requestFacts,
  staffNotificationSubject,
  staffRequestUrl,
  type EmailSite,
  type RequestForEmail,
} from "./facts";
import { renderProspectConfirmation } from "./prospect-confirmation.server";
import { renderStaffNotification, replyToProspect } from "./staff-notification.server";

const SITE: EmailSite = {
  name: "Boréal Distributrices",
  phone: "418 555-0142",
  publicUrl: "https://boreal.exemple.ca",
};

const REQUEST: RequestForEmail = {
  id: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  nom_complet: "Marie Tremblay",
  courriel: "marie.tremblay@exemple.ca",
  description_demande: "Deux distributrices pour la salle des employés.\nCafé et collations santé.",
  type_emplacement: "office",
  emplacement: "quebec",
  date_installation: "1-3-months",
  prefere_telephone: true,
  numero_telephone: "418 555-0199",
  timestamp: "2026-11-27T19:05:00.000Z",
};

const HOSTILE: RequestForEmail = {
  ...REQUEST,
  nom_complet: `<script>alert("x")</script> "Zoé" & <b>Cie</b>`,
  description_demande: `<img src=x onerror=alert(1)><a href="https://piege.exemple">cliquez</a>`,
  numero_telephone: null,
  prefere_telephone: false,
};

describe("facts", () => {
  it("subject: the name, then the place type and region labels when given", () => {
    expect(staffNotificationSubject(REQUEST)).toBe("Nouvelle demande : Marie Tremblay — Bureau, Québec");
    expect(staffNotificationSubject({ ...REQUEST, emplacement: null })).toBe(
      "Nouvelle demande : Marie Tremblay — Bureau",
    );
    expect(staffNotificationSubject({ ...REQUEST, type_emplacement: null, emplacement: "levis" })).toBe(
      "Nouvelle demande : Marie Tremblay — Lévis",
    );
    expect(staffNotificationSubject({ ...REQUEST, type_emplacement: null, emplacement: null })).toBe(
      "Nouvelle demande : Marie Tremblay",
    );
    expect(staffNotificationSubject({ ...REQUEST, nom_complet: " Marie\r\nBcc: x@y.ca " })).toBe(
      "Nouvelle demande : Marie Bcc: x@y.ca — Bureau, Québec",
    );
  });

  it("time received in Québec's time zone, in French", () => {
    expect(formatReceivedAt(REQUEST.timestamp)).toBe("vendredi 27 novembre 2026 à 14 h 05");
  });

  it("every field with the form's labels, choices as labels, missing ones said so", () => {
    expect(factsAsText(requestFacts({ ...REQUEST, date_installation: null }, "staff"))).toBe(
      [
        "Nom complet : Marie Tremblay",
        "Courriel : marie.tremblay@exemple.ca",
        "Je préfère être contacté par téléphone : Oui",
        "Numéro de téléphone : 418 555-0199",
        "Type d'emplacement : Bureau",
        "Région : Québec",
        "Délai d'installation souhaité : Non précisé",
        "Demande :",
        "Deux distributrices pour la salle des employés.",
        "Café et collations santé.",
      ].join("\n"),
    );
    expect(requestFacts(REQUEST, "prospect").at(-1)!.label).toBe("Votre demande");
  });

  it("links to the request's card in the inbox", () => {
    expect(staffRequestUrl(SITE.publicUrl, REQUEST.id)).toBe(
      "https://boreal.exemple.ca/edit-demandes/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
    );
  });
});

describe("staff notification", () => {
  it("subject, Reply-To the prospect, every field, the time, the link, in both parts", async () => {
    const email = await renderStaffNotification(REQUEST, SITE);
    expect(email.subject).toBe("Nouvelle demande : Marie Tremblay — Bureau, Québec");
    expect(email.replyTo).toBe('"Marie Tremblay" <marie.tremblay@exemple.ca>');
    for (const part of [email.html, email.text]) {
      for (const text of [
        "Marie Tremblay",
        "marie.tremblay@exemple.ca",
        "418 555-0199",
        "Bureau",
        "Québec",
        "1–3 mois",
        "Deux distributrices pour la salle des employés.",
        "vendredi 27 novembre 2026 à 14 h 05",
        "https://boreal.exemple.ca/edit-demandes/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
      ]) {
        expect(part).toContain(text);
      }
    }
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('lang="fr"');
    expect(email.html).toContain('href="tel:4185550199"');
    expect(email.html).not.toMatch(/<img/);
    expect(email.text).toContain("Type d'emplacement : Bureau");
  });

  it("escapes what the visitor typed: no markup of theirs reaches the HTML", async () => {
    const email = await renderStaffNotification(HOSTILE, SITE);
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>Cie");
    expect(email.html).not.toContain('href="https://piege.exemple"');
    expect(email.html).toContain("&lt;script&gt;");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    // The plain-text part keeps the text as typed: it is not HTML.
    expect(email.text).toContain(HOSTILE.description_demande);
    expect(email.replyTo).toBe('"<script>alert( x )</script>  Zoé  & <b>Cie</b>" <marie.tremblay@exemple.ca>');
  });

  it("a Reply-To name cannot break out of its quotes", () => {
    expect(replyToProspect({ nom_complet: 'A "B" \\ C\r\nD', courriel: " a@b.ca " })).toBe('"A  B    C D" <a@b.ca>');
  });
});

describe("prospect confirmation", () => {
  it("thanks, summary, the 24-hour promise, the phone number, the privacy page", async () => {
    const email = await renderProspectConfirmation(REQUEST, SITE);
    expect(email.subject).toBe("Nous avons bien reçu votre demande — Boréal Distributrices");
    for (const part of [email.html, email.text]) {
      for (const text of [
        "Demande reçue !",
        "Bonjour Marie Tremblay,",
        "Merci de votre intérêt. Un membre de notre équipe vous contactera dans les 24 heures pour discuter de votre projet.",
        "Une question d'ici là ? Appelez-nous au",
        "418 555-0142",
        "Ce que vous nous avez envoyé",
        "Deux distributrices pour la salle des employés.",
        "Bureau",
        "https://boreal.exemple.ca/politique-de-confidentialite",
      ]) {
        expect(part.replaceAll("&#x27;", "'")).toContain(text);
      }
    }
    expect(email.html).toContain('href="tel:4185550142"');
    expect(email.text).toContain("Votre demande :\nDeux distributrices");
    // The staff link is for the staff only.
    expect(email.html).not.toContain("edit-demandes");
    expect(email.text).not.toContain("edit-demandes");
  });

  it("escapes what the visitor typed", async () => {
    const email = await renderProspectConfirmation(HOSTILE, SITE);
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain('href="https://piege.exemple"');
    expect(email.html).toContain("&lt;script&gt;");
  });
});

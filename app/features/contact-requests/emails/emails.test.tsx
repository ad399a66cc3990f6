import { describe, expect, it } from "vitest";
import {
  confirmationFacts,
  factsAsText,
  formatReceivedAt,
  requestFacts,
  staffNotificationSubject,
  staffRequestUrl,
  type EmailSite,
} from "./facts";
import { renderProspectConfirmation } from "./prospect-confirmation.server";
import { renderStaffNotification, replyToProspect } from "./staff-notification.server";
import { requestForEmail } from "../../../../tests/support/contact-requests";

const SITE: EmailSite = {
  name: "Boréal Distributrices",
  phone: "418 555-0142",
  publicUrl: "https://boreal.exemple.ca",
};

const REQUEST = requestForEmail({
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
});

const HOSTILE = requestForEmail({
  ...REQUEST,
  nom_complet: `<script>alert("x")</script> "Zoé" & <b>Cie</b>`,
  description_demande: `<img src=x onerror=alert(1)><a href="https://piege.exemple">cliquez</a>`,
  numero_telephone: null,
  prefere_telephone: false,
});

describe("facts", () => {
  it("subject: the name, then the place type and region labels when given", () => {
    expect(staffNotificationSubject(REQUEST)).toBe("Nouvelle demande : Marie Tremblay — Bureau, Québec");
    expect(staffNotificationSubject({ ...REQUEST, machine: "Combo Élite 5000" })).toBe(
      "Nouvelle demande : Marie Tremblay — Combo Élite 5000 — Bureau, Québec",
    );
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
    expect(formatReceivedAt(REQUEST.timestamp)).toBe("vendredi 27\u00a0novembre\u00a02026 à 14\u00a0h\u00a005");
  });

  it("every field with the form's labels, choices as labels, missing ones said so", () => {
    expect(factsAsText(requestFacts({ ...REQUEST, date_installation: null }))).toBe(
      [
        "Nom complet : Marie Tremblay",
        "Courriel : marie.tremblay@exemple.ca",
        "Je préfère être contacté par téléphone : Oui",
        "Numéro de téléphone : 418 555-0199",
        "Type d'emplacement : Bureau",
        "Région : Québec",
        "Délai d'installation souhaité : Non précisé",
        "Demande :",
        "  Deux distributrices pour la salle des employés.",
        "  Café et collations santé.",
      ].join("\n"),
    );
    // The region is feminine.
    expect(factsAsText(requestFacts({ ...REQUEST, emplacement: null }))).toContain("Région : Non précisée");
  });

  it("the confirmation's facts are the site's own words: the time and the choices' labels", () => {
    expect(factsAsText(confirmationFacts(REQUEST))).toBe(
      [
        "Reçue le : vendredi 27\u00a0novembre\u00a02026 à 14\u00a0h\u00a005",
        "Type d'emplacement : Bureau",
        "Région : Québec",
        "Délai d'installation souhaité : 1–3 mois",
        "Je préfère être contacté par téléphone : Oui",
      ].join("\n"),
    );
  });

  it("links to the request's card in the inbox", () => {
    expect(staffRequestUrl(SITE.publicUrl, REQUEST.id)).toBe(
      "https://boreal.exemple.ca/login?retour=/edit-demandes/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
    );
  });
});

describe("staff notification", () => {
  it("subject, Reply-To the prospect, every field, the time, the link, in both parts", async () => {
    const email = await renderStaffNotification(REQUEST, SITE);
    expect(email.subject).toBe("Nouvelle demande\u00a0: Marie Tremblay — Bureau, Québec");
    expect(email.replyTo).toBe('"Marie Tremblay" <marie.tremblay@exemple.ca>');
    for (const part of [email.html, email.text]) {
      for (const text of [
        "Marie Tremblay",
        "marie.tremblay@exemple.ca",
        "418\u00a0555-0199",
        "Bureau",
        "Québec",
        "1–3 mois",
        "Deux distributrices pour la salle des employés.",
        "vendredi 27\u00a0novembre\u00a02026 à 14\u00a0h\u00a005",
        "https://boreal.exemple.ca/login?retour=/edit-demandes/6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
      ]) {
        expect(part).toContain(text);
      }
    }
    expect(email.html).toMatch(/^<!DOCTYPE html/);
    expect(email.html).toContain('lang="fr"');
    expect(email.html).toContain('href="tel:4185550199"');
    expect(email.html).not.toMatch(/<img/);
    expect(email.text).toContain("Type d'emplacement\u00a0: Bureau");
  });

  it("greets with elision and writes the first of the month 1er, in French typography", async () => {
    const email = await renderStaffNotification(
      { ...REQUEST, nom_complet: "Élise Gagnon", timestamp: "2026-12-01T20:30:00.000Z" },
      SITE,
    );
    for (const part of [email.html, email.text]) {
      expect(part.replaceAll("&#x27;", "'")).toContain("Nouvelle demande d'Élise Gagnon");
      expect(part).toContain("Reçue le mardi 1er\u00a0décembre\u00a02026 à 15\u00a0h\u00a030");
      expect(part).not.toMatch(/ [;:!?»]/);
    }
    expect(email.subject).toBe("Nouvelle demande\u00a0: Élise Gagnon — Bureau, Québec");
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

  it("no field can start a line of its own in the plain-text part", async () => {
    // As stored before the form folded line breaks, or written by anything else.
    const forged = requestForEmail({
      ...REQUEST,
      nom_complet: "Marie\r\nBcc: x@piege.exemple\u2028To: y@piege.exemple",
      courriel: "marie@exemple.ca\r\nBcc: z@piege.exemple",
      numero_telephone: "418\nBcc: w@piege.exemple",
      description_demande: "Bonjour\r\nBcc: v@piege.exemple\rSubject: x",
    });
    for (const email of [await renderStaffNotification(forged, SITE), await renderProspectConfirmation(forged, SITE)]) {
      const lines = email.text.split(/\r\n?|\n/);
      expect(lines.filter((line) => /^(Bcc|To|Subject):/i.test(line))).toEqual([]);
      expect(email.text).not.toMatch(/[\r\u2028\u2029]/);
    }
    const staff = await renderStaffNotification(forged, SITE);
    expect(staff.text).toContain("Nouvelle demande de Marie Bcc\u00a0: x@piege.exemple To\u00a0: y@piege.exemple");
    expect(staff.text).toContain("  Bcc\u00a0: v@piege.exemple");
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
        "Demande reçue\u00a0!",
        "Bonjour Marie Tremblay,",
        "Merci de votre intérêt. Un membre de notre équipe vous contactera dans les 24 heures pour discuter de votre projet.",
        "Une question d'ici là\u00a0? Appelez-nous au",
        "418\u00a0555-0142",
        "Votre demande",
        "Votre message nous est bien parvenu et a été transmis à notre équipe.",
        "vendredi 27\u00a0novembre\u00a02026 à 14\u00a0h\u00a005",
        "Bureau",
        "https://boreal.exemple.ca/politique-de-confidentialite",
      ]) {
        expect(part.replaceAll("&#x27;", "'")).toContain(text);
      }
    }
    expect(email.html).toContain('href="tel:4185550142"');
    // The staff link is for the staff only.
    expect(email.html).not.toContain("edit-demandes");
    expect(email.text).not.toContain("edit-demandes");
  });

  it("never carries what the sender typed beyond the name: no text, no link, no address, no number", async () => {
    const relay = requestForEmail({
      ...REQUEST,
      description_demande: "Gagnez un voyage : https://piege.exemple/offre et www.piege.exemple",
    });
    const email = await renderProspectConfirmation(relay, SITE);
    for (const part of [email.html, email.text, email.subject]) {
      expect(part).not.toContain("Gagnez");
      expect(part).not.toContain("piege.exemple");
      expect(part).not.toContain("418 555-0199");
      expect(part).not.toContain("marie.tremblay@exemple.ca");
    }
  });

  it("escapes what the visitor typed", async () => {
    const email = await renderProspectConfirmation(HOSTILE, SITE);
    expect(email.html).not.toContain("<script");
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain('href="https://piege.exemple"');
    expect(email.html).toContain("&lt;script&gt;");
  });
});

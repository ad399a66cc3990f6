// Every kind of email the site sends, rendered by its own code with the longest content it can carry
// (a long name, a long address, a link typed in a request, a long machine name), then opened in
// Chromium on a screen 360 px wide: nothing scrolls sideways, and no link shows a raw address.
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EmailSite } from "~/features/contact-requests/emails/facts";
import { renderProspectConfirmation } from "~/features/contact-requests/emails/prospect-confirmation.server";
import { renderStaffNotification } from "~/features/contact-requests/emails/staff-notification.server";
import { renderStaffReply } from "~/features/contact-requests/emails/staff-reply.server";
import { renderAcceptedClientEmail, renderClientEmail, renderStaffEmail } from "~/features/proposals/emails.server";
import { renderMonthlyReport } from "~/features/monthly-report/email.server";
import { reportDue } from "~/features/monthly-report/model";
import { requestForEmail } from "../support/contact-requests";

const SITE: EmailSite = {
  name: "Boréal Distributrices",
  phone: "418 555-0142",
  publicUrl: "https://boreal.exemple.ca",
};

const LONG_EMAIL = "marie-josee.tremblay-bouchard.direction-generale@entreprise-de-distribution-alimentaire.exemple.ca";
const REQUEST = requestForEmail({
  id: "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  nom_complet: "Marie-Josée Tremblay-Bouchard de la Vallée-du-Saint-Laurent",
  courriel: LONG_EMAIL,
  description_demande:
    "Deux distributrices pour la salle des employés. Voir https://www.entreprise-de-distribution-alimentaire.exemple.ca/nos-installations/salle-des-employes/plan-d-amenagement-2027?version=finale&format=pdf\nCafé et collations santé.",
  type_emplacement: "office",
  emplacement: "quebec",
  date_installation: "1-3-months",
  prefere_telephone: true,
  numero_telephone: "418 555-0199",
  timestamp: "2026-11-27T19:05:00.000Z",
});

const PROPOSAL = {
  token: "0123456789abcdef0123456789abcdef",
  client_name: REQUEST.nom_complet,
  machine_name: "Boréal Élégance Réfrigérée Grand Format Double Porte Vitrée",
  message: `Bonjour Marie-Josée,\n\nComme convenu : https://www.entreprise-de-distribution-alimentaire.exemple.ca/documents/soumission-finale-2027.pdf`,
  created_at: new Date("2026-12-01T20:00:00Z"),
  version: 2,
};
const CONTACT = { client_email: LONG_EMAIL, phone: "418 555-0199", contact_request_id: REQUEST.id };

async function everyEmail() {
  return {
    "demande, à l'équipe": await renderStaffNotification(REQUEST, SITE),
    "confirmation au prospect": await renderProspectConfirmation(REQUEST, SITE),
    "réponse de l'équipe": await renderStaffReply(
      { subject: "Votre demande", body: `Bonjour,\n\nVoici notre soumission.\n\n${REQUEST.description_demande}` },
      REQUEST,
      SITE,
    ),
    "proposition au client": await renderClientEmail(PROPOSAL, SITE),
    "acceptation, au client": await renderAcceptedClientEmail(
      { ...PROPOSAL, accepted_at: new Date("2026-12-02T15:00:00Z"), reachable_by_phone: true },
      SITE,
    ),
    "acceptation, à l'équipe": await renderStaffEmail(
      PROPOSAL,
      CONTACT,
      { kind: "accepted", at: new Date("2026-12-02T15:00:00Z") },
      SITE,
    ),
    "modifications, à l'équipe": await renderStaffEmail(
      PROPOSAL,
      CONTACT,
      {
        kind: "changes",
        requests: [
          { at: new Date("2026-12-02T15:00:00Z"), text: REQUEST.description_demande },
          { at: new Date("2026-12-02T15:20:00Z"), text: "x".repeat(300) },
        ],
      },
      SITE,
    ),
    "rapport mensuel, au client": await renderMonthlyReport(
      {
        code: "BD-7K3Q",
        client_name: PROPOSAL.client_name,
        contact_name: REQUEST.nom_complet,
        machine_name: PROPOSAL.machine_name,
      },
      reportDue(new Date("2026-12-01T14:00:00Z"))!,
      {
        problemsReceived: 128,
        problemsResolved: 127,
        responseMinutes: [3 * 24 * 60 + 125],
        refunds: { count: 42, cents: 123_456 },
        wanted: [
          { product_name: "Kombucha gingembre et curcuma biologique en bouteille de verre consignée", votes: 1234 },
        ],
        swaps: [
          {
            section: 11,
            slot: 47,
            product_name: PROPOSAL.machine_name,
            replaced_name: "x".repeat(120),
            done_at: new Date("2026-11-12T15:00:00Z"),
          },
        ],
        layouts: [{ summary: "Disposition modifiée : 48 emplacements remplis", at: new Date("2026-11-01T12:00:00Z") }],
      },
      SITE,
      `${SITE.publicUrl}/desabonnement/UiDMd47bSN27q7OtxW9E7Qr0WG0KhqBuAfL7Ps1muiw`,
    ),
  };
}

let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
});
afterAll(async () => {
  await browser?.close();
});

describe("every email on a phone 360 px wide", () => {
  it("fits without scrolling sideways, and its links are buttons or a few words", async () => {
    const emails = await everyEmail();
    const page = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const widths: Record<string, number> = {};
    for (const [kind, email] of Object.entries(emails)) {
      await page.setContent(email.html);
      widths[kind] = await page.evaluate(() =>
        Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
      );
      // A link's words never are an address (the plain-text part has the addresses).
      const rawLinks = await page.$$eval("a", (links) =>
        links.map((a) => a.textContent.trim()).filter((t) => /^(https?:\/\/|www\.)/.test(t)),
      );
      expect(rawLinks, kind).toEqual([]);
    }
    expect(Object.keys(widths)).toHaveLength(8);
    for (const [kind, width] of Object.entries(widths)) expect(width, kind).toBeLessThanOrEqual(360);
    await page.close();
  });
});

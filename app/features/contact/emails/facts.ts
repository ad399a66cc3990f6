// What the emails about a request say, as plain data: both the HTML and the plain-text part are
// made from it, so they never disagree. Pure: no rendering, no I/O.
import { DATE_INSTALLATION, EMPLACEMENT, optionLabel, TYPE_EMPLACEMENT } from "../fields";
import type { ContactWebhookBody } from "~/rules/contact-webhook";

/** A stored request, as the emails need it. */
export type RequestForEmail = ContactWebhookBody & { id: string };

/** The business facts the emails show. */
export type EmailSite = { name: string; phone: string; publicUrl: string };

export type Fact = { label: string; value: string };

const NOT_GIVEN = "Non précisé";

const RECEIVED_AT = new Intl.DateTimeFormat("fr-CA", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

/** 'vendredi 27 novembre 2026 à 14 h 05', in Québec's time zone. */
export function formatReceivedAt(timestamp: string | Date): string {
  return RECEIVED_AT.format(typeof timestamp === "string" ? new Date(timestamp) : timestamp);
}

/** The staff notification's subject: the name, then the place type and region when given
 * ('Nouvelle demande : Marie Tremblay — Bureau, Québec'). */
export function staffNotificationSubject(request: RequestForEmail): string {
  const where = [
    optionLabel(TYPE_EMPLACEMENT, request.type_emplacement),
    optionLabel(EMPLACEMENT, request.emplacement),
  ].filter(Boolean);
  const name = request.nom_complet.replace(/\s+/g, " ").trim();
  return `Nouvelle demande : ${name}${where.length ? ` — ${where.join(", ")}` : ""}`;
}

export const PROSPECT_CONFIRMATION_SUBJECT = "Nous avons bien reçu votre demande";

/** Where the staff find a request: its own page in the staff inbox. */
export function staffRequestUrl(publicUrl: string, id: string): string {
  return `${publicUrl}/edit-demandes/${encodeURIComponent(id)}`;
}

export function privacyPageUrl(publicUrl: string): string {
  return `${publicUrl}/politique-de-confidentialite`;
}

/** Every field of the request with the form's French labels (choices as their labels). The staff
 * read 'Demande' where the prospect reads 'Votre demande', as in the form. */
export function requestFacts(request: RequestForEmail, audience: "staff" | "prospect"): Fact[] {
  return [
    { label: "Nom complet", value: request.nom_complet },
    { label: "Courriel", value: request.courriel },
    {
      label: "Je préfère être contacté par téléphone",
      value: request.prefere_telephone ? "Oui" : "Non",
    },
    { label: "Numéro de téléphone", value: request.numero_telephone || NOT_GIVEN },
    { label: "Type d'emplacement", value: optionLabel(TYPE_EMPLACEMENT, request.type_emplacement) ?? NOT_GIVEN },
    { label: "Région", value: optionLabel(EMPLACEMENT, request.emplacement) ?? NOT_GIVEN },
    {
      label: "Délai d'installation souhaité",
      value: optionLabel(DATE_INSTALLATION, request.date_installation) ?? NOT_GIVEN,
    },
    { label: audience === "staff" ? "Demande" : "Votre demande", value: request.description_demande },
  ];
}

/** The same facts in the plain-text part: 'Label : value', a long text on its own lines. */
export function factsAsText(facts: readonly Fact[]): string {
  return facts
    .map(({ label, value }) => (value.includes("\n") ? `${label} :\n${value}` : `${label} : ${value}`))
    .join("\n");
}

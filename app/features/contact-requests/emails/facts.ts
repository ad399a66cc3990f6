// What the emails about a request say, as plain data: both the HTML and the plain-text part are
// made from it, so they never disagree. Pure: no rendering, no I/O.
import { EMPLACEMENT, optionLabel, TYPE_EMPLACEMENT } from "../fields";
import { detailValue, notGiven, REQUEST_DETAILS, type ContactRequest } from "../model";
import { foldToSingleLine } from "~/rules/text";
import { formatDate } from "~/lib/dates";

/** A stored request, as the emails need it. */
export type RequestForEmail = Omit<ContactRequest, "machine"> & { machine?: string | null };

/** The business facts the emails show. */
export type EmailSite = { name: string; phone: string; publicUrl: string };

export type Fact = { label: string; value: string };

const NOT_GIVEN = "Non précisé";

/** 'vendredi 27 novembre 2026 à 14 h 05', in Québec's time zone. */
export function formatReceivedAt(timestamp: string | Date): string {
  return formatDate(timestamp, "fullDateTime");
}

/** The staff notification's subject: the name, the machine asked for, then the place type and region,
 * each when given ('Nouvelle demande : Marie Tremblay — Combo Élite 5000 — Bureau, Québec'). */
export function staffNotificationSubject(request: RequestForEmail): string {
  const where = [
    optionLabel(TYPE_EMPLACEMENT, request.type_emplacement),
    optionLabel(EMPLACEMENT, request.emplacement),
  ].filter(Boolean);
  const parts = [oneLine(request.nom_complet), request.machine ? oneLine(request.machine) : "", where.join(", ")];
  return `Nouvelle demande : ${parts.filter(Boolean).join(" — ")}`;
}

export const PROSPECT_CONFIRMATION_SUBJECT = "Nous avons bien reçu votre demande";

/** A staff screen as an email links to it: through the sign-in, which goes straight on to the screen
 * when the session is open (a staff screen answers 'Page non trouvée' to whoever is signed out). */
export function staffScreenUrl(publicUrl: string, path: string): string {
  return new URL(`/login?retour=${path}`, publicUrl).toString();
}

/** Where the staff find a request: its own page in the staff inbox. */
export function staffRequestUrl(publicUrl: string, id: string): string {
  return staffScreenUrl(publicUrl, `/edit-demandes/${encodeURIComponent(id)}`);
}

export function privacyPageUrl(publicUrl: string): string {
  return `${publicUrl}/politique-de-confidentialite`;
}

/** A single-line field as an email may show it: line breaks and controls folded (rows stored before
 * the form folded them included), blanks collapsed. */
export function oneLine(value: string): string {
  return foldToSingleLine(value).replace(/\s+/g, " ").trim();
}

/** What the prospect's confirmation lists: only the site's own words (the time received and the
 * labels of the choices made from lists), never what the sender typed, so that the confirmation
 * cannot carry a stranger's message or link to whatever address was typed. */
export function confirmationFacts(request: RequestForEmail): Fact[] {
  return [
    { label: "Reçue le", value: formatReceivedAt(request.timestamp) },
    ...detailFacts(request, { chosenOnly: true }),
    {
      label: "Je préfère être contacté par téléphone",
      value: request.prefere_telephone ? "Oui" : "Non",
    },
    // Only when the request came from a machine's page or view (a name from the catalogue).
    ...(request.machine ? [{ label: "Machine demandée", value: request.machine }] : []),
  ];
}

/** Every field of the request with the form's French labels (choices as their labels), for the
 * staff. */
export function requestFacts(request: RequestForEmail): Fact[] {
  return [
    { label: "Nom complet", value: oneLine(request.nom_complet) },
    { label: "Courriel", value: oneLine(request.courriel) },
    {
      label: "Je préfère être contacté par téléphone",
      value: request.prefere_telephone ? "Oui" : "Non",
    },
    { label: "Numéro de téléphone", value: oneLine(request.numero_telephone ?? "") || NOT_GIVEN },
    ...detailFacts(request),
    ...(request.machine ? [{ label: "Machine demandée", value: oneLine(request.machine) }] : []),
    { label: "Demande", value: request.description_demande },
  ];
}

/** The request's details (model.ts) with the form's labels; `chosenOnly`: only those chosen from a
 * list, the site's own words. */
function detailFacts(request: RequestForEmail, { chosenOnly = false } = {}): Fact[] {
  return REQUEST_DETAILS.filter((detail) => !chosenOnly || detail.options).map((detail) => ({
    label: detail.label,
    value: detailValue(detail, request) ?? notGiven(detail),
  }));
}

const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/;

/** The same facts in the plain-text part: 'Label : value'; a text of several lines goes below its
 * label, each line indented, so that no field ever starts a line of its own (a 'Bcc: …' typed in a
 * request stays '  Bcc: …', inside it). */
export function factsAsText(facts: readonly Fact[]): string {
  return facts
    .map(({ label, value }) =>
      LINE_BREAK.test(value)
        ? `${label} :\n${value
            .split(LINE_BREAK)
            .map((line) => `  ${foldToSingleLine(line)}`)
            .join("\n")}`
        : `${label} : ${foldToSingleLine(value)}`,
    )
    .join("\n");
}

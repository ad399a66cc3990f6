// A contact request: what a prospect sends through the form, as the business holds it. Its details
// about the place and the project are listed once here with their French labels; the staff email, the
// inbox and the CSV export show them from this list. The webhook's body (./webhook.ts) is a separate
// mapping, fixed by the specification.
import { DATE_INSTALLATION, EMPLACEMENT, optionLabel, TYPE_EMPLACEMENT, type Option } from "./fields";
import { foldToSingleLine } from "~/rules/text";

/** What the person sent through the form. */
export type ContactRequestInput = {
  nom_complet: string;
  courriel: string;
  description_demande: string;
  type_emplacement: string | null;
  emplacement: string | null;
  date_installation: string | null;
  prefere_telephone: boolean;
  numero_telephone: string | null;
};

/** A request as the business holds it: what was sent, the machine asked about (by its name when sent,
 * null for a general request) and when it came (ISO 8601). */
export type ContactRequest = ContactRequestInput & { id: string; machine: string | null; timestamp: string };

type DetailKey = {
  [K in keyof ContactRequestInput]: ContactRequestInput[K] extends string | null ? K : never;
}[keyof ContactRequestInput];

/** A detail of the place or the project, beside the person's name and how to reach them. */
export type RequestDetail = {
  key: Exclude<DetailKey, "nom_complet" | "courriel" | "description_demande" | "numero_telephone">;
  /** The form's label, which the emails repeat. */
  label: string;
  /** The inbox's, in a narrow column. */
  shortLabel: string;
  csvHeader: string;
  /** A choice from a list: the site's own words, which the prospect's confirmation may repeat. Without
   * it, the detail is what the person typed, which only the staff see. */
  options?: readonly Option[];
  /** 'Non précisée' rather than 'Non précisé'. */
  feminine?: boolean;
};

export const REQUEST_DETAILS: readonly RequestDetail[] = [
  {
    key: "type_emplacement",
    label: "Type d'emplacement",
    shortLabel: "Emplacement",
    csvHeader: "Type d'emplacement",
    options: TYPE_EMPLACEMENT,
  },
  {
    key: "emplacement",
    label: "Région",
    shortLabel: "Région",
    csvHeader: "Région",
    options: EMPLACEMENT,
    feminine: true,
  },
  {
    key: "date_installation",
    label: "Délai d'installation souhaité",
    shortLabel: "Délai",
    csvHeader: "Délai d'installation",
    options: DATE_INSTALLATION,
  },
];

/** A detail as people read it: a choice's label (an unknown value as stored), a typed text on one
 * line; null when not given. */
export function detailValue(
  detail: RequestDetail,
  request: Pick<ContactRequestInput, RequestDetail["key"]>,
): string | null {
  const value = request[detail.key];
  if (value === null || value.trim() === "") return null;
  if (detail.options) return optionLabel(detail.options, value) ?? value;
  return foldToSingleLine(value).replace(/\s+/g, " ").trim();
}

/** What an email or a sheet shows for a detail not given. */
export const notGiven = (detail: RequestDetail) => (detail.feminine ? "Non précisée" : "Non précisé");

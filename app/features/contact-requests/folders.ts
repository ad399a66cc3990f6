// The inbox's folders: a stage, every request, the spam kept apart, the failed sends.
import { STAGE_IDS } from "./stages";

/** The inbox's folders, as `?dossier=` names them: every request (spam apart), those given to the
 * person looking and those given to no one, one stage, the 'Indésirables' folder, and the requests
 * whose forwarding or one of whose emails failed. */
export const INBOX_FOLDERS = ["toutes", "miennes", "non-assignees", ...STAGE_IDS, "indesirables", "echecs"] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

export const FOLDER_LABELS: Record<InboxFolder, string> = {
  toutes: "Toutes",
  miennes: "Mes demandes",
  "non-assignees": "Non assignées",
  nouvelle: "Nouvelles",
  "en-cours": "En cours",
  "proposition-envoyee": "Proposition envoyée",
  gagnee: "Gagnées",
  perdue: "Perdues",
  indesirables: "Indésirables",
  echecs: "Échecs d'envoi",
};

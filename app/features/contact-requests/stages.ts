// Pure rules of the sales pipeline a request moves through, and of what the inbox shows: its folders
// (a stage, every request, the spam kept apart, the failed sends), its search, and what a reply does.
import type { LeadStage } from "../../../server/db/schema";
import { isoLocal } from "~/lib/dates";

export type { LeadStage };

/** The stages in pipeline order, with what the staff read. */
export const STAGES: readonly { id: LeadStage; label: string }[] = [
  { id: "nouvelle", label: "Nouvelle" },
  { id: "en-cours", label: "En cours" },
  { id: "proposition-envoyee", label: "Proposition envoyée" },
  { id: "gagnee", label: "Gagnée" },
  { id: "perdue", label: "Perdue" },
];

export const STAGE_IDS = STAGES.map((stage) => stage.id) as [LeadStage, ...LeadStage[]];

export function stageLabel(stage: LeadStage): string {
  return STAGES.find((s) => s.id === stage)?.label ?? stage;
}

/** A reply from the site means someone is on it: a new request moves to 'En cours', others stay. */
export function stageAfterReply(stage: LeadStage): LeadStage {
  return stage === "nouvelle" ? "en-cours" : stage;
}

/** The inbox's folders, as `?dossier=` names them: every request (spam apart), one stage, the
 * 'Indésirables' folder, and the requests whose forwarding or one of whose emails failed. */
export const INBOX_FOLDERS = ["toutes", ...STAGE_IDS, "indesirables", "echecs"] as const;
export type InboxFolder = (typeof INBOX_FOLDERS)[number];

export const FOLDER_LABELS: Record<InboxFolder, string> = {
  toutes: "Toutes",
  nouvelle: "Nouvelles",
  "en-cours": "En cours",
  "proposition-envoyee": "Proposition envoyée",
  gagnee: "Gagnées",
  perdue: "Perdues",
  indesirables: "Indésirables",
  echecs: "Échecs d'envoi",
};

export const SEARCH_MAX_LENGTH = 100;

export type InboxQuery = { folder: InboxFolder; search: string; page: number };

/** The folder, search and page asked for (unknown values fall back to every request, page 1). */
export function parseInboxQuery(params: URLSearchParams): InboxQuery {
  const asked = params.get("dossier") ?? "";
  const folder = (INBOX_FOLDERS as readonly string[]).includes(asked) ? (asked as InboxFolder) : "toutes";
  const search = (params.get("q") ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
  const page = Math.max(1, Math.min(10_000, Math.floor(Number(params.get("page")) || 1)));
  return { folder, search, page };
}

/** The query string of an inbox view ('' for every request, page 1, no search). */
export function inboxQueryString({ folder, search, page }: Partial<InboxQuery>): string {
  const params = new URLSearchParams();
  if (folder && folder !== "toutes") params.set("dossier", folder);
  if (search) params.set("q", search);
  if (page && page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}

/** A LIKE pattern that matches `search` anywhere, its own % _ and \ taken literally. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** What the staff read about an email of a request (its purpose). */
export const EMAIL_PURPOSE_LABELS: Record<string, string> = {
  "staff-notification": "Avis à l'équipe",
  "prospect-confirmation": "Confirmation au client",
  reply: "Réponse de l'équipe",
  proposal: "Proposition envoyée au client",
  "proposal-resent": "Proposition renvoyée au client",
  "proposal-accepted": "Avis à l'équipe : proposition acceptée",
  "proposal-changes": "Avis à l'équipe : modifications demandées",
  "proposal-accepted-client": "Confirmation au client : proposition acceptée",
};

export type EmailState = "pending" | "sent" | "failed";

export function emailStateLabel(state: EmailState, attempts: number): string {
  if (state === "sent") return "Accepté par le serveur de courriel";
  if (state === "failed") return "Échec de l'envoi";
  return attempts === 0 ? "En cours d'envoi" : "Nouvel essai prévu";
}

/** The CSV export's columns, in order, with their French headers. */
export const CSV_COLUMNS = [
  { key: "recue_le", header: "Reçue le" },
  { key: "statut", header: "Statut" },
  { key: "nom_complet", header: "Nom complet" },
  { key: "courriel", header: "Courriel" },
  { key: "numero_telephone", header: "Téléphone" },
  { key: "prefere_telephone", header: "Préfère le téléphone" },
  { key: "type_emplacement", header: "Type d'emplacement" },
  { key: "emplacement", header: "Région" },
  { key: "date_installation", header: "Délai d'installation" },
  { key: "description_demande", header: "Demande" },
  { key: "notes", header: "Notes" },
  { key: "indesirable", header: "Indésirable" },
] as const;

/** An instant as a spreadsheet sorts and reads it: ISO 8601 local time, "2026-12-01 20:23". */
export function csvDateTime(at: Date | string): string {
  const { day, time } = isoLocal(at);
  return `${day} ${time}`;
}

/** The export's file name, after the local day: "demandes-2026-12-01.csv". */
export const csvFileName = (now: Date) => `demandes-${csvDateTime(now).slice(0, 10)}.csv`;

/** A request's notes in one cell, oldest first, each after its local date. */
export const csvNotes = (notes: readonly { body: string; at: Date }[]) =>
  notes.map((note) => `${csvDateTime(note.at)} : ${note.body}`).join("\n\n");

export type CsvRecord = Record<(typeof CSV_COLUMNS)[number]["key"], string>;

// The inbox's CSV export: its columns, its dates as a spreadsheet sorts them, its file name and notes.
import { isoLocal } from "~/lib/dates";
import { REQUEST_DETAILS } from "./model";

/** The CSV export's columns, in order, with their French headers. */
export const CSV_COLUMNS: readonly { key: string; header: string }[] = [
  { key: "recue_le", header: "Reçue le" },
  { key: "statut", header: "Statut" },
  { key: "nom_complet", header: "Nom complet" },
  { key: "courriel", header: "Courriel" },
  { key: "numero_telephone", header: "Téléphone" },
  { key: "prefere_telephone", header: "Préfère le téléphone" },
  ...REQUEST_DETAILS.map((detail) => ({ key: detail.key, header: detail.csvHeader })),
  { key: "description_demande", header: "Demande" },
  { key: "notes", header: "Notes" },
  { key: "indesirable", header: "Indésirable" },
];

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

/** A request's row: its cell under each column's key. */
export type CsvRecord = Record<string, string>;

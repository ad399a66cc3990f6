// The refund log as a CSV file: one row per refund given over the last 12 months, with its month so a
// spreadsheet can total it per machine and month as the screen does.
import type { Db } from "../../../server/db/client";
import { csvDateTime } from "~/features/contact-requests/csv-columns";
import { staffCsv } from "~/lib/csv.server";
import { refundLogRows } from "./staff-queries.server";

const COLUMNS = [
  { key: "mois", header: "Mois" },
  { key: "date", header: "Date" },
  { key: "reference", header: "Référence" },
  { key: "machine", header: "Machine" },
  { key: "client", header: "Client" },
  { key: "montant", header: "Montant ($)" },
  { key: "mode", header: "Remis par" },
  { key: "par", header: "Résolu par" },
];

export async function refundLogCsv(db: Db, now = new Date()) {
  const records = (await refundLogRows(db, now)).map((r) => ({
    mois: r.month,
    date: csvDateTime(r.at),
    reference: r.code,
    machine: r.machine.code,
    client: r.machine.client,
    // A number a French spreadsheet reads: '2,50'.
    montant: (r.cents / 100).toFixed(2).replace(".", ","),
    mode: r.method,
    par: r.by,
  }));
  const csv = staffCsv(records, COLUMNS);
  return { csv, fileName: `remboursements-${csvDateTime(now).slice(0, 10)}.csv` };
}

// The CSV files the staff download, as French-Canadian Excel opens them: ';' between cells (',' is its
// decimal sign), a BOM so that it reads UTF-8, and cells that start like a formula (= + - @) made plain
// text.
import { stringify } from "csv-stringify/sync";

/** Records → CSV text, one column per key under its header. */
export function staffCsv(
  records: readonly Record<string, string>[],
  columns: readonly { key: string; header: string }[],
) {
  return stringify([...records], {
    header: true,
    columns: columns.map(({ key, header }) => ({ key, header })),
    delimiter: ";",
    escape_formulas: true,
    bom: true,
  });
}

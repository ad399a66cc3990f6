// Writing rows by id, for the archive import and the legacy import. The database converts the JSON
// of each row to the column types itself (json_populate_recordset), so timestamps keep their
// microseconds and numerics their digits whichever engine wrote them. Only rows that differ are
// written, and a statement that would touch nothing is not run: the content-version triggers fire per
// statement, so importing the same data twice changes nothing at all.
import { sql, type SQL } from "drizzle-orm";
import { selectRows, type Db } from "../db/client";
import type { TableSpec } from "./tables";

export type RowCounts = { inserted: number; updated: number; unchanged: number; conflicts: number };

export type ApplyOptions = {
  /** Columns given by the incoming rows; the others keep their value (or their default when inserted). */
  columns: readonly string[];
  dryRun: boolean;
  /** Columns where an incoming null means "no value given": kept on update, this expression on insert. */
  fallbacks?: Record<string, SQL>;
};

const BATCH_ROWS = 500;
const id = (name: string) => sql.identifier(name);

/** Upserts `rows` (objects keyed by column name, each with an id) into `spec`'s table. A row whose
 * unique value (a tag's name) another row holds is left out and counted as a conflict. */
export async function applyRows(
  db: Db,
  spec: TableSpec,
  rows: readonly Record<string, unknown>[],
  options: ApplyOptions,
): Promise<RowCounts> {
  const total: RowCounts = { inserted: 0, updated: 0, unchanged: 0, conflicts: 0 };
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const counts = await applyBatch(db, spec, rows.slice(start, start + BATCH_ROWS), options);
    for (const key of Object.keys(total) as (keyof RowCounts)[]) total[key] += counts[key];
  }
  return total;
}

async function applyBatch(
  db: Db,
  spec: TableSpec,
  rows: readonly Record<string, unknown>[],
  { columns, dryRun, fallbacks = {} }: ApplyOptions,
): Promise<RowCounts> {
  const table = id(spec.name);
  const incoming = sql`select * from json_populate_recordset(null::${table}, ${JSON.stringify(rows)}::json)`;
  const written = columns.filter((c) => c !== "id");
  const changed = written.length
    ? sql.join(
        written.map((c) =>
          c in fallbacks
            ? sql`(i.${id(c)} is not null and t.${id(c)} is distinct from i.${id(c)})`
            : sql`t.${id(c)} is distinct from i.${id(c)}`,
        ),
        sql` or `,
      )
    : sql`false`;
  const conflict = spec.unique?.length
    ? sql.join(
        spec.unique.map((c) => sql`exists (select 1 from ${table} x where x.${id(c)} = i.${id(c)} and x.id <> i.id)`),
        sql` or `,
      )
    : sql`false`;

  const [counts] = await selectRows<Record<keyof RowCounts, number | string>>(
    db,
    sql`with i as (${incoming})
      select count(*) filter (where t.id is null and not (${conflict})) as inserted,
        count(*) filter (where t.id is not null and (${changed}) and not (${conflict})) as updated,
        count(*) filter (where t.id is not null and not (${changed})) as unchanged,
        count(*) filter (where (${conflict}) and (t.id is null or (${changed}))) as conflicts
      from i left join ${table} t on t.id = i.id`,
  );
  // A table whose rows here stay as they are (the accounts) counts a differing row as unchanged.
  const updated = spec.addOnly ? 0 : Number(counts?.updated ?? 0);
  const result: RowCounts = {
    inserted: Number(counts?.inserted ?? 0),
    updated,
    unchanged: Number(counts?.unchanged ?? 0) + (spec.addOnly ? Number(counts?.updated ?? 0) : 0),
    conflicts: Number(counts?.conflicts ?? 0),
  };
  if (dryRun) return result;

  if (result.updated > 0 && written.length > 0) {
    const set = sql.join(
      written.map((c) =>
        c in fallbacks ? sql`${id(c)} = coalesce(i.${id(c)}, t.${id(c)})` : sql`${id(c)} = i.${id(c)}`,
      ),
      sql`, `,
    );
    await db.execute(
      sql`with i as (${incoming}) update ${table} t set ${set} from i where t.id = i.id and (${changed}) and not (${conflict})`,
    );
  }
  if (result.inserted > 0) {
    const names = sql.join(
      columns.map((c) => id(c)),
      sql`, `,
    );
    const values = sql.join(
      columns.map((c) => (c in fallbacks ? sql`coalesce(i.${id(c)}, ${fallbacks[c]!})` : sql`i.${id(c)}`)),
      sql`, `,
    );
    await db.execute(
      sql`with i as (${incoming}) insert into ${table} (${names}) select ${values} from i
        where not exists (select 1 from ${table} t where t.id = i.id) and not (${conflict})`,
    );
  }
  return result;
}

/** Deletes (or, in a dry run, counts) the rows of `spec`'s table whose id is not in `keep`. */
export async function deleteRowsExcept(db: Db, spec: TableSpec, keep: readonly string[], dryRun: boolean) {
  const table = id(spec.name);
  // Compared as text: ids are uuids, but for the site texts, whose id names the document.
  const absent = sql`not exists (select 1 from json_array_elements_text(${JSON.stringify(keep)}::json) k where k.value = t.id::text)`;
  const [row] = await selectRows<{ n: number | string }>(db, sql`select count(*) as n from ${table} t where ${absent}`);
  const count = Number(row?.n ?? 0);
  if (!dryRun && count > 0) await db.execute(sql`delete from ${table} t where ${absent}`);
  return count;
}

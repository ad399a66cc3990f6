// Moving in from the old site: one CSV file per table, as the old backend's table editor exports them,
// and its media fetched from its storage. Ids are kept (step_ids and categorie_id keep pointing right);
// rows are upserted by id in one transaction, so running it again adds nothing. A bad cell skips its
// row and is reported with its line; a file that is not CSV stops the import before anything is written.
import { parse } from "csv-parse/sync";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BUCKET_RULES, DETECTED_TYPES, detectType, UPLOAD_LIMITS } from "../../app/rules/uploads";
import { normalizeForSearch } from "../../app/rules/text";
import { selectRows, type Database, type Db } from "../db/client";
import { PLACEHOLDER_IMAGE } from "../db/schema";
import { pictureProblem } from "../media/image-check";
import { isBucket, isValidObjectName, type Bucket, type Storage } from "../storage/storage";
import { legacyMediaPath, parseCell, preview, storedObjectName, type ColumnKind } from "./legacy-cells";
import { applyRows, type RowCounts } from "./rows";
import { ARCHIVE_TABLES, type TableSpec } from "./tables";

/** The old backend's tables, in the order rows are written (categories before machines). */
export const LEGACY_TABLES = ["tags", "machine_categories", "machine_steps", "machines", "products", "gallery_photos"];

/** Columns holding one media URL, or a list of them; etapes_fonctionnement may hold some too. */
const MEDIA_COLUMNS: Record<string, Record<string, "image" | "video">> = {
  products: { image: "image", nutrition_image: "image" },
  machines: { images: "image", video: "video", process_video: "video", image_overlay: "image" },
  machine_categories: { image: "image" },
  machine_steps: { image: "image", video: "video" },
  gallery_photos: { image_url: "image" },
};

/** Our own columns, which the old backend never had. */
const NOT_LEGACY = new Set(["nom_recherche"]);

export type Problem = { file: string; line?: number; message: string };
export type LegacyReport = {
  tables: Record<string, RowCounts & { skipped: number; file: string | null }>;
  media: { fetched: number; alreadyHere: number; failed: number };
  problems: Problem[];
  notes: string[];
};

export type LegacyOptions = {
  /** Where the media are read: BASE/<bucket>/<name>, BASE a URL or a local folder. Without it, each
   * old URL itself is fetched. */
  mediaBase?: string;
  onProgress?: (message: string) => void;
  /** fetch() of the old storage (tests give a local server's). */
  fetchTimeoutMs?: number;
};

/** A CSV file that cannot be read as one: nothing was imported. */
export class LegacyImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LegacyImportError";
  }
}

type Column = { name: string; kind: ColumnKind; notNull: boolean; fallback: unknown; sqlDefault: boolean };

function columnKind(column: PgColumn): ColumnKind {
  switch (column.columnType) {
    case "PgUUID":
      return "uuid";
    case "PgBoolean":
      return "boolean";
    case "PgInteger":
      return "integer";
    case "PgReal":
      return "real";
    case "PgNumericNumber":
    case "PgNumeric":
      return "numeric";
    case "PgJsonb":
      return "json";
    case "PgTimestamp":
    case "PgTimestampString":
      return "timestamptz";
    case "PgArray":
      return (column as unknown as { baseColumn: PgColumn }).baseColumn.columnType === "PgUUID" ? "uuid[]" : "text[]";
    default:
      return "text";
  }
}

/** The columns a table had on the previous backend, with what an empty cell becomes. */
function legacyColumns(spec: TableSpec): Map<string, Column> {
  const columns = new Map<string, Column>();
  for (const column of Object.values(getTableColumns(spec.table)) as PgColumn[]) {
    if (NOT_LEGACY.has(column.name)) continue;
    const kind = columnKind(column);
    const isSql = typeof column.default === "object" && column.default !== null && !Array.isArray(column.default);
    // SQL defaults: '{}' for lists, now() for created_at (given by the database), a random id.
    const fallback = kind.endsWith("[]") ? [] : isSql ? undefined : column.default;
    columns.set(column.name, {
      name: column.name,
      kind,
      notNull: column.notNull,
      fallback,
      sqlDefault: isSql && !kind.endsWith("[]"),
    });
  }
  return columns;
}

type ParsedFile = {
  table: string;
  file: string;
  columns: string[];
  rows: { line: number; row: Record<string, unknown> }[];
  skipped: number;
};

/** Reads `<dir>/<table>.csv` into typed rows; bad rows are reported and left out. */
async function readTableFile(dir: string, table: string, problems: Problem[]): Promise<ParsedFile | null> {
  const file = `${table}.csv`;
  const text = await readFile(join(dir, file), "utf8").catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });
  if (text === null) return null;
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: false }) as never;
  } catch (error) {
    throw new LegacyImportError(`${file} is not valid CSV: ${(error as Error).message}. Nothing was imported.`);
  }
  if (records.length === 0) return { table, file, columns: [], rows: [], skipped: 0 };
  const spec = ARCHIVE_TABLES.find((s) => s.name === table)!;
  const known = legacyColumns(spec);
  const header = records[0]!.record.map((h) => h.trim());
  const unknown = header.filter((h) => !known.has(h));
  if (unknown.length) problems.push({ file, line: 1, message: `unknown columns ignored: ${unknown.join(", ")}` });
  const duplicated = header.filter((h, i) => header.indexOf(h) !== i);
  if (duplicated.length)
    throw new LegacyImportError(`${file}: column ${duplicated[0]} appears twice. Nothing was imported.`);
  if (!header.includes("id")) {
    throw new LegacyImportError(
      `${file} has no id column: ids are kept so that links between tables hold. Nothing was imported.`,
    );
  }
  const used = header.filter((h) => known.has(h));
  const required = [...known.values()].filter((c) => c.notNull && c.fallback === undefined && !c.sqlDefault);
  const absent = required.filter((c) => !used.includes(c.name));
  if (absent.length) {
    throw new LegacyImportError(
      `${file} lacks the column ${absent.map((c) => c.name).join(", ")}, which every row needs. Nothing was imported.`,
    );
  }

  const rows: ParsedFile["rows"] = [];
  const seen = new Set<string>();
  let skipped = 0;
  let previousEnd = records[0]!.info.lines;
  for (const { record, info } of records.slice(1)) {
    const line = previousEnd + 1;
    previousEnd = info.lines;
    const row: Record<string, unknown> = {};
    let problem: string | null = null;
    for (const [index, name] of header.entries()) {
      const column = known.get(name);
      if (!column) continue;
      const cell = record[index] ?? "";
      if (cell === "") {
        if (!column.notNull) row[name] = null;
        else if (column.fallback !== undefined) row[name] = column.fallback;
        else if (column.sqlDefault && name !== "id") row[name] = null;
        else problem ??= `${name} is empty, and every row needs one`;
        continue;
      }
      const parsed = parseCell(column.kind, cell);
      if (parsed.ok) row[name] = parsed.value;
      else problem ??= `${name}: ${parsed.error}`;
    }
    if (!problem && seen.has(String(row.id))) problem = `id ${String(row.id)} appears twice in the file`;
    if (problem) {
      problems.push({ file, line, message: `${problem}; row skipped` });
      skipped += 1;
      continue;
    }
    seen.add(String(row.id));
    if (table === "products" && typeof row.nom === "string") row.nom_recherche = normalizeForSearch(row.nom);
    rows.push({ line, row });
  }
  const columns = table === "products" && used.includes("nom") ? [...used, "nom_recherche"] : used;
  return { table, file, columns, rows, skipped };
}

type MediaTarget = { bucket: Bucket; name: string; kind: "image" | "video" };

/** Imports the CSV files of `dir` into the site. */
export async function importLegacy(
  target: { database: Pick<Database, "db">; storage: Storage },
  dir: string,
  { mediaBase, onProgress, fetchTimeoutMs = 60_000 }: LegacyOptions = {},
): Promise<LegacyReport> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) throw new LegacyImportError(`${dir} is not a folder.`);
  const problems: Problem[] = [];
  const notes: string[] = [];
  const files: ParsedFile[] = [];
  for (const table of LEGACY_TABLES) {
    const parsed = await readTableFile(dir, table, problems);
    if (parsed) files.push(parsed);
    else notes.push(`${table}.csv not found: table left as it is`);
  }
  if (files.length === 0)
    throw new LegacyImportError(
      `No CSV file of the old site in ${dir} (${LEGACY_TABLES.map((t) => `${t}.csv`).join(", ")}).`,
    );

  // Media first (outside the transaction): each old URL fetched once, checked like an upload.
  const { storage } = target;
  const media = { fetched: 0, alreadyHere: 0, failed: 0 };
  const resolved = new Map<string, string | null>();
  const created: MediaTarget[] = [];
  const localize = async (url: string, kind: "image" | "video", where: { file: string; line: number }) => {
    const old = legacyMediaPath(url);
    if (!old) return url;
    const key = `${old.bucket}/${old.name}`;
    if (!resolved.has(key)) {
      resolved.set(key, await fetchOne(url, old, kind, where));
    }
    return resolved.get(key) ?? (kind === "image" ? PLACEHOLDER_IMAGE : null);
  };
  const fetchOne = async (
    url: string,
    old: { bucket: string; name: string },
    kind: "image" | "video",
    where: { file: string; line: number },
  ) => {
    const report = (message: string) => {
      media.failed += 1;
      problems.push({
        ...where,
        message: `media ${old.bucket}/${old.name}: ${message}; ${kind === "image" ? "placeholder kept" : "left empty"}`,
      });
      return null;
    };
    if (!isBucket(old.bucket)) return report(`unknown bucket ${old.bucket}`);
    const bucket = old.bucket;
    const name = storedObjectName(old.name, isValidObjectName, (text) =>
      createHash("sha256").update(text).digest("hex"),
    );
    if (name !== old.name) notes.push(`media ${bucket}/${old.name} stored as ${name}`);
    if (await storage.stat(bucket, name)) {
      media.alreadyHere += 1;
      return storage.publicUrl(bucket, name);
    }
    const source = mediaSource(old, mediaBase, url);
    if (!source) return report("its path leaves the media folder");
    onProgress?.(`fetching ${source}`);
    const problem = await storeFetched(
      storage,
      { bucket, name, kind: BUCKET_RULES[bucket].kind },
      source,
      fetchTimeoutMs,
    );
    if (problem) return report(problem);
    created.push({ bucket, name, kind });
    media.fetched += 1;
    return storage.publicUrl(bucket, name);
  };

  try {
    for (const file of files) {
      const mediaColumns = MEDIA_COLUMNS[file.table] ?? {};
      for (const { line, row } of file.rows) {
        const where = { file: file.file, line };
        for (const [column, kind] of Object.entries(mediaColumns)) {
          const value = row[column];
          if (Array.isArray(value)) {
            const out: string[] = [];
            for (const item of value as string[]) out.push((await localize(item, kind, where)) ?? PLACEHOLDER_IMAGE);
            row[column] = out;
          } else if (typeof value === "string") {
            row[column] = await localize(value, kind, where);
          }
        }
        if (file.table === "machines" && row.etapes_fonctionnement !== undefined) {
          row.etapes_fonctionnement = await localizeJson(row.etapes_fonctionnement, (url) =>
            localize(url, "image", where),
          );
        }
      }
    }

    const tables = await target.database.db.transaction(async (tx) => {
      await checkLinks(tx, files, problems);
      const out: LegacyReport["tables"] = {};
      for (const table of LEGACY_TABLES) {
        const file = files.find((f) => f.table === table);
        if (!file) continue;
        const spec = ARCHIVE_TABLES.find((s) => s.name === table)!;
        const fallbacks: Record<string, SQL> = file.columns.includes("created_at") ? { created_at: sql`now()` } : {};
        const counts = await applyRows(
          tx,
          spec,
          file.rows.map((r) => r.row),
          { columns: file.columns, dryRun: false, fallbacks },
        );
        if (counts.conflicts > 0) {
          problems.push({
            file: file.file,
            message: `${counts.conflicts} row(s) skipped: their ${spec.unique?.join(", ")} is already used by another row`,
          });
        }
        out[table] = { ...counts, skipped: file.skipped + counts.conflicts, file: file.file };
      }
      return out;
    });
    return { tables, media, problems, notes };
  } catch (error) {
    // Nothing names the objects fetched for a transaction that did not commit.
    for (const ref of created) await storage.delete(ref.bucket, ref.name).catch(() => {});
    throw error;
  }
}

/** A machine's category must exist (here or in the files): otherwise the machine is kept without one. */
async function checkLinks(tx: Db, files: ParsedFile[], problems: Problem[]) {
  const machinesFile = files.find((f) => f.table === "machines");
  if (!machinesFile) return;
  const categoriesInFile = new Set(
    files.find((f) => f.table === "machine_categories")?.rows.map((r) => String(r.row.id)) ?? [],
  );
  const wanted = [
    ...new Set(machinesFile.rows.map((r) => r.row.categorie_id).filter((id): id is string => typeof id === "string")),
  ];
  if (wanted.length === 0) return;
  const existing = new Set(
    (
      await selectRows<{ id: string }>(
        tx,
        sql`select id::text as id from machine_categories where id::text in (select json_array_elements_text(${JSON.stringify(wanted)}::json))`,
      )
    ).map((r) => r.id),
  );
  for (const { line, row } of machinesFile.rows) {
    const id = row.categorie_id;
    if (typeof id === "string" && !categoriesInFile.has(id) && !existing.has(id)) {
      problems.push({
        file: machinesFile.file,
        line,
        message: `categorie_id ${id} names no category; machine kept without a category`,
      });
      row.categorie_id = null;
    }
  }
}

async function localizeJson(value: unknown, localize: (url: string) => Promise<string | null>): Promise<unknown> {
  if (typeof value === "string") return legacyMediaPath(value) ? ((await localize(value)) ?? PLACEHOLDER_IMAGE) : value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => localizeJson(item, localize)));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = await localizeJson(item, localize);
    return out;
  }
  return value;
}

/** Where an old object is read: BASE/<bucket>/<name> (a URL, or a local folder: an absolute path),
 * else its own URL. Null for a name that would leave the folder. */
export function mediaSource(
  old: { bucket: string; name: string },
  base: string | undefined,
  url: string,
): string | null {
  if (!base) return url;
  if (/^https?:\/\//i.test(base)) {
    return `${base.replace(/\/+$/, "")}/${encodeURIComponent(old.bucket)}/${old.name.split("/").map(encodeURIComponent).join("/")}`;
  }
  const root = resolve(base);
  const path = resolve(root, old.bucket, old.name);
  return path.startsWith(root + sep) ? path : null;
}

/** Fetches one object into a temporary file (never whole in memory), checks it as an upload is
 * checked (content sniffed, size limit, pictures decoded), then stores it. Returns why it failed. */
async function storeFetched(
  storage: Storage,
  target: MediaTarget,
  source: string,
  timeoutMs: number,
): Promise<string | null> {
  const limit = UPLOAD_LIMITS[target.kind];
  let body: Readable;
  if (/^https?:\/\//i.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(timeoutMs), redirect: "follow" });
    } catch (error) {
      return `unreachable (${(error as Error).message})`;
    }
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return `unreachable (HTTP ${response.status})`;
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > limit) {
      await response.body.cancel();
      return `larger than the ${limit / 1024 / 1024} MB an upload may be`;
    }
    body = Readable.fromWeb(response.body as never);
  } else if (isAbsolute(source)) {
    const info = await stat(source).catch(() => null);
    if (!info?.isFile()) return "not found";
    body = createReadStream(source);
  } else {
    return `no address to fetch it from (${preview(source)})`;
  }

  const temp = join(tmpdir(), `legacy-media-${randomUUID()}`);
  try {
    let size = 0;
    try {
      await pipeline(
        body,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            size += chunk.length;
            if (size > limit) return callback(new Error("too large"));
            callback(null, chunk);
          },
        }),
        createWriteStream(temp, { flags: "wx", mode: 0o600 }),
      );
    } catch (error) {
      if ((error as Error).message === "too large") return `larger than the ${limit / 1024 / 1024} MB an upload may be`;
      return `unreachable (${(error as Error).message})`;
    }
    const head = Buffer.alloc(32);
    const handle = await open(temp, "r");
    const { bytesRead } = await handle.read(head, 0, 32, 0).finally(() => handle.close());
    const type = detectType(head.subarray(0, bytesRead));
    if (!type || DETECTED_TYPES[type].kind !== target.kind) {
      return target.kind === "image" ? "not a JPEG, PNG, WebP, AVIF or GIF picture" : "not an MP4 or WebM video";
    }
    if (target.kind === "image") {
      const problem = await pictureProblem(await readFile(temp));
      if (problem) return problem === "tooManyPixels" ? "over 50 megapixels" : "a picture that does not decode";
    }
    await storage.put(target.bucket, target.name, createReadStream(temp), DETECTED_TYPES[type].mime);
    return null;
  } finally {
    await rm(temp, { force: true });
  }
}

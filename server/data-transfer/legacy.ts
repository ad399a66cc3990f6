// Moving in from the old site: one CSV file per table, as the old backend's table editor exports them,
// and its media fetched from its storage. Ids are kept (step_ids and categorie_id keep pointing right);
// rows are upserted by id in one transaction, so running it again adds nothing. A bad cell skips its
// row and is reported with its line; a file that is not CSV stops the import before anything is written.
import { parse } from "csv-parse/sync";
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readFile, realpath, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve, sep } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  BUCKET_RULES,
  DETECTED_TYPES,
  UPLOAD_LIMITS,
  type DetectedType,
  isBucket,
  type Bucket,
} from "../../app/rules/uploads";
import { normalizeForSearch } from "../../app/rules/text";
import { selectRows, type Database, type Db } from "../db/client";
import { PLACEHOLDER_IMAGE } from "../db/schema";
import { checkMedia, MEDIA_HEAD_BYTES, MEDIA_PROBLEM_TEXT, tooLargeProblem } from "../media/check";
import { isPlainObjectName, isValidObjectName, mediaTypeOfName, type Storage } from "../storage/storage";
import { legacyMediaPath, parseCell, preview, storedObjectName, type ColumnKind } from "./legacy-cells";
import { applyRows, type RowCounts } from "./rows";
import { ARCHIVE_TABLES, type TableSpec } from "./tables";

/** The old backend's tables, in the order rows are written (categories before machines). */
const LEGACY_TABLES = ["tags", "machine_categories", "machine_steps", "machines", "products", "gallery_photos"];

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

type Problem = { file: string; line?: number; message: string };
export type LegacyReport = {
  tables: Record<string, RowCounts & { skipped: number; file: string | null }>;
  media: { fetched: number; alreadyHere: number; failed: number };
  problems: Problem[];
  notes: string[];
};

export type LegacyOptions = {
  /** Where the media are read: BASE/<bucket>/<name>, BASE a URL or a local folder. Without it, each
   * old URL itself is fetched when its host is one of allowHosts. */
  mediaBase?: string;
  /** Hosts ('host' or 'host:port', as in a URL) the operator allows besides the base's own: old URLs
   * on them are fetched as they are, and redirects may lead there. Nothing else is ever fetched. */
  allowHosts?: string[];
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
  { mediaBase, allowHosts = [], onProgress, fetchTimeoutMs = 60_000 }: LegacyOptions = {},
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
  const allowed = allowedOrigins(mediaBase, allowHosts);
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
    // The old name's letters, with the extension of the type found in the bytes (decided once fetched).
    const named = storedObjectName(old.name, isPlainObjectName, (text) =>
      createHash("sha256").update(text).digest("hex"),
    );
    if (isValidObjectName(named) && (await storage.stat(bucket, named))) {
      media.alreadyHere += 1;
      return storage.publicUrl(bucket, named);
    }
    const source = mediaSource(old, mediaBase, url, allowed);
    if ("refused" in source) return report(source.refused);
    onProgress?.(`fetching ${source.location}`);
    const stored = await storeFetched(
      storage,
      { bucket, kind: BUCKET_RULES[bucket].kind },
      named,
      source,
      allowed,
      fetchTimeoutMs,
    );
    if ("problem" in stored) return report(stored.problem);
    const { name } = stored;
    if (name !== old.name) notes.push(`media ${bucket}/${old.name} stored as ${name}`);
    created.push({ bucket, name, kind: BUCKET_RULES[bucket].kind });
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

/** What the legacy import may fetch: the --media base's origin and the hosts named on the command line. */
type AllowedOrigins = { origins: ReadonlySet<string>; hosts: ReadonlySet<string> };

function allowedOrigins(base: string | undefined, hosts: readonly string[]): AllowedOrigins {
  const origins = new Set<string>();
  if (base && /^https?:\/\//i.test(base)) origins.add(new URL(base).origin);
  return { origins, hosts: new Set(hosts.map((h) => h.trim().toLowerCase()).filter(Boolean)) };
}

/** An http(s) URL on the base's origin or on a host the operator named. */
function isAllowedUrl(url: URL, allowed: AllowedOrigins): boolean {
  if (url.protocol !== "http:" && url.protocol !== "https:") return false;
  if (url.username || url.password) return false;
  return allowed.origins.has(url.origin) || allowed.hosts.has(url.host.toLowerCase());
}

type MediaSource = { location: string; local: false } | { location: string; local: true; root: string };

/** Where an old object is read: BASE/<bucket>/<name> (a URL, or a local folder: an absolute path),
 * else its own URL when its host is allowed; otherwise why it is not fetched. */
function mediaSource(
  old: { bucket: string; name: string },
  base: string | undefined,
  url: string,
  allowed: AllowedOrigins,
): MediaSource | { refused: string } {
  if (!base) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return { refused: `no address to fetch it from (${preview(url)})` };
    }
    if (!isAllowedUrl(parsed, allowed)) {
      return {
        refused: `not fetched: ${parsed.host || preview(url)} is not an allowed host (--media or --allow-host)`,
      };
    }
    return { location: parsed.href, local: false };
  }
  if (/^https?:\/\//i.test(base)) {
    const root = new URL(base.replace(/\/+$/, "") + "/");
    const location = new URL(
      `${encodeURIComponent(old.bucket)}/${old.name.split("/").map(encodeURIComponent).join("/")}`,
      root,
    );
    // Dot segments ('..') would climb out of the base.
    if (location.origin !== root.origin || !location.pathname.startsWith(root.pathname)) {
      return { refused: "its path leaves the media base" };
    }
    return { location: location.href, local: false };
  }
  const root = resolve(base);
  const path = resolve(root, old.bucket, old.name);
  return path.startsWith(root + sep)
    ? { location: path, local: true, root }
    : { refused: "its path leaves the media folder" };
}

const MAX_REDIRECTS = 5;

/** GET of an allowed URL, following at most MAX_REDIRECTS redirects by hand, each only to an allowed
 * origin; anything else ends in a refusal (nothing is fetched from where the operator did not allow). */
async function fetchAllowed(
  start: string,
  allowed: AllowedOrigins,
  timeoutMs: number,
): Promise<Response | { problem: string }> {
  const signal = AbortSignal.timeout(timeoutMs);
  let url = new URL(start);
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await fetch(url, { signal, redirect: "manual" });
    } catch (error) {
      return { problem: `unreachable (${(error as Error).message})` };
    }
    const location = response.headers.get("location");
    if (response.status < 300 || response.status > 399 || !location) return response;
    await response.body?.cancel();
    if (hop >= MAX_REDIRECTS) return { problem: `more than ${MAX_REDIRECTS} redirects` };
    let next: URL;
    try {
      next = new URL(location, url);
    } catch {
      return { problem: `redirected to an invalid address (${preview(location)})` };
    }
    if (!isAllowedUrl(next, allowed)) {
      return { problem: `redirected to ${next.host || preview(location)}, not an allowed host: not followed` };
    }
    url = next;
  }
}

/** The object's path when it lies under the folder once links are resolved (a symbolic link out of the
 * folder is refused), or why not. */
async function localFile(path: string, root: string): Promise<string | { problem: string }> {
  const realRoot = await realpath(root).catch(() => null);
  const real = await realpath(path).catch(() => null);
  if (!realRoot || !real) return { problem: "not found" };
  if (!real.startsWith(realRoot + sep)) return { problem: "its path leaves the media folder (symbolic link)" };
  const info = await stat(real).catch(() => null);
  return info?.isFile() ? real : { problem: "not found" };
}

/** The old name with the extension of the type found in its bytes: a CSV's name never decides the type. */
function nameForType(name: string, type: DetectedType): string {
  if (mediaTypeOfName(name) === type) return name;
  const dot = name.lastIndexOf(".");
  const stem = dot > 0 ? name.slice(0, dot) : name;
  return `${stem}.${type}`;
}

/** Fetches one object into a temporary file (never whole in memory), checks it as an upload is
 * checked (checkMedia), then stores it under its name with the extension of its real type. Returns
 * the stored name, or why it was not stored. */
async function storeFetched(
  storage: Storage,
  target: { bucket: Bucket; kind: "image" | "video" },
  named: string,
  source: MediaSource,
  allowed: AllowedOrigins,
  timeoutMs: number,
): Promise<{ name: string } | { problem: string }> {
  const limit = UPLOAD_LIMITS[target.kind];
  const tooLarge = { problem: MEDIA_PROBLEM_TEXT[tooLargeProblem(target.kind)] };
  let body: Readable;
  if (!source.local) {
    const response = await fetchAllowed(source.location, allowed, timeoutMs);
    if ("problem" in response) return response;
    if (!response.ok || !response.body) {
      await response.body?.cancel();
      return { problem: `unreachable (HTTP ${response.status})` };
    }
    const declared = Number(response.headers.get("content-length") ?? 0);
    if (declared > limit) {
      await response.body.cancel();
      return tooLarge;
    }
    body = Readable.fromWeb(response.body as never);
  } else {
    const file = await localFile(source.location, source.root);
    if (typeof file !== "string") return file;
    body = createReadStream(file);
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
      if ((error as Error).message === "too large") return tooLarge;
      return { problem: `unreachable (${(error as Error).message})` };
    }
    const head = Buffer.alloc(MEDIA_HEAD_BYTES);
    const handle = await open(temp, "r");
    const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const checked = await checkMedia(target.kind, {
      size,
      head: head.subarray(0, bytesRead),
      whole: () => readFile(temp),
    });
    if ("problem" in checked) return { problem: MEDIA_PROBLEM_TEXT[checked.problem] };
    const name = nameForType(named, checked.type);
    if (!isValidObjectName(name)) return { problem: `no usable name (${preview(named)})` };
    await storage.put(target.bucket, name, createReadStream(temp), DETECTED_TYPES[checked.type].mime);
    return { name };
  } finally {
    await rm(temp, { force: true });
  }
}

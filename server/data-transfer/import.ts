// Import: an archive (archive.ts) into the configured database and storage, whichever engine made it.
// Pass 1 reads the whole file and checks the manifest, every entry's size and SHA-256 and that none is
// missing; a refused archive has written nothing. Pass 2 reads it again (checking again) and writes the
// media that are missing or differ, then upserts the rows by id in one transaction, in foreign-key
// order. Should that transaction fail, the objects pass 2 created are deleted again (objects it
// replaced cannot be put back; names are unique per upload, so that only happens to a damaged site).
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { open, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { BUCKET_RULES, DETECTED_TYPES, UPLOAD_LIMITS, BUCKETS } from "../../app/rules/uploads";
import type { Database, Db } from "../db/client";
import { checkMedia, MEDIA_HEAD_BYTES, MEDIA_PROBLEM_TEXT, tooLargeProblem } from "../media/check";
import { isValidObjectName, mediaTypeOfName, type Storage } from "../storage/storage";
import {
  ArchiveError,
  collect,
  drain,
  mediaEntryName,
  parseMediaEntryName,
  readArchive,
  type ArchiveEntry,
  type Manifest,
} from "./archive";
import { applyRows, deleteRowsExcept, type RowCounts } from "./rows";
import { ARCHIVE_TABLES, archivedColumns, knownMigrations, type TableSpec } from "./tables";
import type { ServerConfig } from "../config";
import { deleteStoredObject } from "../media/remove";

export type ImportOptions = {
  dryRun?: boolean;
  /** Makes the site exactly the archive: rows and objects it lacks are deleted. */
  replace?: boolean;
  onProgress?: (progress: ImportProgress) => void;
};

export type ImportProgress = { phase: "verify" | "write"; entries: number; totalEntries: number };

type TableReport = RowCounts & { deleted: number };
export type ImportReport = {
  dryRun: boolean;
  replace: boolean;
  manifest: Manifest;
  tables: Record<string, TableReport>;
  media: { written: number; unchanged: number; deleted: number; refused: RefusedMedia[] };
  /** What was done to read an archive of an older schema. */
  notes: string[];
};

/** An archived object left out, checked as an upload is: its entry and why. */
type RefusedMedia = { entry: string; reason: string };

export type ImportTarget = { database: Pick<Database, "db">; storage: Storage; config: ServerConfig };

/** Whether the archive's schema can be read here: a migration this site does not know means a newer
 * site made it (refused); an older one is read forward (columns it lacks take their defaults). */
function checkSchema(manifest: Manifest): string[] {
  const known = knownMigrations();
  const position = known.indexOf(manifest.schema.migration);
  if (position === -1) {
    throw new ArchiveError(
      `The archive was made by a newer version of the site (schema ${manifest.schema.migration}, unknown here; ` +
        `this site is at ${known.at(-1)}). Update the site, then import it again.`,
    );
  }
  const notes: string[] = [];
  for (const [name, table] of Object.entries(manifest.tables)) {
    const spec = ARCHIVE_TABLES.find((s) => s.name === name);
    if (!spec) throw new ArchiveError(`The archive holds a table this site does not know: ${name}.`);
    // A secret column (a password's hash) is not one an archive may bring.
    const columns = archivedColumns(spec);
    const unknown = table.columns.filter((c) => !columns.includes(c));
    if (unknown.length) {
      throw new ArchiveError(`The archive's table ${name} has columns this site does not know: ${unknown.join(", ")}.`);
    }
    if (!table.columns.includes("id")) throw new ArchiveError(`The archive's table ${name} has no id column.`);
    const missing = columns.filter((c) => !table.columns.includes(c));
    if (missing.length) notes.push(`${name}: ${missing.join(", ")} not in the archive (older schema); defaults used`);
  }
  if (position < known.length - 1 && notes.length === 0) {
    notes.push(
      `archive schema ${manifest.schema.migration} is older than ${known.at(-1)}; its tables read as they are`,
    );
  }
  return notes;
}

/** Pass 1 only: the manifest of a sound archive, or ArchiveError. */
export async function verifyArchive(file: string, onProgress?: ImportOptions["onProgress"]): Promise<Manifest> {
  let seen = 0;
  let total = 0;
  return readArchive(
    file,
    async (_entry, body) => {
      await drain(body);
      onProgress?.({ phase: "verify", entries: ++seen, totalEntries: total });
    },
    (manifest) => {
      total = manifest.entries.length;
    },
  );
}

export async function importArchive(
  target: ImportTarget,
  file: string,
  { dryRun = false, replace = false, onProgress }: ImportOptions = {},
): Promise<ImportReport> {
  const manifest = await verifyArchive(file, onProgress);
  const notes = checkSchema(manifest);
  const { storage } = target;
  const db = target.database.db;

  // Pass 2: rows into memory, media compared and (unless dry run) written.
  const rows = new Map<string, Record<string, unknown>[]>();
  const created: { bucket: (typeof BUCKETS)[number]; name: string }[] = [];
  const media = { written: 0, unchanged: 0, deleted: 0, refused: [] as RefusedMedia[] };
  const archived = new Set<string>();
  const tableByEntry = new Map(Object.entries(manifest.tables).map(([name, t]) => [t.entry, name]));
  let seen = 0;
  try {
    await readArchive(file, async (entry, body) => {
      const table = tableByEntry.get(entry.name);
      if (table) rows.set(table, parseRows(table, await collect(body)));
      else {
        const ref = parseMediaEntryName(entry.name)!;
        archived.add(entry.name);
        const outcome = await restoreObject(storage, ref, entry, body, dryRun);
        if (typeof outcome === "object") media.refused.push({ entry: entry.name, reason: outcome.refused });
        else if (outcome === "unchanged") media.unchanged += 1;
        else {
          media.written += 1;
          if (outcome === "created") created.push(ref);
        }
      }
      onProgress?.({ phase: "write", entries: ++seen, totalEntries: manifest.entries.length });
    });

    const tables = await db.transaction(
      (tx) => writeRows(tx, manifest, rows, { dryRun, replace }),
      dryRun ? { accessMode: "read only" } : undefined,
    );

    if (replace) {
      for (const bucket of BUCKETS) {
        for (const object of await storage.list(bucket, Infinity)) {
          if (archived.has(mediaEntryName(bucket, object.name))) continue;
          if (!dryRun) await deleteStoredObject({ storage, config: target.config }, bucket, object.name);
          media.deleted += 1;
        }
      }
    }
    return { dryRun, replace, manifest, tables, media, notes };
  } catch (error) {
    for (const ref of created) await storage.delete(ref.bucket, ref.name).catch(() => {});
    throw error;
  }
}

function parseRows(table: string, body: Buffer): Record<string, unknown>[] {
  const lines = body.toString("utf8").split("\n");
  const rows: Record<string, unknown>[] = [];
  for (const [index, line] of lines.entries()) {
    if (line === "") continue;
    let row: unknown;
    try {
      row = JSON.parse(line);
    } catch {
      throw new ArchiveError(`Line ${index + 1} of table ${table} is not JSON. Nothing was imported.`);
    }
    if (!row || typeof row !== "object" || typeof (row as { id?: unknown }).id !== "string") {
      throw new ArchiveError(`Line ${index + 1} of table ${table} is not a row with an id. Nothing was imported.`);
    }
    rows.push(row as Record<string, unknown>);
  }
  return rows;
}

/** Rows of every table, in foreign-key order; with `replace`, rows the archive lacks go (tags first,
 * whose names are unique; the others after the upserts, children before parents). */
async function writeRows(
  tx: Db,
  manifest: Manifest,
  rows: Map<string, Record<string, unknown>[]>,
  { dryRun, replace }: { dryRun: boolean; replace: boolean },
): Promise<Record<string, TableReport>> {
  const report: Record<string, TableReport> = {};
  const ids = (spec: TableSpec) => (rows.get(spec.name) ?? []).map((r) => String(r.id));
  const deleteFirst = (spec: TableSpec) => Boolean(spec.unique?.length);
  const replaces = (spec: TableSpec) => replace && !spec.addOnly;
  for (const spec of ARCHIVE_TABLES) {
    const deleted = replaces(spec) && deleteFirst(spec) ? await deleteRowsExcept(tx, spec, ids(spec), dryRun) : 0;
    const table = manifest.tables[spec.name];
    const counts = table
      ? await applyRows(tx, spec, rows.get(spec.name) ?? [], { columns: table.columns, dryRun })
      : { inserted: 0, updated: 0, unchanged: 0, conflicts: 0 };
    report[spec.name] = { ...counts, deleted };
  }
  for (const spec of [...ARCHIVE_TABLES].reverse()) {
    if (replaces(spec) && !deleteFirst(spec)) {
      report[spec.name]!.deleted = await deleteRowsExcept(tx, spec, ids(spec), dryRun);
    }
  }
  return report;
}

/** Puts one archived object in storage unless the same bytes are already there, after the check an
 * upload passes (its bytes must also be of the type its name says, since rows link it by that name). */
async function restoreObject(
  storage: Storage,
  ref: { bucket: (typeof BUCKETS)[number]; name: string },
  entry: ArchiveEntry,
  body: Readable,
  dryRun: boolean,
): Promise<"unchanged" | "created" | "replaced" | { refused: string }> {
  const refuse = async (reason: string) => {
    await drain(body);
    return { refused: reason };
  };
  const named = isValidObjectName(ref.name) ? mediaTypeOfName(ref.name) : null;
  if (!named)
    return refuse("its name is not that of an accepted picture or video (JPEG, PNG, WebP, AVIF, GIF, MP4, WebM)");
  const kind = BUCKET_RULES[ref.bucket].kind;
  if (entry.size > UPLOAD_LIMITS[kind]) return refuse(MEDIA_PROBLEM_TEXT[tooLargeProblem(kind)]);
  const existing = await storage.stat(ref.bucket, ref.name);
  if (existing && existing.size === entry.size && (await storedSha256(storage, ref)) === entry.sha256) {
    await drain(body);
    return "unchanged";
  }
  // Into a temporary file first (bounded by the size just checked), so that a refused object is
  // never stored, even for a moment.
  const temp = join(tmpdir(), `archive-media-${randomUUID()}`);
  try {
    await pipeline(body, createWriteStream(temp, { flags: "wx", mode: 0o600 }));
    const head = Buffer.alloc(MEDIA_HEAD_BYTES);
    const handle = await open(temp, "r");
    const { bytesRead } = await handle.read(head, 0, head.length, 0).finally(() => handle.close());
    const checked = await checkMedia(kind, {
      size: entry.size,
      head: head.subarray(0, bytesRead),
      whole: () => readFile(temp),
    });
    if ("problem" in checked) return { refused: MEDIA_PROBLEM_TEXT[checked.problem] };
    if (checked.type !== named)
      return { refused: `its content is ${DETECTED_TYPES[checked.type].mime}, not what its name says` };
    if (!dryRun) await storage.put(ref.bucket, ref.name, createReadStream(temp), DETECTED_TYPES[named].mime);
  } finally {
    await rm(temp, { force: true });
  }
  return existing ? "replaced" : "created";
}

async function storedSha256(storage: Storage, ref: { bucket: (typeof BUCKETS)[number]; name: string }) {
  const stream = await storage.readStream(ref.bucket, ref.name);
  if (!stream) return null;
  const hash = createHash("sha256");
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

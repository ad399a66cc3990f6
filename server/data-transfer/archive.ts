// The archive format (version 1): a gzipped tar whose first entry is manifest.json, then one JSON-lines
// entry per table (tables/<table>.jsonl, one row_to_json object per line, ordered by id), then every
// media object (media/<bucket>/<name>). The manifest lists every other entry in order with its size
// and SHA-256, so a reader can check the whole archive before it writes anything.
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGunzip } from "node:zlib";
import * as tar from "tar-stream";
import { z } from "zod";
import { isPlainObjectName } from "../storage/storage";
import { isBucket, type Bucket } from "../../app/rules/uploads";

export const ARCHIVE_FORMAT = 1;
export const ARCHIVE_KIND = "distributrices-site-archive";
export const MANIFEST_NAME = "manifest.json";
/** A manifest lists a few thousand entries at most; anything bigger is not one of ours. */
const MAX_MANIFEST_BYTES = 32 * 1024 * 1024;
/** Table entries are parsed in memory (10,000 products are about 10 MB). */
const MAX_TABLE_BYTES = 512 * 1024 * 1024;

export type ArchiveEntry = { name: string; size: number; sha256: string };

const entrySchema = z.object({
  name: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

const manifestSchema = z.object({
  kind: z.literal(ARCHIVE_KIND),
  format: z.number().int().positive(),
  createdAt: z.string(),
  schema: z.object({ migration: z.string().min(1) }),
  tables: z.record(
    z.string(),
    z.object({ entry: z.string(), rows: z.number().int().nonnegative(), columns: z.array(z.string()) }),
  ),
  media: z.object({ objects: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  entries: z.array(entrySchema),
});

export type Manifest = z.infer<typeof manifestSchema>;

/** Refusal of an archive, with the reason in words an operator can act on. Nothing was written. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ArchiveError";
  }
}

export const tableEntryName = (table: string) => `tables/${table}.jsonl`;
export const mediaEntryName = (bucket: Bucket, name: string) => `media/${bucket}/${name}`;

/** The bucket and object name of a media entry, or null for any other name. Any plain name is read:
 * the import refuses one the storage does not take (an '.html') and reports it, keeping the rest. */
export function parseMediaEntryName(entry: string): { bucket: Bucket; name: string } | null {
  const match = /^media\/([^/]+)\/([^/]+)$/.exec(entry);
  if (!match || !isBucket(match[1]!) || !isPlainObjectName(match[2]!)) return null;
  return { bucket: match[1], name: match[2]! };
}

/** Checks what a manifest says before anything else is read: the format, then that every entry name is
 * one this version knows how to read. */
function parseManifest(bytes: Buffer): Manifest {
  let json: unknown;
  try {
    json = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new ArchiveError("The archive's manifest is not valid JSON: the file is damaged or is not a site archive.");
  }
  const format = (json as { format?: unknown } | null)?.format;
  if (typeof format === "number" && format > ARCHIVE_FORMAT) {
    throw new ArchiveError(
      `This archive uses format ${format}, newer than the format ${ARCHIVE_FORMAT} this version of the site reads. ` +
        "Update the site, then import it again.",
    );
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    throw new ArchiveError(`The archive's manifest is not one this site wrote (${parsed.error.issues[0]?.message}).`);
  }
  if (parsed.data.format !== ARCHIVE_FORMAT) {
    throw new ArchiveError(`Unknown archive format ${parsed.data.format} (this site reads format ${ARCHIVE_FORMAT}).`);
  }
  const names = new Set<string>();
  const tableEntries = new Set(Object.values(parsed.data.tables).map((t) => t.entry));
  for (const entry of parsed.data.entries) {
    if (names.has(entry.name)) throw new ArchiveError(`The manifest lists ${entry.name} twice.`);
    names.add(entry.name);
    if (!tableEntries.has(entry.name) && !parseMediaEntryName(entry.name)) {
      throw new ArchiveError(`The manifest lists an entry this site does not know: ${entry.name}.`);
    }
  }
  for (const name of tableEntries) {
    if (!names.has(name)) throw new ArchiveError(`The manifest names table entry ${name} without its checksum.`);
  }
  return parsed.data;
}

export function sha256Hex(data: Buffer | string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** A pass-through that counts and hashes what flows, and fails at the end when the total differs from
 * `expected` (the bytes are then not to be trusted). */
function verifyingStream(expected: ArchiveEntry): Transform {
  const hash = createHash("sha256");
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > expected.size) return callback(damaged(expected.name, "is longer than the manifest says"));
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (size !== expected.size) return callback(damaged(expected.name, "is shorter than the manifest says"));
      if (hash.digest("hex") !== expected.sha256)
        return callback(damaged(expected.name, "does not match its checksum"));
      callback();
    },
  });
}

const damaged = (name: string, what: string) =>
  new ArchiveError(`The archive is damaged: ${name} ${what}. Nothing was imported.`);

export type EntryHandler = (entry: ArchiveEntry, body: Readable) => Promise<void>;

/**
 * Reads an archive from start to end: the manifest first (returned), then every entry, each checked
 * against the manifest (known, in order, size and SHA-256) while `onEntry` consumes it; at the end,
 * every entry of the manifest must have been seen. A truncated or altered file fails with ArchiveError.
 * `onEntry` must consume the body whole (or throw).
 */
export async function readArchive(
  source: string | Readable,
  onEntry: EntryHandler,
  onManifest?: (manifest: Manifest) => void | Promise<void>,
): Promise<Manifest> {
  const input = typeof source === "string" ? createReadStream(source) : source;
  const gunzip = createGunzip();
  const extract = tar.extract();
  const feeding = pipeline(input, gunzip, extract as unknown as NodeJS.WritableStream).catch((error: unknown) => {
    throw archiveReadError(error);
  });
  // Kept from becoming an unhandled rejection while the entries are read; awaited below.
  feeding.catch(() => {});

  let manifest: Manifest | null = null;
  let next = 0;
  try {
    for await (const item of extract) {
      const header = item.header;
      if (header.type !== "file") {
        throw new ArchiveError(`The archive holds ${header.name}, which is not a file: not a site archive.`);
      }
      if (!manifest) {
        if (header.name !== MANIFEST_NAME) {
          throw new ArchiveError("The archive does not start with manifest.json: it is not a site archive.");
        }
        if ((header.size ?? 0) > MAX_MANIFEST_BYTES) throw new ArchiveError("The archive's manifest is too large.");
        manifest = parseManifest(await collect(item as unknown as Readable, MAX_MANIFEST_BYTES));
        await onManifest?.(manifest);
        continue;
      }
      const expected = manifest.entries[next];
      if (!expected || expected.name !== header.name) {
        item.resume();
        throw new ArchiveError(
          expected
            ? `The archive is damaged: found ${header.name} where the manifest expects ${expected.name}. Nothing was imported.`
            : `The archive holds ${header.name}, which its manifest does not list. Nothing was imported.`,
        );
      }
      next += 1;
      const checked = verifyingStream(expected);
      const body = (item as unknown as Readable).pipe(checked);
      // An error in the entry's own stream (the file ends inside it) reaches the consumer too.
      (item as unknown as Readable).on("error", (error) => checked.destroy(archiveReadError(error)));
      await onEntry(expected, body);
    }
    await feeding;
  } catch (error) {
    input.destroy();
    await feeding.catch(() => {});
    throw archiveReadError(error);
  }
  if (!manifest) throw new ArchiveError("The archive is empty or is not a gzipped tar file.");
  if (next !== manifest.entries.length) {
    throw new ArchiveError(
      `The archive is truncated: ${manifest.entries.length - next} of its ${manifest.entries.length} entries are missing (first: ${manifest.entries[next]!.name}). Nothing was imported.`,
    );
  }
  return manifest;
}

/** The whole entry in memory (the manifest, a table's rows). */
export async function collect(body: Readable, limit = MAX_TABLE_BYTES): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new ArchiveError("An entry of the archive is larger than this site can read.");
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Reads and drops a body (its checksum is still verified on the way). */
export async function drain(body: Readable): Promise<void> {
  await pipeline(body, new PassThrough().resume());
}

function archiveReadError(error: unknown): Error {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  if (code === "ENOENT") return new ArchiveError(`No such file: ${(error as NodeJS.ErrnoException).path}.`);
  if (code === "EISDIR") return new ArchiveError("That path is a folder, not an archive file.");
  if (code?.startsWith("Z_") || /unexpected end|incorrect header|invalid|checksum|premature|truncat/i.test(message)) {
    return new ArchiveError(`The archive is damaged or truncated (${message}). Nothing was imported.`);
  }
  return error instanceof Error ? error : new Error(message);
}

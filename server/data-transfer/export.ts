// Export: one consistent picture of the site as an archive (format in archive.ts).
// 1. The rows of every table are read in one repeatable-read, read-only transaction: a snapshot, even
//    while the site takes writes (PostgreSQL). They are small enough to hold in memory.
// 2. Every media object is copied to a spool folder while its SHA-256 is computed: the manifest, which
//    comes first, needs every checksum, and an object deleted while the archive is being sent cannot
//    break it halfway. Objects are streamed, never held whole in memory.
// 3. The archive is then written from memory and the spool, as a stream (a file, or a download).
import { createHash, randomUUID } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { chmod, mkdir, mkdtemp, open, rename, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { PassThrough, Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { createGzip } from "node:zlib";
import { sql } from "drizzle-orm";
import * as tar from "tar-stream";
import { selectRows, type Db } from "../db/client";
import type { Storage } from "../storage/storage";
import { BUCKETS } from "../../app/rules/uploads";
import {
  ARCHIVE_FORMAT,
  ARCHIVE_KIND,
  MANIFEST_NAME,
  mediaEntryName,
  sha256Hex,
  tableEntryName,
  type ArchiveEntry,
  type Manifest,
} from "./archive";
import { ARCHIVE_TABLES, archivedColumns, lastMigration } from "./tables";

export type ExportProgress =
  | { phase: "tables"; rows: number }
  | { phase: "media"; objects: number; totalObjects: number; bytes: number }
  | { phase: "write"; bytes: number; totalBytes: number };

export type ExportSource = { db: Db; storage: Storage };

export type PreparedArchive = {
  manifest: Manifest;
  /** Bytes of the tar before compression: media barely compress, so this is close to the file's size
   * (the browser's progress bar). */
  estimatedBytes: number;
  /** The archive as a gzipped tar stream; call once. */
  stream(onProgress?: (progress: ExportProgress) => void): Readable;
  /** Removes the spooled media; call when the stream is done or abandoned. */
  dispose(): Promise<void>;
};

type SpooledMedia = { entry: ArchiveEntry; file: string; mtime: Date };

/** Reads the snapshot and spools the media; nothing is written to the site. */
export async function prepareArchive(
  { db, storage }: ExportSource,
  { tempDir = tmpdir(), onProgress }: { tempDir?: string; onProgress?: (progress: ExportProgress) => void } = {},
): Promise<PreparedArchive> {
  const createdAt = new Date();
  const tables = await readSnapshot(db);
  onProgress?.({ phase: "tables", rows: tables.reduce((n, t) => n + t.rows, 0) });

  await mkdir(tempDir, { recursive: true });
  const spool = await mkdtemp(join(tempDir, ".export-"));
  try {
    const media = await spoolMedia(storage, spool, onProgress);
    const tableEntries = tables.map((t) => ({
      entry: { name: tableEntryName(t.name), size: t.body.length, sha256: sha256Hex(t.body) },
      body: t.body,
    }));
    const manifest: Manifest = {
      kind: ARCHIVE_KIND,
      format: ARCHIVE_FORMAT,
      createdAt: createdAt.toISOString(),
      schema: { migration: lastMigration() },
      tables: Object.fromEntries(
        tables.map((t) => [t.name, { entry: tableEntryName(t.name), rows: t.rows, columns: t.columns }]),
      ),
      media: { objects: media.length, bytes: media.reduce((n, m) => n + m.entry.size, 0) },
      entries: [...tableEntries.map((t) => t.entry), ...media.map((m) => m.entry)],
    };
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + "\n");
    const estimatedBytes =
      [manifestBytes.length, ...manifest.entries.map((e) => e.size)].reduce((n, size) => n + 512 + roundUp(size), 0) +
      1024;

    let disposed = false;
    return {
      manifest,
      estimatedBytes,
      stream(onWriteProgress) {
        const pack = tar.pack();
        const out = new PassThrough();
        let written = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            written += chunk.length;
            onWriteProgress?.({ phase: "write", bytes: written, totalBytes: estimatedBytes });
            callback(null, chunk);
          },
        });
        pipeline(pack as unknown as Readable, counter, createGzip({ level: 6 }), out).catch((error: unknown) =>
          out.destroy(error as Error),
        );
        void (async () => {
          const add = (name: string, body: Buffer, mtime = createdAt) =>
            new Promise<void>((resolve, reject) =>
              pack.entry({ name, size: body.length, mode: 0o600, mtime }, body, (error) =>
                error ? reject(error) : resolve(),
              ),
            );
          await add(MANIFEST_NAME, manifestBytes);
          for (const table of tableEntries) await add(table.entry.name, table.body);
          for (const object of media) {
            const sink = pack.entry({
              name: object.entry.name,
              size: object.entry.size,
              mode: 0o600,
              mtime: object.mtime,
            });
            await pipeline(createReadStream(object.file), sink as unknown as NodeJS.WritableStream);
          }
          pack.finalize();
        })().catch((error: unknown) => {
          (pack as unknown as Readable).destroy(error as Error);
          out.destroy(error as Error);
        });
        return out;
      },
      async dispose() {
        if (disposed) return;
        disposed = true;
        await rm(spool, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await rm(spool, { recursive: true, force: true });
    throw error;
  }
}

const roundUp = (size: number) => Math.ceil(size / 512) * 512;

type TableSnapshot = { name: string; columns: string[]; rows: number; body: Buffer };

/** Every table's rows as JSON lines, from one snapshot. Timestamps are written in UTC so the same data
 * gives the same bytes on either engine. */
async function readSnapshot(db: Db): Promise<TableSnapshot[]> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local timezone to 'UTC'`);
      const snapshot: TableSnapshot[] = [];
      for (const spec of ARCHIVE_TABLES) {
        const columns = archivedColumns(spec);
        const list = sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        );
        const rows = await selectRows<{ j: string }>(
          tx,
          sql`select row_to_json(t)::text as j from (select ${list} from ${sql.identifier(spec.name)}) t order by t.id`,
        );
        const body = Buffer.from(rows.map((r) => r.j + "\n").join(""), "utf8");
        snapshot.push({ name: spec.name, columns, rows: rows.length, body });
      }
      return snapshot;
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Copies every stored object to `spool`, hashing it on the way. Sorted by name: the same objects give
 * the same manifest, and names are '{prefix}-{timestamp}.{ext}', so an import writes them in the order
 * they were made (the newest homepage video stays the newest). */
async function spoolMedia(
  storage: Storage,
  spool: string,
  onProgress?: (progress: ExportProgress) => void,
): Promise<SpooledMedia[]> {
  const listed = [];
  for (const bucket of BUCKETS) {
    const objects = await storage.list(bucket, Infinity);
    objects.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const object of objects) listed.push({ bucket, object });
  }
  const spooled: SpooledMedia[] = [];
  let bytes = 0;
  for (const [index, { bucket, object }] of listed.entries()) {
    const body = await storage.readStream(bucket, object.name);
    // Removed since the listing (a photo deleted meanwhile): not part of the archive.
    if (!body) continue;
    const file = join(spool, `${index}`);
    const hash = createHash("sha256");
    let size = 0;
    await pipeline(
      body,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          hash.update(chunk);
          callback(null, chunk);
        },
      }),
      createWriteStream(file, { mode: 0o600 }),
    );
    bytes += size;
    spooled.push({
      entry: { name: mediaEntryName(bucket, object.name), size, sha256: hash.digest("hex") },
      file,
      mtime: object.createdAt,
    });
    onProgress?.({ phase: "media", objects: index + 1, totalObjects: listed.length, bytes });
  }
  return spooled;
}

/** Writes the whole archive to `path`: created 0600 under a temporary name in the same folder, renamed
 * once complete, so `path` is never a partial archive. Returns the manifest and the file's size. */
export async function exportToFile(
  source: ExportSource,
  path: string,
  { onProgress }: { onProgress?: (progress: ExportProgress) => void } = {},
): Promise<{ manifest: Manifest; bytes: number }> {
  const folder = dirname(path);
  const temp = join(folder, `.${randomUUID()}.tmp`);
  const prepared = await prepareArchive(source, { tempDir: folder, onProgress });
  try {
    let bytes = 0;
    await pipeline(
      prepared.stream(onProgress),
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          callback(null, chunk);
        },
      }),
      createWriteStream(temp, { flags: "wx", mode: 0o600 }),
    );
    // On disk before the rename: after a power cut the name holds a whole archive or nothing.
    const handle = await open(temp, "r+");
    await handle.sync().finally(() => handle.close());
    // The umask may have taken bits away, never added any; set exactly.
    await chmod(temp, 0o600);
    await rename(temp, path);
    return { manifest: prepared.manifest, bytes };
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  } finally {
    await prepared.dispose();
  }
}

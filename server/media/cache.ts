// Resized copies made by /img, on this machine's disk: DATA_DIR/cache/img/<bucket>/<name>/<width>.<format>.
// One folder per stored object, so its copies go in one removal whatever the widths and formats.
import { mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { isValidObjectName } from "../storage/storage";
import { isBucket, type Bucket } from "../../app/rules/uploads";

export type ResizedFormat = "avif" | "webp";

export const resizedCacheRoot = (dataDir: string) => join(dataDir, "cache", "img");

function copiesDir(dataDir: string, bucket: Bucket, name: string): string {
  if (!isValidObjectName(name)) throw new Error(`Invalid object name: ${name}`);
  return join(resizedCacheRoot(dataDir), bucket, name);
}

export function resizedCopyPath(dataDir: string, bucket: Bucket, name: string, width: number, format: ResizedFormat) {
  return join(copiesDir(dataDir, bucket, name), `${width}.${format}`);
}

/** Writes a copy under a temporary name first: a reader never sees half a file. */
export async function writeResizedCopy(file: string, body: Buffer): Promise<void> {
  await mkdir(join(file, ".."), { recursive: true });
  const temp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temp, body);
  await rename(temp, file);
}

export async function removeResizedCopies(dataDir: string, bucket: Bucket, name: string): Promise<void> {
  await rm(copiesDir(dataDir, bucket, name), { recursive: true, force: true });
}

/**
 * Removes the copies of objects that no longer exist (deleted by another instance sharing the
 * storage, or outside the site) and the flat files of the former layout ('<bucket>__<name>__<w>.<f>').
 * Returns how many objects' copies went.
 */
export async function pruneResizedCopies(
  dataDir: string,
  exists: (bucket: Bucket, name: string) => boolean,
): Promise<number> {
  const root = resizedCacheRoot(dataDir);
  let pruned = 0;
  for (const entry of await readdir(root, { withFileTypes: true }).catch(() => [])) {
    if (entry.isFile() && entry.name.includes("__")) {
      await rm(join(root, entry.name), { force: true });
      continue;
    }
    if (!entry.isDirectory() || !isBucket(entry.name)) continue;
    const bucket = entry.name;
    for (const name of await readdir(join(root, bucket)).catch(() => [] as string[])) {
      if (isValidObjectName(name) && exists(bucket, name)) continue;
      await rm(join(root, bucket, name), { recursive: true, force: true });
      pruned++;
    }
  }
  return pruned;
}

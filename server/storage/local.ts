import { createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import { isValidObjectName, objectName, type Bucket, type Storage, type StoredObject } from "./storage";

/** Media on local disk: DATA_DIR/storage/<bucket>/<name>, served by /media. */
export class LocalStorage implements Storage {
  constructor(readonly localRoot: string) {}

  path(bucket: Bucket, name: string): string {
    if (!isValidObjectName(name)) throw new Error(`Invalid object name: ${name}`);
    return join(this.localRoot, bucket, name);
  }

  async put(bucket: Bucket, name: string, body: Buffer | Readable): Promise<void> {
    const target = this.path(bucket, name);
    await mkdir(join(this.localRoot, bucket), { recursive: true });
    // Write to a temporary name first: a failed or aborted upload never leaves a partial object.
    const temp = join(this.localRoot, bucket, `.tmp-${randomUUID()}`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { flags: "wx" }));
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putNew(bucket: Bucket, prefix: string, ext: string, body: Buffer | Readable): Promise<string> {
    let now = Date.now();
    while (await this.exists(bucket, objectName(prefix, ext, now))) now += 1;
    const name = objectName(prefix, ext, now);
    await this.put(bucket, name, body);
    return name;
  }

  private async exists(bucket: Bucket, name: string): Promise<boolean> {
    return stat(this.path(bucket, name)).then(
      () => true,
      () => false,
    );
  }

  async read(bucket: Bucket, name: string): Promise<Buffer | null> {
    if (!isValidObjectName(name)) return null;
    return readFile(this.path(bucket, name)).catch(() => null);
  }

  async delete(bucket: Bucket, name: string): Promise<void> {
    if (!isValidObjectName(name)) return;
    await rm(this.path(bucket, name), { force: true });
  }

  async list(bucket: Bucket, limit = 100): Promise<StoredObject[]> {
    const dir = join(this.localRoot, bucket);
    const names = await readdir(dir).catch(() => [] as string[]);
    const objects = await Promise.all(
      names.filter(isValidObjectName).map(async (name) => {
        const info = await stat(join(dir, name));
        return { name, size: info.size, createdAt: info.birthtimeMs ? info.birthtime : info.mtime };
      }),
    );
    objects.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
    return objects.slice(0, limit);
  }

  publicUrl(bucket: Bucket, name: string): string {
    return `/media/${bucket}/${encodeURIComponent(name)}`;
  }
}

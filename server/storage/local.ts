import { createWriteStream } from "node:fs";
import { link, mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { randomUUID } from "node:crypto";
import {
  checkStoredName,
  isValidObjectName,
  ObjectTooLargeError,
  objectName,
  type ByteRange,
  type ObjectInfo,
  type Storage,
  type StoredObject,
} from "./storage";
import type { Bucket } from "../../app/rules/uploads";

/** Media on local disk: DATA_DIR/storage/<bucket>/<name>, served by /media. */
export class LocalStorage implements Storage {
  constructor(readonly localRoot: string) {}

  path(bucket: Bucket, name: string): string {
    if (!isValidObjectName(name)) throw new Error(`Invalid object name: ${name}`);
    return join(this.localRoot, bucket, name);
  }

  async put(bucket: Bucket, name: string, body: Buffer | Readable, contentType: string): Promise<void> {
    checkStoredName(name, contentType);
    const target = this.path(bucket, name);
    const temp = await this.writeTemp(bucket, body);
    try {
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async putNew(
    bucket: Bucket,
    prefix: string,
    ext: string,
    body: Buffer | Readable,
    contentType: string,
  ): Promise<string> {
    checkStoredName(objectName(prefix, ext, 0), contentType);
    const temp = await this.writeTemp(bucket, body);
    try {
      // link() never replaces an existing name: two uploads in the same millisecond get two names
      // instead of one overwriting the other.
      for (let now = Date.now(); ; now += 1) {
        const name = objectName(prefix, ext, now);
        try {
          await link(temp, this.path(bucket, name));
          return name;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
        }
      }
    } finally {
      await rm(temp, { force: true });
    }
  }

  /** The body under a temporary name first: a failed or aborted upload never leaves a partial object. */
  private async writeTemp(bucket: Bucket, body: Buffer | Readable): Promise<string> {
    await mkdir(join(this.localRoot, bucket), { recursive: true });
    const temp = join(this.localRoot, bucket, `.tmp-${randomUUID()}`);
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(temp, { flags: "wx" }));
      return temp;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async read(bucket: Bucket, name: string, { maxBytes }: { maxBytes?: number } = {}): Promise<Buffer | null> {
    if (!isValidObjectName(name)) return null;
    const file = await open(this.path(bucket, name), "r").catch(() => null);
    if (!file) return null;
    try {
      // Size checked on the open file: what is read is what was measured.
      const { size } = await file.stat();
      if (maxBytes !== undefined && size > maxBytes) throw new ObjectTooLargeError(size, maxBytes);
      return await file.readFile();
    } finally {
      await file.close();
    }
  }

  async readStream(bucket: Bucket, name: string): Promise<Readable | null> {
    if (!isValidObjectName(name)) return null;
    const file = await open(this.path(bucket, name), "r").catch(() => null);
    return file ? file.createReadStream() : null;
  }

  async readHead(bucket: Bucket, name: string, length: number): Promise<Buffer | null> {
    if (!isValidObjectName(name)) return null;
    const file = await open(this.path(bucket, name), "r").catch(() => null);
    if (!file) return null;
    try {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await file.read(buffer, 0, length, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await file.close();
    }
  }

  async stat(bucket: Bucket, name: string): Promise<StoredObject | null> {
    if (!isValidObjectName(name)) return null;
    const info = await stat(this.path(bucket, name)).catch(() => null);
    return info?.isFile() ? { name, size: info.size, createdAt: info.mtime } : null;
  }

  async head(bucket: Bucket, name: string): Promise<ObjectInfo | null> {
    if (!isValidObjectName(name)) return null;
    const info = await stat(this.path(bucket, name)).catch(() => null);
    if (!info?.isFile()) return null;
    // Size and modification time, as Express's static files have it: a replaced object gets a new tag.
    const etag = `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    return { name, size: info.size, createdAt: info.mtime, etag };
  }

  async readRange(
    bucket: Bucket,
    name: string,
    { start, end }: ByteRange,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<Readable | null> {
    if (!isValidObjectName(name)) return null;
    const file = await open(this.path(bucket, name), "r").catch(() => null);
    return file ? file.createReadStream({ start, end, signal }) : null;
  }

  async delete(bucket: Bucket, name: string): Promise<void> {
    if (!isValidObjectName(name)) return;
    await rm(this.path(bucket, name), { force: true });
  }

  async list(bucket: Bucket, limit = 100): Promise<StoredObject[]> {
    const dir = join(this.localRoot, bucket);
    const names = await readdir(dir).catch(() => [] as string[]);
    // createdAt is the modification time: objects never change after their rename into place, and
    // unlike the birth time it survives a copy or a restore that keeps times (rsync -a, tar).
    const objects = (await Promise.all(names.filter(isValidObjectName).map((name) => this.stat(bucket, name)))).filter(
      (object): object is StoredObject => object !== null,
    );
    objects.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
    return objects.slice(0, limit);
  }

  publicUrl(bucket: Bucket, name: string): string {
    return `/media/${bucket}/${encodeURIComponent(name)}`;
  }
}

// Media on S3-compatible storage: the site's buckets are key prefixes in one S3 bucket
// ('<bucket>/<name>'). Bodies stream both ways; nothing is held whole in memory but what a caller
// asks for with read().
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Readable } from "node:stream";
import type { S3Settings } from "../config";
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

/** Multipart part size (S3's minimum) and parts sent at once: an upload holds about 10 MB at most. */
const PART_SIZE = 5 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/** The client settings for these S3 settings. Checksums only when an operation requires them:
 * S3-compatible servers reject or store the SDK's default CRC32 trailers and chunked bodies. */
export function s3ClientConfig(settings: S3Settings): S3ClientConfig {
  return {
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

/** The object's key in the S3 bucket: the site's bucket is its prefix. */
export function objectKey(bucket: Bucket, name: string): string {
  if (!isValidObjectName(name)) throw new Error(`Invalid object name: ${name}`);
  return `${bucket}/${name}`;
}

const status = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : (error as { status?: number })?.status;
const isMissing = (error: unknown) =>
  status(error) === 404 || (error instanceof S3ServiceException && ["NoSuchKey", "NotFound"].includes(error.name));
const isTaken = (error: unknown) => status(error) === 412;

async function collect(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export type S3StorageOptions = {
  /** A client of one's own (tests: a request handler that captures what is sent). */
  client?: S3Client;
  /** Keys per listing page (S3's maximum is 1000); smaller in tests to go through several pages. */
  listPageSize?: number;
};

export class S3Storage implements Storage {
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly listPageSize: number | undefined;
  /** Names putNew is writing in this process: two uploads in the same millisecond get two names. */
  private readonly reserved = new Set<string>();

  constructor(
    private readonly settings: S3Settings,
    { client, listPageSize }: S3StorageOptions = {},
  ) {
    this.client = client ?? new S3Client(s3ClientConfig(settings));
    this.bucket = settings.bucket;
    this.listPageSize = listPageSize;
  }

  /** Streams body to the key: one PUT for a small body, a multipart upload in PART_SIZE parts for a
   * larger one (a failed one is aborted, leaving no parts behind). */
  private async upload(key: string, body: Buffer | Readable, contentType: string, ifNoneMatch?: "*") {
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: body,
        ContentType: contentType,
        ...(ifNoneMatch ? { IfNoneMatch: ifNoneMatch } : {}),
      },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
    });
    await upload.done();
  }

  async put(bucket: Bucket, name: string, body: Buffer | Readable, contentType: string): Promise<void> {
    checkStoredName(name, contentType);
    await this.upload(objectKey(bucket, name), body, contentType);
  }

  /**
   * Never overwrites. A name taken in S3 (HEAD) or being written by this process moves the timestamp
   * on, as the local storage does. Between instances, the write is conditional (If-None-Match: *, on
   * the PUT or on completing the multipart upload): AWS S3, MinIO, R2 and Ceph refuse to replace an
   * existing object, and a refused Buffer is stored under the next name. A refused stream cannot be
   * sent again and fails (two instances, one bucket, the same millisecond). fauxqs ignores the
   * condition, which is why the HEAD and the reservation come first.
   */
  async putNew(bucket: Bucket, prefix: string, ext: string, body: Buffer | Readable, contentType: string) {
    checkStoredName(objectName(prefix, ext, 0), contentType);
    for (let now = Date.now(); ; now += 1) {
      const name = objectName(prefix, ext, now);
      const key = objectKey(bucket, name);
      if (this.reserved.has(key)) continue;
      this.reserved.add(key);
      try {
        if (await this.stat(bucket, name)) continue;
        await this.upload(key, body, contentType, "*");
        return name;
      } catch (error) {
        if (isTaken(error) && Buffer.isBuffer(body)) continue;
        throw error;
      } finally {
        this.reserved.delete(key);
      }
    }
  }

  private async get(bucket: Bucket, name: string, range?: string, signal?: AbortSignal) {
    if (!isValidObjectName(name)) return null;
    try {
      const result = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: objectKey(bucket, name), Range: range }),
        signal ? { abortSignal: signal } : {},
      );
      return { body: result.Body as Readable, size: result.ContentLength ?? 0 };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async read(bucket: Bucket, name: string, { maxBytes }: { maxBytes?: number } = {}): Promise<Buffer | null> {
    const object = await this.get(bucket, name);
    if (!object) return null;
    // The length comes with the headers: a body over the bound is dropped before it is read.
    if (maxBytes !== undefined && object.size > maxBytes) {
      object.body.destroy();
      throw new ObjectTooLargeError(object.size, maxBytes);
    }
    return collect(object.body);
  }

  async readStream(bucket: Bucket, name: string): Promise<Readable | null> {
    return (await this.get(bucket, name))?.body ?? null;
  }

  async readHead(bucket: Bucket, name: string, length: number): Promise<Buffer | null> {
    try {
      const object = await this.get(bucket, name, `bytes=0-${length - 1}`);
      return object ? await collect(object.body) : null;
    } catch (error) {
      // 416: the object exists but is empty.
      if (status(error) === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async readRange(
    bucket: Bucket,
    name: string,
    { start, end }: ByteRange,
    { signal }: { signal?: AbortSignal } = {},
  ): Promise<Readable | null> {
    return (await this.get(bucket, name, `bytes=${start}-${end}`, signal))?.body ?? null;
  }

  async head(bucket: Bucket, name: string): Promise<ObjectInfo | null> {
    if (!isValidObjectName(name)) return null;
    try {
      const result = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: objectKey(bucket, name) }),
      );
      return {
        name,
        size: result.ContentLength ?? 0,
        createdAt: result.LastModified ?? new Date(0),
        etag: result.ETag ?? `"${result.ContentLength ?? 0}"`,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(bucket: Bucket, name: string): Promise<StoredObject | null> {
    const info = await this.head(bucket, name);
    return info && { name: info.name, size: info.size, createdAt: info.createdAt };
  }

  async delete(bucket: Bucket, name: string): Promise<void> {
    if (!isValidObjectName(name)) return;
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: objectKey(bucket, name) }));
  }

  /** S3 lists in key order only: every page of the prefix is read, then sorted newest first (the hero
   * video bucket holds a handful; the sweep needs them all anyway). */
  async list(bucket: Bucket, limit = 100): Promise<StoredObject[]> {
    const prefix = `${bucket}/`;
    const objects: StoredObject[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          Prefix: prefix,
          ContinuationToken: token,
          MaxKeys: this.listPageSize,
        }),
      );
      for (const item of page.Contents ?? []) {
        const name = item.Key?.slice(prefix.length) ?? "";
        // Keys deeper than '<bucket>/<name>' are not objects of that bucket.
        if (!isValidObjectName(name)) continue;
        objects.push({ name, size: item.Size ?? 0, createdAt: item.LastModified ?? new Date(0) });
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    objects.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
    return objects.slice(0, limit);
  }

  publicUrl(bucket: Bucket, name: string): string {
    const base = this.settings.publicUrl;
    return base ? `${base}/${bucket}/${encodeURIComponent(name)}` : `/media/${bucket}/${encodeURIComponent(name)}`;
  }
}

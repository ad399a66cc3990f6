// What S3-compatible test servers cannot check: they verify no signature. The client is built from the
// settings, every request it sends is captured by a request handler of our own, and its SigV4
// signature is computed again here, independently, from the captured request.
import { GetObjectCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import { createHash, createHmac } from "node:crypto";
import { Readable } from "node:stream";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loadConfig, loadS3Settings, type S3Settings } from "../config";
import { objectKey, S3Storage, s3ClientConfig } from "./s3";

const SETTINGS: S3Settings = {
  bucket: "media-bucket",
  endpoint: "http://minio.example:9000",
  region: "ca-central-1",
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
  forcePathStyle: true,
  publicUrl: undefined,
};

type Sent = {
  method: string;
  hostname: string;
  port?: number;
  path: string;
  query: Record<string, string | string[] | null>;
  headers: Record<string, string>;
  body?: unknown;
};
type Answer = { statusCode: number; headers?: Record<string, string>; body?: string };

/** A client whose requests are recorded and answered by `answer` instead of going out. */
function capturingClient(settings: S3Settings, answer: (request: Sent) => Answer = () => ({ statusCode: 200 })) {
  const sent: Sent[] = [];
  const client = new S3Client({
    ...s3ClientConfig(settings),
    requestHandler: {
      handle: async (request: Sent) => {
        sent.push(request);
        // Bodies are read as a server would, so streamed uploads complete.
        if (request.body instanceof Readable) for await (const _ of request.body);
        const { statusCode, headers = {}, body = "" } = answer(request);
        return { response: { statusCode, headers, body: Readable.from([Buffer.from(body)]) } };
      },
    },
  });
  return { client, sent };
}

const header = (request: Sent, name: string) =>
  Object.entries(request.headers).find(([key]) => key.toLowerCase() === name)?.[1];

const hmac = (key: Buffer | string, text: string) => createHmac("sha256", key).update(text).digest();
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const rfc3986 = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** AWS Signature Version 4 of a captured request, computed from its parts (the AWS documentation's
 * steps: canonical request, string to sign, derived key). */
function signatureOf(request: Sent, secret: string): string {
  const authorization = header(request, "authorization")!;
  const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)![1]!;
  const scope = /Credential=[^/]+\/([^,]+)/.exec(authorization)![1]!;
  const [date, region, service] = scope.split("/") as [string, string, string];
  const query = Object.entries(request.query)
    .flatMap(([key, value]) =>
      (Array.isArray(value) ? value : [value ?? ""]).map((v) => `${rfc3986(key)}=${rfc3986(v)}`),
    )
    .sort()
    .join("&");
  const canonicalHeaders = signedHeaders
    .split(";")
    .map((name) => `${name}:${(header(request, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    request.path,
    query,
    canonicalHeaders,
    signedHeaders,
    header(request, "x-amz-content-sha256"),
  ].join("\n");
  const stringToSign = ["AWS4-HMAC-SHA256", header(request, "x-amz-date"), scope, sha256(canonicalRequest)].join("\n");
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
  return hmac(key, stringToSign).toString("hex");
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the S3 client built from the settings", () => {
  it("has the endpoint, region, path style, credentials and checksums only when required", async () => {
    const config = s3ClientConfig(SETTINGS);
    expect(config).toMatchObject({
      region: "ca-central-1",
      endpoint: "http://minio.example:9000",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: SETTINGS.secretAccessKey },
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
    // Without keys, the SDK's own chain (environment, instance role) is left to find them.
    const bare = s3ClientConfig({
      ...SETTINGS,
      endpoint: undefined,
      accessKeyId: undefined,
      secretAccessKey: undefined,
    });
    expect(bare).not.toHaveProperty("credentials");
    expect(bare).not.toHaveProperty("endpoint");
    const client = new S3Client(config);
    expect(await client.config.requestChecksumCalculation()).toBe("WHEN_REQUIRED");
    expect(await client.config.responseChecksumValidation()).toBe("WHEN_REQUIRED");
  });

  it("signs each request with the credentials and the scope of the region (SigV4, fixed clock)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T12:34:56Z"));
    const { client, sent } = capturingClient(SETTINGS, () => ({ statusCode: 200, body: "contenu" }));
    await client.send(new GetObjectCommand({ Bucket: "media-bucket", Key: "gallery-images/photo-1.webp" }));
    const [request] = sent;
    expect(request!.hostname).toBe("minio.example");
    expect(request!.path).toBe("/media-bucket/gallery-images/photo-1.webp");
    expect(header(request!, "x-amz-date")).toBe("20261124T123456Z");
    const authorization = header(request!, "authorization")!;
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/20261124\/ca-central-1\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*host;[a-z0-9;-]*x-amz-content-sha256;x-amz-date[a-z0-9;-]*, Signature=[0-9a-f]{64}$/,
    );
    // An empty payload's hash: a GET sends no body.
    expect(header(request!, "x-amz-content-sha256")).toBe(sha256(""));
    const signature = /Signature=([0-9a-f]{64})/.exec(authorization)![1];
    expect(signature).toBe(signatureOf(request!, SETTINGS.secretAccessKey!));
    expect(signature).not.toBe(signatureOf(request!, "another-secret"));
  });

  it("signs a listing's query string too, and addresses the bucket by host without path style", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-24T00:00:00Z"));
    const aws = { ...SETTINGS, endpoint: undefined, forcePathStyle: false };
    const { client, sent } = capturingClient(aws, () => ({
      statusCode: 200,
      body: "<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>",
    }));
    await client.send(new ListObjectsV2Command({ Bucket: "media-bucket", Prefix: "homepage-videos/", MaxKeys: 5 }));
    const [request] = sent;
    expect(request!.hostname).toBe("media-bucket.s3.ca-central-1.amazonaws.com");
    expect(request!.query).toMatchObject({ "list-type": "2", prefix: "homepage-videos/", "max-keys": "5" });
    expect(/Signature=([0-9a-f]{64})/.exec(header(request!, "authorization")!)![1]).toBe(
      signatureOf(request!, SETTINGS.secretAccessKey!),
    );
  });
});

describe("S3Storage requests", () => {
  it("puts '<bucket>/<name>' keys, never overwriting (If-None-Match: *), without checksum trailers", async () => {
    const { client, sent } = capturingClient(SETTINGS, (request) =>
      request.method === "HEAD" ? { statusCode: 404 } : { statusCode: 200, headers: { etag: '"e"' } },
    );
    const storage = new S3Storage(SETTINGS, { client });
    const name = await storage.putNew("gallery-images", "gallery", "webp", Buffer.from("image"), "image/webp");
    expect(name).toMatch(/^gallery-\d{13}\.webp$/);
    const put = sent.find((r) => r.method === "PUT")!;
    expect(put.path).toBe(`/media-bucket/gallery-images/${name}`);
    expect(header(put, "if-none-match")).toBe("*");
    expect(header(put, "content-type")).toBe("image/webp");
    expect(Object.keys(put.headers).filter((key) => /checksum|trailer/i.test(key))).toEqual([]);
    expect(header(put, "content-encoding") ?? "").not.toMatch(/aws-chunked/);
    expect(signatureOf(put, SETTINGS.secretAccessKey!)).toBe(
      /Signature=([0-9a-f]{64})/.exec(header(put, "authorization")!)![1],
    );
  });

  it("moves the timestamp on when the server refuses the name (412), and fails a stream it cannot resend", async () => {
    const refusal =
      "<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>";
    let refuse = 1;
    const { client, sent } = capturingClient(SETTINGS, (request) => {
      if (request.method === "HEAD") return { statusCode: 404 };
      if (refuse-- > 0) return { statusCode: 412, body: refusal };
      return { statusCode: 200, headers: { etag: '"e"' } };
    });
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    const storage = new S3Storage(SETTINGS, { client });
    expect(await storage.putNew("product-images", "product", "png", Buffer.from("x"), "image/png")).toBe(
      "product-1800000000001.png",
    );
    expect(sent.filter((r) => r.method === "PUT").map((r) => r.path)).toEqual([
      "/media-bucket/product-images/product-1800000000000.png",
      "/media-bucket/product-images/product-1800000000001.png",
    ]);
    refuse = 1;
    await expect(
      storage.putNew("product-images", "product", "png", Readable.from([Buffer.from("x")]), "image/png"),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 412 } });
    vi.restoreAllMocks();
  });

  it("builds keys from valid names only, and links to /media or to S3_PUBLIC_URL", () => {
    expect(objectKey("homepage-videos", "video-1.mp4")).toBe("homepage-videos/video-1.mp4");
    expect(() => objectKey("homepage-videos", "../secret")).toThrow();
    expect(() => objectKey("homepage-videos", "a/b.mp4")).toThrow();
    const { client } = capturingClient(SETTINGS);
    expect(new S3Storage(SETTINGS, { client }).publicUrl("gallery-images", "gallery-1.webp")).toBe(
      "/media/gallery-images/gallery-1.webp",
    );
    const cdn = new S3Storage({ ...SETTINGS, publicUrl: "https://cdn.example/site" }, { client });
    expect(cdn.publicUrl("gallery-images", "gallery-1.webp")).toBe(
      "https://cdn.example/site/gallery-images/gallery-1.webp",
    );
  });
});

describe("S3 settings", () => {
  it("are off without S3_BUCKET, and complete with it", () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(
      loadS3Settings({
        S3_BUCKET: "site",
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_ACCESS_KEY_ID: "a",
        S3_SECRET_ACCESS_KEY: "b",
        S3_FORCE_PATH_STYLE: "true",
        S3_PUBLIC_URL: "https://cdn.example/site/",
      }),
    ).toEqual({
      bucket: "site",
      endpoint: "http://127.0.0.1:9000",
      region: "us-east-1",
      accessKeyId: "a",
      secretAccessKey: "b",
      forcePathStyle: true,
      publicUrl: "https://cdn.example/site",
    });
    expect(loadS3Settings({ S3_BUCKET: "site", S3_REGION: "ca-central-1" })).toMatchObject({
      region: "ca-central-1",
      endpoint: undefined,
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it("refuse a half-done setup with a French message", () => {
    expect(() => loadS3Settings({ S3_BUCKET: "site" })).toThrow(/S3_REGION/);
    expect(() => loadS3Settings({ S3_BUCKET: "site", S3_REGION: "x", S3_ACCESS_KEY_ID: "a" })).toThrow(/vont ensemble/);
    expect(() => loadS3Settings({ S3_ENDPOINT: "http://s3.example" })).toThrow(/sans S3_BUCKET/);
    expect(() => loadS3Settings({ S3_BUCKET: "site", S3_ENDPOINT: "s3.example" })).toThrow(/adresse http/);
    expect(() => loadS3Settings({ S3_BUCKET: "site", S3_REGION: "x", S3_PUBLIC_URL: "ftp://x" })).toThrow(
      /S3_PUBLIC_URL doit être/,
    );
  });
});

import { startFauxqs } from "fauxqs";

export type TestS3 = {
  /** The S3_* settings of a site storing its media on this server. */
  env: Record<string, string>;
  /** Removes every object (between tests that need an empty bucket). */
  empty(): void;
  stop(): Promise<void>;
};

let count = 0;

/** An S3-compatible server in this process (fauxqs, on a free port) with one empty bucket. It checks no
 * signature: the signing is covered by unit tests (server/storage/s3.test.ts). */
export async function startTestS3(): Promise<TestS3> {
  const server = await startFauxqs({ port: 0, logger: false, host: "127.0.0.1" });
  const bucket = `site-test-${process.pid}-${++count}`;
  server.createBucket(bucket);
  return {
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: `http://127.0.0.1:${server.port}`,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test",
      S3_FORCE_PATH_STYLE: "1",
    },
    empty: () => server.emptyBucket(bucket),
    stop: () => server.stop(),
  };
}

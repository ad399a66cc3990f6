import type { IncomingMessage } from "node:http";
import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BodyTooLarge, readBoundedBody } from "./body";

/** A request body of `chunks` chunks of 16 KiB that counts how many the reader pulled. */
function body(chunks: number, headers: Record<string, string> = {}) {
  let pulled = 0;
  const stream = new Readable({
    highWaterMark: 0,
    read() {
      pulled++;
      this.push(pulled > chunks ? null : Buffer.alloc(16 * 1024, 97));
    },
  });
  return { request: Object.assign(stream, { headers }) as unknown as IncomingMessage, pulled: () => pulled };
}

describe("readBoundedBody", () => {
  it("reads a body within the limit", async () => {
    const { request } = body(3);
    expect((await readBoundedBody(request, 64 * 1024)).length).toBe(48 * 1024);
  });

  it("refuses a declared Content-Length over the limit without reading anything", async () => {
    const { request, pulled } = body(1000, { "content-length": String(300 * 1024 * 1024) });
    await expect(readBoundedBody(request, 8 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    expect(pulled()).toBe(0);
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    const { request, pulled } = body(10_000);
    await expect(readBoundedBody(request, 64 * 1024)).rejects.toBeInstanceOf(BodyTooLarge);
    // 64 KiB is four chunks: the fifth passes the limit; the stream may have buffered one more.
    expect(pulled()).toBeLessThanOrEqual(7);
  });
});

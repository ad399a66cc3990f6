import type { IncomingMessage } from "node:http";

export class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body over ${limit} bytes`);
  }
}

/** Reads a request body of at most `limit` bytes. A declared Content-Length over the limit is
 * refused before anything is read; a chunked body is refused as soon as it passes the limit, so the
 * memory a request takes never grows with what the client sends. */
export function readBoundedBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(request.headers["content-length"]);
  if (declared > limit) return Promise.reject(new BodyTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        stop();
        request.pause();
        reject(new BodyTooLarge(limit));
      } else chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(Buffer.concat(chunks, size));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
  });
}

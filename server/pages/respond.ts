// Writing a page out: a rendered response as it streams, or a stored snapshot with its ETag, policy and
// the compressed copy the client accepts.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { Request, RequestHandler, Response } from "express";
import type { CachedPage, Encoding, PageCache, PageSnapshot } from "./page-cache";

/** A function of a request header, remembered for the values seen most (bounded: emptied when full).
 * The first argument is the header, the one the result depends on. */
export function memoize<Rest extends unknown[], T>(compute: (input: string, ...rest: Rest) => T, max = 1000) {
  const values = new Map<string, T>();
  return (input: string, ...rest: Rest): T => {
    if (values.has(input)) return values.get(input)!;
    const value = compute(input, ...rest);
    if (values.size >= max) values.clear();
    values.set(input, value);
    return value;
  };
}

/** Brotli whenever it is accepted: browsers list gzip first ("gzip, deflate, br, zstd"), and a choice in
 * the header's order would give every one of them the larger copy. */
export function chooseEncoding(req: Request): Encoding | null {
  if (req.acceptsEncodings("br") === "br") return "br";
  return req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null;
}

/** Runs the on-the-fly compression middleware, which wraps the response's writes. */
export function compressOnTheFly(compress: RequestHandler, req: Request, res: Response): Promise<void> {
  return new Promise<void>((resolve) => void compress(req, res, () => resolve()));
}

/** A rendered response as it streams. */
export async function send(res: Response, response: globalThis.Response, { personal }: { personal: boolean }) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Staff pages (contact requests' personal data), pages for a signed-in person, answers to a form:
  // never kept by a browser or a proxy.
  if (personal) res.setHeader("Cache-Control", "private, no-store");
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** A snapshot nobody else gets (a redirect, an error passed on to whoever asked at the same moment). */
export function sendOneOff(req: Request, res: Response, snapshot: PageSnapshot) {
  writeHead(res, snapshot);
  sendBody(req, res, snapshot.body);
}

type Stored = { page: CachedPage; pages: PageCache; cacheControl: string; encoding: Encoding | null };

/** A stored page: 304 when the browser has it, else the copy compressed as the client accepts. */
export async function sendStored(req: Request, res: Response, { page, pages, cacheControl, encoding }: Stored) {
  const { snapshot } = page;
  writeHead(res, snapshot);
  if (snapshot.contentSecurityPolicy) res.setHeader("Content-Security-Policy", snapshot.contentSecurityPolicy);
  if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", cacheControl);
  res.setHeader("ETag", snapshot.etag);
  // Different for a signed-in person, and for each compression.
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  if (snapshot.status === 200 && matchesETag(req.get("if-none-match"), snapshot.etag)) {
    return void res.status(304).end();
  }
  if (!encoding) return sendBody(req, res, snapshot.body);
  const body = await pages.encoded(page, encoding);
  res.setHeader("Content-Encoding", encoding);
  sendBody(req, res, body);
}

function writeHead(res: Response, snapshot: PageSnapshot) {
  res.status(snapshot.status);
  for (const [name, value] of snapshot.headers) res.append(name, value);
}

function sendBody(req: Request, res: Response, body: Buffer) {
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Whether the browser's copy is this one (weak comparison, as for any GET). A request's
 * 'Cache-Control: no-cache' asks caches on the way to check with us: we are the ones to say 304. */
function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return (ifNoneMatch ?? "").split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

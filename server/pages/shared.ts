// A visitor's page from the page cache: looked up under its key and content version, or rendered once
// for everyone (whole, for no one in particular) and stored.
import type { Request, Response } from "express";
import { createHmac } from "node:crypto";
import { contentSecurityPolicy } from "../security";
import type { PageCaching, Pipeline } from "./pipeline";
import { isShareable, snapshotOf, type PageSnapshot } from "./page-cache";
import { isDataRequestKey } from "./page-key";
import { compressOnTheFly, send, sendOneOff, sendStored } from "./respond";

/** When a client navigation's data streams to its first visitor, the moment that response is done. */
type Streaming = { sent?: Promise<void> };

/** Answers a visitor's read of `key` from the cache; false when the caller must render it itself (a
 * one-off that sets a cookie, rendered for someone else at the same moment). */
export async function answerFromCache(
  pipeline: Pipeline,
  caching: PageCaching,
  key: string,
  req: Request,
  res: Response,
): Promise<boolean> {
  const version = await caching.version.current();
  const streaming: Streaming = {};
  const { page, snapshot, leader } = await caching.pages.get(version, key, () =>
    renderForEveryone(pipeline, caching, { req, res, key, streaming }),
  );
  if (streaming.sent) return await streaming.sent.then(() => true);
  // A redirect or an error is passed on to whoever asked at the same moment, unless it sets a cookie.
  if (!page && !leader && setsCookie(snapshot)) return false;
  res.setHeader("X-Cache", leader ? "miss" : "hit");
  if (!page) sendOneOff(req, res, snapshot);
  else {
    const encoding = pipeline.encoding(req.get("accept-encoding") ?? "", req);
    await sendStored(req, res, { page, pages: caching.pages, cacheControl: caching.cacheControl, encoding });
  }
  return true;
}

function setsCookie(snapshot: PageSnapshot): boolean {
  return snapshot.headers.some(([name]) => name.toLowerCase() === "set-cookie");
}

/** Style elements still need a nonce (dialogs add theirs at run time): one per page, the same in every
 * copy. Scripts are allowed by their hashes instead. */
function styleNonce(secret: string, key: string): string {
  return createHmac("sha256", secret).update(`page-style-nonce ${key}`).digest("base64").slice(0, 22);
}

type Asker = { req: Request; res: Response; key: string; streaming: Streaming };

/**
 * A visitor's page for the cache: rendered for `key` (its canonical URL), whole, for no one in
 * particular. A client navigation's data streams to the visitor who asked first as it is made (its
 * deferred data behind their placeholders while it loads; `streaming.sent` then says when that
 * response is done), and the cache keeps the whole for the next ones.
 */
async function renderForEveryone(
  pipeline: Pipeline,
  caching: PageCaching,
  { req, res, key, streaming }: Asker,
): Promise<PageSnapshot> {
  const nonce = styleNonce(caching.secret, key);
  const data = isDataRequestKey(key);
  // 'empty' is what a browser's fetch() sends: the loaders then defer what they may (deferred.ts).
  const headers = { accept: req.get("accept") ?? "*/*", ...(data ? { "sec-fetch-dest": "empty" } : {}) };
  const context = await pipeline.getLoadContext(req, res, { nonce, user: null, shared: true });
  let response = await pipeline.render(new Request(caching.origin + key, { headers }), context);
  if (data && response.body && isShareable(response)) {
    const [live, whole] = response.body.tee();
    streaming.sent = sendFirstCopy(pipeline, caching, req, res, new Response(live, response));
    streaming.sent.catch(() => {}); // awaited by the caller, unless the render itself failed
    response = new Response(whole, response);
  }
  return snapshotOf(response, (scriptHashes) =>
    contentSecurityPolicy({ dev: false, scripts: scriptHashes, styles: [`'nonce-${nonce}'`], media: caching.media }),
  );
}

/** The first copy of a client navigation's data, sent as it is rendered, compressed on the fly. */
async function sendFirstCopy(
  pipeline: Pipeline,
  caching: PageCaching,
  req: Request,
  res: Response,
  response: globalThis.Response,
) {
  await compressOnTheFly(pipeline.compress, req, res);
  res.setHeader("X-Cache", "miss");
  res.setHeader("Cache-Control", caching.cacheControl);
  res.setHeader("Vary", "Cookie, Accept-Encoding");
  await send(res, response, { personal: false });
}

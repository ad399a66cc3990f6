// React Router behind Express: builds the Fetch Request from Express's request (with a bounded body)
// and writes the Response back. Owning these few lines, rather than using the Express adapter, lets
// the body be limited per route before React Router reads it.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createHmac } from "node:crypto";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_SECURE } from "../auth/sessions";
import type { ContentVersion } from "../cache/content-version";
import {
  isShareable,
  snapshotOf,
  type CachedPage,
  type Encoding,
  type PageCache,
  type PageSnapshot,
} from "../cache/page-cache";
import { isDataRequestKey, pageCacheKey } from "../cache/page-key";
import type { RequestInfo } from "../context";
import { FLASH_COOKIE } from "../flash";
import { contentSecurityPolicy } from "../security";
import { BodyTooLarge, readBoundedBody } from "./body";
import { cleanBody, cleanQuery } from "./input";

/** Body limits: forms that visitors send (the contact form's longest field is 5,000 characters,
 * up to 9 bytes each once encoded), the rest of the public site (login, logout), staff forms. */
export const BODY_LIMITS = { contact: 64 * 1024, public: 8 * 1024, staff: 1024 * 1024 } as const;

export const TOO_LARGE = "Votre demande est trop volumineuse. Veuillez raccourcir votre message.";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);
type LoadContext = (req: Request, res: Response, info?: Partial<RequestInfo>) => Promise<RouterContextProvider>;

/** The visitors' page cache and what it needs. */
export type PageCaching = {
  pages: PageCache;
  version: ContentVersion;
  /** Origin the cached pages are rendered for (the site's public URL): never the request's Host. */
  origin: string;
  /** Keys the nonce of a cached page's style elements. */
  secret: string;
  /** Cache-Control of a visitor's page, for a CDN or proxy in front. */
  cacheControl: string;
  /** Origins pictures and videos come from besides the site (S3_PUBLIC_URL), for the CSP. */
  media?: string[];
};

type Options = {
  build: BuildSource;
  getLoadContext: LoadContext;
  caching?: PageCaching | null;
  /** Compresses a rendered response on the fly; cached pages carry their own compressed copies (and
   * skip the middleware, whose per-response work kept the server about 45 MB larger under load). */
  compress: RequestHandler;
};

/** Cookies that make a response personal: a staff session, a one-time toast. */
const PERSONAL_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:${[SESSION_COOKIE_SECURE, SESSION_COOKIE_PLAIN, FLASH_COOKIE].join("|")})=`,
);

/** Whether the request is a visitor's read that every visitor would get the same answer to. */
export function isVisitorRead(method: string, cookieHeader: string | undefined, staff: boolean): boolean {
  return (method === "GET" || method === "HEAD") && !staff && !PERSONAL_COOKIE.test(cookieHeader ?? "");
}

/** The first path segment of every route under the guarded layout ('edit', 'edit-products', …),
 * read from the route table of the build. */
export function guardedSegments(build: ServerBuild): Set<string> {
  const guarded = Object.values(build.routes).filter((route) => route?.parentId === "routes/_guarded");
  return new Set(guarded.map((route) => (route?.path ?? "").split("/")[0]!).filter(Boolean));
}

/** Results of a pure function of a request header, kept for the values seen most (bounded: emptied
 * when full). */
class Memo<T> {
  private readonly values = new Map<string, T>();
  constructor(private readonly max = 1000) {}
  get(input: string, compute: () => T): T {
    if (this.values.has(input)) return this.values.get(input)!;
    const value = compute();
    if (this.values.size >= this.max) this.values.clear();
    this.values.set(input, value);
    return value;
  }
}

/** What the handler needs of the build's route table. */
function routeFacts(build: ServerBuild) {
  return { staffSegments: guardedSegments(build), routeIds: new Set(Object.keys(build.routes)) };
}

/** A path's first segment, without the '.data' suffix of a client navigation's data request. */
function firstSegment(pathname: string): string {
  return (pathname.split("/")[1] ?? "").replace(/\.data$/, "").toLowerCase();
}

export function pageHandler({ build, getLoadContext, caching, compress }: Options) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const routes = typeof build === "function" ? build().then(routeFacts) : Promise.resolve(routeFacts(build));

  // Visitors ask for the same few URLs and encodings over and over: worked out once each.
  const keys = new Memo<string | null>();
  const encodings = new Memo<Encoding | null>();

  /**
   * A visitor's page for the cache: rendered for `key` (its canonical URL), whole, for no one in
   * particular. A client navigation's data streams to the visitor who asked first as it is made (its
   * deferred data behind their placeholders, as the spec shows while it loads; `streaming.sent` then
   * says when that response is done), and the cache keeps the whole for the next ones.
   */
  async function renderShared(
    req: Request,
    res: Response,
    key: string,
    cache: PageCaching,
    streaming: { sent?: Promise<void> },
  ): Promise<PageSnapshot> {
    // Style elements still need a nonce (dialogs add theirs at run time); one per page, the same in every
    // copy. Scripts are allowed by their hashes instead.
    const nonce = createHmac("sha256", cache.secret).update(`page-style-nonce ${key}`).digest("base64").slice(0, 22);
    const data = isDataRequestKey(key);
    // 'empty' is what a browser's fetch() sends: the loaders then defer what they may (deferred.ts).
    const headers = { accept: req.get("accept") ?? "*/*", ...(data ? { "sec-fetch-dest": "empty" } : {}) };
    const request = new Request(cache.origin + key, { headers });
    let response = await handle(request, await getLoadContext(req, res, { nonce, user: null, shared: true }));
    if (data && response.body && isShareable(response)) {
      const [live, whole] = response.body.tee();
      const sent = sendFirstCopy(req, res, new Response(live, response), cache);
      sent.catch(() => {}); // awaited by the caller, unless the render itself failed
      streaming.sent = sent;
      response = new Response(whole, response);
    }
    return snapshotOf(response, (scriptHashes) =>
      contentSecurityPolicy({ dev: false, scripts: scriptHashes, styles: [`'nonce-${nonce}'`], media: cache.media }),
    );
  }

  /** The first copy of a client navigation's data, sent as it is rendered, compressed on the fly. */
  async function sendFirstCopy(req: Request, res: Response, response: globalThis.Response, cache: PageCaching) {
    await new Promise<void>((resolve) => void compress(req, res, () => resolve()));
    res.setHeader("X-Cache", "miss");
    res.setHeader("Cache-Control", cache.cacheControl);
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    await send(res, response, { personal: false });
  }

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const segment = firstSegment(req.path);
      const { staffSegments, routeIds } = await routes;
      const staff = staffSegments.has(segment);
      const visitorRead = isVisitorRead(req.method, req.headers.cookie, staff);
      if (caching && visitorRead) {
        // The rendered URL, so cleaned as any request is: no control character reaches a loader.
        const key = keys.get(req.originalUrl, () => pageCacheKey(cleanQuery(req.originalUrl), routeIds));
        if (key) {
          const version = await caching.version.current();
          const streaming: { sent?: Promise<void> } = {};
          const { page, snapshot, leader } = await caching.pages.get(version, key, () =>
            renderShared(req, res, key, caching, streaming),
          );
          if (streaming.sent) return await streaming.sent;
          // A redirect or an error is passed on to whoever asked at the same moment, unless it sets a cookie.
          if (page || leader || !snapshot.headers.some(([name]) => name.toLowerCase() === "set-cookie")) {
            res.setHeader("X-Cache", leader ? "miss" : "hit");
            return await sendSnapshot(req, res, snapshot, page && { page, caching, encodings });
          }
        }
      }
      await new Promise<void>((resolve) => void compress(req, res, () => resolve()));
      const limit = staff ? BODY_LIMITS.staff : segment === "contact" ? BODY_LIMITS.contact : BODY_LIMITS.public;
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const body = hasBody ? cleanBody(await readBoundedBody(req, limit), req.get("content-type")) : undefined;

      const controller = new AbortController();
      res.on("close", () => {
        if (!res.writableFinished) controller.abort();
      });
      const headers = new Headers();
      for (const [key, value] of Object.entries(req.headers)) {
        if (key === "content-length") continue; // the body may have been cleaned
        for (const item of [value ?? []].flat()) headers.append(key, item);
      }
      const request = new Request(`${req.protocol}://${req.host}${cleanQuery(req.originalUrl)}`, {
        method: req.method,
        headers,
        body: body ? new Uint8Array(body) : undefined,
        signal: controller.signal,
      });
      const response = await handle(request, await getLoadContext(req, res));
      // A form may have changed the content: the next page asks for the version again, even one asked
      // for by this form's client as soon as it sees the status (before the change is announced).
      if (hasBody) caching?.version.forget();
      await send(res, response, { personal: !visitorRead });
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuseTooLarge(res);
      next(error);
    }
  };
}

async function send(res: Response, response: globalThis.Response, { personal }: { personal: boolean }) {
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

/** A snapshot as one response: from the cache (with its ETag, policy and a compressed copy the client
 * accepts), or a one-off (a redirect). */
async function sendSnapshot(
  req: Request,
  res: Response,
  snapshot: PageSnapshot,
  cached: { page: CachedPage; caching: PageCaching; encodings: Memo<Encoding | null> } | null,
) {
  res.status(snapshot.status);
  for (const [name, value] of snapshot.headers) res.append(name, value);
  let body = snapshot.body;
  if (cached) {
    if (snapshot.contentSecurityPolicy) res.setHeader("Content-Security-Policy", snapshot.contentSecurityPolicy);
    if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", cached.caching.cacheControl);
    res.setHeader("ETag", snapshot.etag);
    // Different for a signed-in person, and for each compression.
    res.setHeader("Vary", "Cookie, Accept-Encoding");
    if (snapshot.status === 200 && matchesETag(req.get("if-none-match"), snapshot.etag)) {
      return void res.status(304).end();
    }
    const accepted = req.get("accept-encoding") ?? "";
    // Brotli whenever it is accepted: browsers list gzip first ("gzip, deflate, br, zstd"), and a
    // choice in the header's order would give every one of them the larger copy.
    const encoding = cached.encodings.get(accepted, () =>
      req.acceptsEncodings("br") === "br" ? "br" : req.acceptsEncodings("gzip") === "gzip" ? "gzip" : null,
    );
    if (encoding) {
      body = await cached.caching.pages.encoded(cached.page, encoding);
      res.setHeader("Content-Encoding", encoding);
    }
  }
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Whether the browser's copy is this one (weak comparison, as for any GET). A request's
 * 'Cache-Control: no-cache' asks caches on the way to check with us: we are the ones to say 304. */
function matchesETag(ifNoneMatch: string | undefined, etag: string): boolean {
  const weak = (tag: string) => tag.trim().replace(/^W\//, "");
  return (ifNoneMatch ?? "").split(",").some((tag) => tag.trim() === "*" || weak(tag) === weak(etag));
}

/** 413, then the connection is closed so the rest of the body is never read. */
function refuseTooLarge(res: Response) {
  res.setHeader("Connection", "close");
  res.status(413).type("text/plain").send(TOO_LARGE);
  res.on("finish", () => res.req.socket.destroy());
}

// The page pipeline's entry: React Router behind Express. A visitor's read is answered from the page
// cache (shared.ts); anything else (staff, a signed-in person, a form) is rendered for that one request
// here, from a Fetch Request built from Express's request with a bounded body. Owning these few lines,
// rather than using the Express adapter, lets the body be limited per route before React Router reads it.
import { isPersonalSegment, takesVisitorMessages, takesVisitorPhotos } from "../../app/rules/personal-pages";
import { TICKET_PHOTO } from "../../app/rules/uploads";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { SESSION_COOKIE_PLAIN, SESSION_COOKIE_SECURE } from "../auth/sessions";
import { FLASH_COOKIE } from "../flash";
import { BodyTooLarge, readBoundedBody } from "../http/body";
import { cleanBody, cleanQuery } from "../http/input";
import { pageCacheKey } from "./page-key";
import type { LoadContext, PageCaching, Pipeline, RouteFacts } from "./pipeline";
import { chooseEncoding, compressOnTheFly, memoize, send } from "./respond";
import { answerFromCache } from "./shared";

/** Body limits: forms that visitors send (the contact form's longest field is 5,000 characters,
 * up to 9 bytes each once encoded), a machine's page (one phone photo and the form's fields), the rest
 * of the public site (login, logout), staff forms. */
export const BODY_LIMITS = {
  contact: 64 * 1024,
  photo: TICKET_PHOTO.maxBytes + 1024 * 1024,
  public: 8 * 1024,
  staff: 1024 * 1024,
} as const;

export const TOO_LARGE = "Votre demande est trop volumineuse. Veuillez raccourcir votre message.";
/** A machine's page takes one photo: a body over its limit is a photo too heavy. */
export const TOO_LARGE_PHOTO =
  "La photo dépasse 10\u00a0Mo. Revenez en arrière et choisissez-en une plus légère, ou envoyez sans photo.";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);

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
function isVisitorRead(method: string, cookieHeader: string | undefined, staff: boolean): boolean {
  return (method === "GET" || method === "HEAD") && !staff && !PERSONAL_COOKIE.test(cookieHeader ?? "");
}

/** The first path segment of every route under the guarded layout ('edit', 'edit-products', …),
 * read from the route table of the build. */
function guardedSegments(build: ServerBuild): Set<string> {
  const guarded = Object.values(build.routes).filter((route) => route?.parentId === "routes/_guarded");
  return new Set(guarded.map((route) => (route?.path ?? "").split("/")[0]!).filter(Boolean));
}

function routeFacts(build: ServerBuild): RouteFacts {
  return { staffSegments: guardedSegments(build), routeIds: new Set(Object.keys(build.routes)) };
}

/** A path's first segment, without the '.data' suffix of a client navigation's data request. */
function firstSegment(pathname: string): string {
  return (pathname.split("/")[1] ?? "").replace(/\.data$/, "").toLowerCase();
}

function bodyLimit(segment: string, staff: boolean): number {
  if (staff) return BODY_LIMITS.staff;
  if (takesVisitorPhotos(segment)) return BODY_LIMITS.photo;
  // A client's change request is as long as a contact form's message.
  return takesVisitorMessages(segment) ? BODY_LIMITS.contact : BODY_LIMITS.public;
}

export function pageHandler({ build, getLoadContext, caching, compress }: Options) {
  const pipeline: Pipeline = {
    render: createRequestHandler(build, process.env.NODE_ENV),
    routes: typeof build === "function" ? build().then(routeFacts) : Promise.resolve(routeFacts(build)),
    getLoadContext,
    caching: caching ?? null,
    compress,
    // The rendered URL, so cleaned as any request is: no control character reaches a loader.
    cacheKey: memoize((url, routeIds) => pageCacheKey(cleanQuery(url), routeIds)),
    encoding: memoize((_acceptEncoding: string, req: Request) => chooseEncoding(req)),
  };
  return (req: Request, res: Response, next: NextFunction) =>
    handlePage(pipeline, req, res).catch((error: unknown) =>
      error instanceof BodyTooLarge
        ? refuseTooLarge(res, takesVisitorPhotos(firstSegment(req.path)) ? TOO_LARGE_PHOTO : TOO_LARGE)
        : next(error),
    );
}

/** Every page request: from the cache when it is a visitor's read the cache answers, else rendered for
 * this request alone. */
async function handlePage(pipeline: Pipeline, req: Request, res: Response): Promise<void> {
  const segment = firstSegment(req.path);
  const { staffSegments, routeIds } = await pipeline.routes;
  const staff = staffSegments.has(segment);
  // A personal page (a client's proposal) is a read every visitor would not get the same answer to.
  const visitorRead = isVisitorRead(req.method, req.headers.cookie, staff) && !isPersonalSegment(segment);
  if (pipeline.caching && visitorRead) {
    const key = pipeline.cacheKey(req.originalUrl, routeIds);
    if (key && (await answerFromCache(pipeline, pipeline.caching, key, req, res))) return;
  }
  await renderForOne(pipeline, req, res, { limit: bodyLimit(segment, staff), personal: !visitorRead });
}

/** A response made for this request only: read its bounded body, render, compress on the fly. */
async function renderForOne(
  pipeline: Pipeline,
  req: Request,
  res: Response,
  { limit, personal }: { limit: number; personal: boolean },
): Promise<void> {
  await compressOnTheFly(pipeline.compress, req, res);
  const hasBody = req.method !== "GET" && req.method !== "HEAD";
  const body = hasBody ? cleanBody(await readBoundedBody(req, limit), req.get("content-type")) : undefined;
  const response = await pipeline.render(toFetchRequest(req, res, body), await pipeline.getLoadContext(req, res));
  // A form may have changed the content: the next page asks for the version again, even one asked
  // for by this form's client as soon as it sees the status (before the change is announced).
  if (hasBody) pipeline.caching?.version.forget();
  await send(res, response, { personal });
}

/** Express's request as a Fetch Request, aborted when the client goes away. */
function toFetchRequest(req: Request, res: Response, body: Buffer | undefined): globalThis.Request {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) {
    if (key === "content-length") continue; // the body may have been cleaned
    for (const item of [value ?? []].flat()) headers.append(key, item);
  }
  return new Request(`${req.protocol}://${req.host}${cleanQuery(req.originalUrl)}`, {
    method: req.method,
    headers,
    body: body ? new Uint8Array(body) : undefined,
    signal: controller.signal,
  });
}

/** 413, then the connection is closed so the rest of the body is never read. A browser's own form
 * post (no JavaScript) gets a page with a way back to the form; a script gets the sentence. */
function refuseTooLarge(res: Response, text: string) {
  res.setHeader("Connection", "close");
  const wantsPage = res.req.accepts(["text/plain", "text/html"]) === "text/html";
  if (wantsPage) res.status(413).type("text/html").send(tooLargePage(text, res.req.originalUrl));
  else res.status(413).type("text/plain").send(text);
  res.on("finish", () => res.req.socket.destroy());
}

/** The page a visitor without JavaScript sees: the sentence and a link to the form, in the site's colours. */
function tooLargePage(text: string, formUrl: string): string {
  const href = cleanQuery(formUrl).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html><html lang="fr-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Demande trop volumineuse</title></head><body style="margin:0;background:#f8f5ef;color:#0f1115;font:17px/1.55 system-ui,sans-serif"><main style="max-width:34rem;margin:0 auto;padding:3rem 1.25rem"><h1 style="font-size:1.5rem;line-height:1.25;margin:0 0 1rem">Demande trop volumineuse</h1><p style="margin:0 0 1.5rem">${text}</p><p style="margin:0"><a href="${href}" style="color:#85601f;font-weight:600">Revenir au formulaire</a></p></main></body></html>`;
}

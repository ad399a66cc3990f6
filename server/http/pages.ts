// React Router behind Express: builds the Fetch Request from Express's request (with a bounded body)
// and writes the Response back. Owning these few lines, rather than using the Express adapter, lets
// the body be limited per route before React Router reads it.
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { BodyTooLarge, readBoundedBody } from "./body";
import { cleanBody, cleanQuery } from "./input";

/** Body limits: forms that visitors send (the contact form's longest field is 5,000 characters,
 * up to 9 bytes each once encoded), the rest of the public site (login, logout), staff forms. */
export const BODY_LIMITS = { contact: 64 * 1024, public: 8 * 1024, staff: 1024 * 1024 } as const;

export const TOO_LARGE = "Votre demande est trop volumineuse. Veuillez raccourcir votre message.";

type BuildSource = ServerBuild | (() => Promise<ServerBuild>);
type Options = { build: BuildSource; getLoadContext: (req: Request, res: Response) => Promise<RouterContextProvider> };

/** The first path segment of every route under the guarded layout ('edit', 'edit-products', …),
 * read from the route table of the build. */
export function guardedSegments(build: ServerBuild): Set<string> {
  const guarded = Object.values(build.routes).filter((route) => route?.parentId === "routes/_guarded");
  return new Set(guarded.map((route) => (route?.path ?? "").split("/")[0]!).filter(Boolean));
}

/** A path's first segment, without the '.data' suffix of a client navigation's data request. */
function firstSegment(pathname: string): string {
  return (pathname.split("/")[1] ?? "").replace(/\.data$/, "").toLowerCase();
}

export function pageHandler({ build, getLoadContext }: Options) {
  const handle = createRequestHandler(build, process.env.NODE_ENV);
  const staffSegments = typeof build === "function" ? build().then(guardedSegments) : guardedSegments(build);

  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const segment = firstSegment(req.path);
      const staff = (await staffSegments).has(segment);
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
      await send(res, response, staff);
    } catch (error) {
      if (error instanceof BodyTooLarge) return refuseTooLarge(res);
      next(error);
    }
  };
}

async function send(res: Response, response: globalThis.Response, staff: boolean) {
  if (res.destroyed || res.writableEnded) return void (await response.body?.cancel());
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  // Staff pages carry contact requests' personal data: never kept by a browser or a proxy.
  if (staff) res.setHeader("Cache-Control", "private, no-store");
  if (!response.body) return void res.end();
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (!res.destroyed && !res.writableEnded) throw error;
  }
}

/** 413, then the connection is closed so the rest of the body is never read. */
function refuseTooLarge(res: Response) {
  res.setHeader("Connection", "close");
  res.status(413).type("text/plain").send(TOO_LARGE);
  res.on("finish", () => res.req.socket.destroy());
}

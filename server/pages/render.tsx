// The render step: React's HTML stream for one request, through the first-paint styles and the
// scripts-last rewrite. Called by React Router for every document (app/entry.server.tsx).
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { NonceContext } from "../../app/lib/nonce";
import { getRequestInfo } from "../context";
import { isOn } from "./mechanisms";
import { pageStyles } from "./page-styles";
import { scriptsLastStream } from "./scripts-last";

export const streamTimeout = 5_000;

/** Crawlers, SPA mode and the visitors' page cache wait for everything; people get the shell as soon as
 * it is ready. */
function readyEvent(request: Request, routerContext: EntryContext, shared: boolean | undefined) {
  const userAgent = request.headers.get("user-agent");
  return shared || (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
}

export function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, shared } = getRequestInfo(loadContext);
  const styles = pageStyles(nonce);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // React sends a finished boundary bigger than this after the rest, behind its fallback, so that
        // a streamed shell paints sooner. Our shell leaves whole (scripts-last.ts): that would only put
        // placeholders in the page and the content in a hidden element a script must reveal.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyEvent(request, routerContext, shared)]() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          const moveScripts = isOn("scripts-last");
          pipe(scriptsLastStream({ stylesheetUrl: styles.stylesheetUrl, styles, moveScripts })).pipe(body);
        },
        onShellError(error: unknown) {
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passes React's error on unchanged
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}

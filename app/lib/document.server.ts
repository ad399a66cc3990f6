// What the document shell (app/root.tsx) takes from the server: its data and the middleware that
// clears a one-time toast once shown.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../server/context";
import { clearFlashCookie, readFlash } from "../../server/flash";

/** Clears a one-time toast cookie once the page that shows it has been answered. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const { secret } = getServices(context);
  if (await readFlash(request, secret)) response.headers.append("Set-Cookie", await clearFlashCookie(secret));
  return response;
};

/** What every page's shell shows: the business facts, who is signed in, a one-time toast. */
export async function documentData(request: Request, context: Readonly<RouterContextProvider>) {
  const { config, secret } = getServices(context);
  const { user } = getRequestInfo(context);
  // The privacy officer is shown on one page, which loads it: every other page's HTML goes without.
  const { privacyOfficer: _shownOnOnePage, ...site } = config.site;
  return {
    site,
    user: user ? { username: user.username } : null,
    flash: await readFlash(request, secret),
  };
}

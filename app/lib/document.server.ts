// What the document shell (app/root.tsx) takes from the server: its data and the middleware that
// clears a one-time toast once shown.
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../server/context";
import { clearFlashCookie, readFlash } from "../../server/flash";
import { siteConfigOf } from "../features/site-texts/site-texts";
import { pageTexts } from "../features/site-texts/page-texts.server";

/** Clears a one-time toast cookie once the page that shows it has been answered. */
export const flashMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const { secret } = getServices(context);
  if (await readFlash(request, secret)) response.headers.append("Set-Cookie", await clearFlashCookie(secret));
  return response;
};

/** What every page's shell shows: the business facts (the published settings; the privacy officer,
 * shown on one page, is loaded there), who is signed in, a one-time toast. */
export async function documentData(request: Request, context: Readonly<RouterContextProvider>) {
  const { config, secret } = getServices(context);
  const { user } = getRequestInfo(context);
  const settings = await pageTexts(request, context, "settings");
  return {
    site: siteConfigOf(settings, config.site.publicUrl),
    user: user
      ? {
          id: user.id,
          username: user.username,
          name: user.name,
          roles: user.roles,
          mustAddSecondFactor: user.mustAddSecondFactor,
        }
      : null,
    flash: await readFlash(request, secret),
  };
}

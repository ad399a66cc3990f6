// What a page's loader reads of the edited texts: the published ones, or the draft for the signed-in
// staff's preview (`?apercu=1`). A preview is rendered for that one request, never for the page cache:
// a signed-in request never reaches the cache, and the cache's key drops the parameter.
import type { RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../server/context";
import { shownTexts } from "../../server/data/site-texts";
import type { SitePage, SiteTexts } from "../rules/site-texts";

type Ctx = Readonly<RouterContextProvider>;

/** The signed-in staff asked to see the drafts. */
export function isPreview(request: Request, context: Ctx): boolean {
  return Boolean(getRequestInfo(context).user) && new URL(request.url).searchParams.get("apercu") === "1";
}

export function pageTexts(request: Request, context: Ctx, page: SitePage): Promise<SiteTexts> {
  const { db, config } = getServices(context);
  return shownTexts(db, page, config.site, { preview: isPreview(request, context) });
}

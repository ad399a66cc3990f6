// What a page's loader reads of the edited texts: the published ones, or the draft for the signed-in
// staff's preview (`?apercu=1`). A preview is rendered for that one request, never for the page cache:
// a signed-in request never reaches the cache, and the cache's key drops the parameter.
import type { RouterContextProvider } from "react-router";
import { getRequestInfo, getServices } from "../../../server/context";
import { shownTexts } from "./store.server";
import { PAGE_FIELDS, type SitePage, type SiteTexts } from "./site-texts";
import { typography } from "../../lib/typography";
import { mayOpen } from "../../rules/staff-roles";

type Ctx = Readonly<RouterContextProvider>;

/** Staff who edit the pages asked to see the drafts. */
function isPreview(request: Request, context: Ctx): boolean {
  const user = getRequestInfo(context).user;
  return Boolean(user && mayOpen(user.roles, "/edit-pages")) && new URL(request.url).searchParams.get("apercu") === "1";
}

export async function pageTexts(request: Request, context: Ctx, page: SitePage): Promise<SiteTexts> {
  const { db, config } = getServices(context);
  return typeset(page, await shownTexts(db, page, config.site, { preview: isPreview(request, context) }));
}

/** The owner's texts and the site's facts in French typography (docs/decisions/2026-12-02-french-typography.md):
 * texts and phone numbers, never an address or a picture. The editor shows them as typed. */
export function typeset(page: SitePage, texts: SiteTexts): SiteTexts {
  const out = { ...texts };
  for (const { key, kind } of PAGE_FIELDS[page]) {
    if ((kind === "text" || kind === "long" || kind === "phone") && out[key]) out[key] = typography(out[key]);
  }
  return out;
}

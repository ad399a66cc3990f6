// What /edit-pages shows: one document's published values, its draft and its versions.
import type { Services } from "../../../server/context";
import { listVersions, readPageTexts } from "./store.server";
import { SITE_PAGES, type SitePage } from "~/features/site-texts/site-texts";

/** The document named by `?page=`, the settings when none or an unknown one is named. */
export function pageOf(url: string): SitePage {
  const asked = new URL(url).searchParams.get("page");
  return SITE_PAGES.find((page) => page === asked) ?? "settings";
}

export async function editPagesData({ db, config }: Services, page: SitePage) {
  const [state, versions] = await Promise.all([readPageTexts(db, page, config.site), listVersions(db, page)]);
  return {
    page,
    published: state.published,
    draft: state.draft,
    versions: versions.map((version) => ({
      id: version.id,
      account: version.account,
      changed: version.changed,
      publishedAt: version.published_at.toISOString(),
    })),
  };
}

export type EditPagesData = Awaited<ReturnType<typeof editPagesData>>;

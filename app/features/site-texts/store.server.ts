// The site's settings and page texts in the database: published values, a draft, and a version kept
// at each publish. Read by every page that shows them (the root layout for the settings) and written
// by /edit-pages. A publish moves the content version on (the table's triggers), a draft does not.
import { and, desc, eq, notInArray, sql } from "drizzle-orm";
import {
  changedFields,
  completeTexts,
  DEFAULT_TEXTS,
  PAGE_FIELDS,
  settingsFromDefaults,
  siteConfigOf,
  SITE_PAGES,
  type SettingsDefaults,
  type SitePage,
  type SiteTexts,
} from "./site-texts";
import type { SiteConfig } from "../../rules/site";
import type { Db } from "../../../server/db/client";
import { siteTexts, siteTextVersions, type SiteTextVersion } from "../../../server/db/schema";

/** Who a document's first version, its texts as installed, is credited to. */
const ORIGIN_ACCOUNT = "installation";

/** Versions kept per document; older ones are dropped at each publish. */
const VERSIONS_KEPT = 50;

function defaultsOf(page: SitePage, settings: SettingsDefaults): SiteTexts {
  return page === "settings" ? settingsFromDefaults(settings) : DEFAULT_TEXTS[page];
}

/** At start: every document gets its row, the settings with the environment's values and the pages
 * with today's texts. Later starts keep what the staff published, whatever the environment says. */
export async function ensureSiteTexts(db: Db, settings: SettingsDefaults): Promise<void> {
  await db
    .insert(siteTexts)
    .values(SITE_PAGES.map((page) => ({ id: page, published: defaultsOf(page, settings) })))
    .onConflictDoNothing();
}

export type PageTextsState = {
  published: SiteTexts;
  /** The unpublished draft, or null when there is none. */
  draft: SiteTexts | null;
};

/** A document's published values and its draft, every field filled (today's default where unset). */
export async function readPageTexts(db: Db, page: SitePage, settings: SettingsDefaults): Promise<PageTextsState> {
  const [row] = await db.select().from(siteTexts).where(eq(siteTexts.id, page)).limit(1);
  const defaults = defaultsOf(page, settings);
  const fields = PAGE_FIELDS[page];
  return {
    published: completeTexts(row?.published, defaults, fields),
    draft: row?.draft ? completeTexts(row.draft, defaults, fields) : null,
  };
}

/** What a page shows: the published values, or for the staff's preview the draft when there is one. */
export async function shownTexts(
  db: Db,
  page: SitePage,
  settings: SettingsDefaults,
  { preview = false } = {},
): Promise<SiteTexts> {
  const state = await readPageTexts(db, page, settings);
  return preview && state.draft ? state.draft : state.published;
}

/** Keeps a draft (checked by the caller); what visitors see does not change. */
export async function saveDraft(db: Db, page: SitePage, texts: SiteTexts, settings: SettingsDefaults) {
  const updated = await db
    .update(siteTexts)
    .set({ draft: texts, updated_at: sql`now()` })
    .where(eq(siteTexts.id, page))
    .returning({ id: siteTexts.id });
  // A document without its row (a database the start has not prepared): the row is added first.
  if (updated.length === 0) {
    await db
      .insert(siteTexts)
      .values({ id: page, published: defaultsOf(page, settings), draft: texts })
      .onConflictDoUpdate({ target: siteTexts.id, set: { draft: texts } });
  }
}

export async function discardDraft(db: Db, page: SitePage) {
  await db
    .update(siteTexts)
    .set({ draft: null, updated_at: sql`now()` })
    .where(eq(siteTexts.id, page));
}

/** Publishes a document (checked by the caller): it becomes what everyone sees on their next request,
 * the draft goes, and a version records who did it and which fields changed. Returns those fields'
 * labels; nothing is published when none changed. */
export async function publishTexts(
  db: Db,
  page: SitePage,
  texts: SiteTexts,
  account: string,
  settings: SettingsDefaults,
): Promise<string[]> {
  return db.transaction(async (tx) => {
    // One publisher at a time per document, so each version's list of changes is against the one before.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`site_texts:${page}`}))`);
    const { published } = await readPageTexts(tx, page, settings);
    const changed = changedFields(page, published, texts);
    if (changed.length === 0) {
      await tx.update(siteTexts).set({ draft: null }).where(eq(siteTexts.id, page));
      return [];
    }
    // The texts as installed (or as they stood before versions were kept) become the first version,
    // so the first publish leaves them restorable. That version alone has no changed fields.
    const [earlier] = await tx
      .select({ id: siteTextVersions.id })
      .from(siteTextVersions)
      .where(eq(siteTextVersions.page, page))
      .limit(1);
    if (!earlier) {
      await tx.insert(siteTextVersions).values({
        page,
        texts: published,
        changed: [],
        account: ORIGIN_ACCOUNT,
        // Just before this publish (now() is the transaction's start), so it sorts as the older one.
        published_at: sql`now() - interval '1 second'`,
      });
    }
    await tx
      .insert(siteTexts)
      .values({ id: page, published: texts, draft: null })
      .onConflictDoUpdate({ target: siteTexts.id, set: { published: texts, draft: null, updated_at: sql`now()` } });
    await tx.insert(siteTextVersions).values({ page, texts, changed, account });
    const kept = tx
      .select({ id: siteTextVersions.id })
      .from(siteTextVersions)
      .where(eq(siteTextVersions.page, page))
      .orderBy(desc(siteTextVersions.published_at))
      .limit(VERSIONS_KEPT);
    await tx
      .delete(siteTextVersions)
      .where(and(eq(siteTextVersions.page, page), notInArray(siteTextVersions.id, kept)));
    return changed;
  });
}

/** The newest versions of a document, newest first. */
export function listVersions(db: Db, page: SitePage, limit = VERSIONS_KEPT): Promise<SiteTextVersion[]> {
  return db
    .select()
    .from(siteTextVersions)
    .where(eq(siteTextVersions.page, page))
    .orderBy(desc(siteTextVersions.published_at))
    .limit(limit);
}

export async function getVersion(db: Db, id: string): Promise<SiteTextVersion | null> {
  const [row] = await db.select().from(siteTextVersions).where(eq(siteTextVersions.id, id)).limit(1);
  return row ?? null;
}

/** The business facts as published in 'Éditer les Pages' (emails and PDFs show these, not the
 * environment's first-start values). Read outside any transaction that holds the connection. */
export async function publishedSite(db: Db, site: SettingsDefaults & { publicUrl: string }): Promise<SiteConfig> {
  return siteConfigOf(await shownTexts(db, "settings", site), site.publicUrl);
}

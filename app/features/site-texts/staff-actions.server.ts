// What /edit-pages changes: a document's draft, its publication, a restored version. The route module
// has already called requireAdmin; `account` is who is signed in.
import type { StaffToast } from "~/lib/staff-action";
import { failure, readStaffForm, staffAnswer, success } from "~/lib/staff-action.server";
import {
  changesText,
  completeTexts,
  DEFAULT_TEXTS,
  PAGE_FIELDS,
  PAGE_INFO,
  pagePictureRef,
  settingsFromDefaults,
  type SitePage,
  type SiteTexts,
} from "~/features/site-texts/site-texts";
import { MSG } from "~/lib/messages";
import type { Services } from "../../../server/context";
import { discardDraft, getVersion, publishTexts, saveDraft } from "./store.server";
import type { FieldErrors } from "~/lib/staff-action";
import type { Bucket } from "../../rules/uploads";
import {
  EditPagesSchema,
  fixFieldsToast,
  PAGES_MESSAGES,
  type EditPagesIntent,
  type EditPagesResult,
} from "./staff-schema";
import { formatDate } from "~/lib/dates";

const INTENTS = new Set<string>(["draft", "publish", "discard", "restore"]);

/** Each picture of the document is one the storage holds, at the address it gives it. */
async function pictureErrors({ storage }: Services, page: SitePage, texts: SiteTexts): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  for (const { key, kind } of PAGE_FIELDS[page]) {
    const value = texts[key];
    if (kind !== "image" || !value) continue;
    const ref = pagePictureRef(value);
    if (!ref || storage.publicUrl(ref.bucket as Bucket, ref.name) !== value) errors[key] = PAGES_MESSAGES.notOurPicture;
    else if (!(await storage.stat(ref.bucket as Bucket, ref.name))) errors[key] = PAGES_MESSAGES.pictureGone;
  }
  return errors;
}

/** `note` describes the change for the activity log. */
export async function editPagesAction(
  services: Services,
  request: Request,
  account: string,
  note: (summary: string) => void = () => {},
) {
  const { db, config } = services;
  const answer = (result: EditPagesResult) => staffAnswer(request, services.secret, result);
  const done = (intent: EditPagesIntent, toast: StaffToast) => answer({ ok: true, intent, toasts: [toast] });
  const refused = (intent: EditPagesIntent | "invalid", fieldErrors: FieldErrors) =>
    answer({ ok: false, intent, toasts: [fixFieldsToast()], fieldErrors });

  const read = await readStaffForm(request, EditPagesSchema);
  if (!read.ok) {
    const intent = read.intent && INTENTS.has(read.intent) ? (read.intent as EditPagesIntent) : "invalid";
    return refused(intent, read.fieldErrors);
  }
  const input = read.input;
  const { page } = input;
  const label = PAGE_INFO[page].label;
  const changes = (changed: string[]) => (changed.length > 0 ? changesText(changed) : undefined);

  if (input.intent === "discard") {
    await discardDraft(db, page);
    note(`${label} : brouillon abandonné`);
    return done(input.intent, success("Brouillon abandonné"));
  }
  if (input.intent === "restore") {
    const version = await getVersion(db, input.version);
    if (!version || version.page !== page) {
      return staffAnswer(
        request,
        services.secret,
        { ok: false, intent: input.intent, toasts: [failure(MSG.error, PAGES_MESSAGES.versionGone)] },
        { status: 404 },
      );
    }
    const defaults = page === "settings" ? settingsFromDefaults(config.site) : DEFAULT_TEXTS[page];
    const texts = completeTexts(version.texts, defaults, PAGE_FIELDS[page]);
    const changed = await publishTexts(db, page, texts, account, config.site);
    note(
      `${label} : version du ${formatDate(version.published_at, "shortDateTime")} restaurée — ${changed.join(", ") || "aucun changement"}`,
    );
    return done(input.intent, success("Version restaurée", changes(changed)));
  }

  const wrongPictures = await pictureErrors(services, page, input.texts);
  if (Object.keys(wrongPictures).length > 0) return refused(input.intent, wrongPictures);
  if (input.intent === "draft") {
    await saveDraft(db, page, input.texts, config.site);
    note(`${label} : brouillon enregistré`);
    return done(input.intent, success("Brouillon enregistré"));
  }
  const changed = await publishTexts(db, page, input.texts, account, config.site);
  note(`${label} : publié — ${changed.join(", ") || "aucun changement"}`);
  return done(input.intent, success("Modifications publiées", changes(changed)));
}

// What /edit-pages changes: a document's draft, its publication, a restored version. The route module
// has already called requireAdmin; `account` is who is signed in.
import { data } from "react-router";
import { z } from "zod";
import type { Services } from "../../../server/context";
import { discardDraft, getVersion, publishTexts, saveDraft } from "../../../server/data/site-texts";
import {
  completeTexts,
  DEFAULT_TEXTS,
  PAGE_FIELDS,
  PAGE_INFO,
  SITE_PAGES,
  settingsFromDefaults,
} from "~/rules/site-texts";
import { parsePageTexts, type FieldErrors } from "./schema";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["draft", "publish"]), page: z.enum(SITE_PAGES) }),
  z.object({ intent: z.literal("discard"), page: z.enum(SITE_PAGES) }),
  z.object({ intent: z.literal("restore"), page: z.enum(SITE_PAGES), version: z.uuid() }),
]);

type Intent = z.infer<typeof ActionSchema>["intent"];

// The times the staff read, in the business's time zone.
const PUBLISHED_AT = new Intl.DateTimeFormat("fr-CA", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "America/Toronto",
});

export type EditPagesResult =
  | { ok: true; intent: Intent; changed: string[] }
  | { ok: false; intent: Intent | null; error: "invalid" | "not-found"; fieldErrors?: FieldErrors };

const fail = (intent: Intent | null, error: "invalid" | "not-found", status: number, fieldErrors?: FieldErrors) =>
  data<EditPagesResult>({ ok: false, intent, error, ...(fieldErrors ? { fieldErrors } : {}) }, { status });

/** `note` describes the change for the activity log. */
export async function editPagesAction(
  { db, config }: Services,
  account: string,
  form: FormData,
  note: (summary: string) => void = () => {},
) {
  const parsed = ActionSchema.safeParse({
    intent: form.get("intent"),
    page: form.get("page"),
    version: form.get("version") ?? undefined,
  });
  if (!parsed.success) return fail(null, "invalid", 400);
  const action = parsed.data;
  const { page, intent } = action;
  const label = PAGE_INFO[page].label;

  if (action.intent === "discard") {
    await discardDraft(db, page);
    note(`${label} : brouillon abandonné`);
    return data<EditPagesResult>({ ok: true, intent, changed: [] });
  }
  if (action.intent === "restore") {
    const version = await getVersion(db, action.version);
    if (!version || version.page !== page) return fail(intent, "not-found", 404);
    const defaults = page === "settings" ? settingsFromDefaults(config.site) : DEFAULT_TEXTS[page];
    const texts = completeTexts(version.texts, defaults, PAGE_FIELDS[page]);
    const changed = await publishTexts(db, page, texts, account, config.site);
    note(
      `${label} : version du ${PUBLISHED_AT.format(version.published_at)} restaurée — ${changed.join(", ") || "aucun changement"}`,
    );
    return data<EditPagesResult>({ ok: true, intent, changed });
  }

  const values: Record<string, unknown> = {};
  for (const { key } of PAGE_FIELDS[page]) values[key] = form.get(key);
  const checked = parsePageTexts(page, values);
  if (!checked.ok) return fail(intent, "invalid", 400, checked.errors);
  if (intent === "draft") {
    await saveDraft(db, page, checked.texts, config.site);
    note(`${label} : brouillon enregistré`);
    return data<EditPagesResult>({ ok: true, intent, changed: [] });
  }
  const changed = await publishTexts(db, page, checked.texts, account, config.site);
  note(`${label} : publié — ${changed.join(", ") || "aucun changement"}`);
  return data<EditPagesResult>({ ok: true, intent, changed });
}

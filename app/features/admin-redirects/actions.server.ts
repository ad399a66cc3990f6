// What /edit-redirects changes: add or remove a permanent redirect. The route module has already
// called requireAdmin.
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { z } from "zod";
import type { Services } from "../../../server/context";
import { redirects } from "../../../server/db/schema";
import { redirectKey, redirectLoop, sitePath } from "~/rules/redirects";

const ActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add"), from: z.string().max(2000), to: z.string().max(2000) }),
  z.object({ intent: z.literal("delete"), id: z.uuid() }),
]);

export type RedirectsResult =
  | { ok: true; intent: "add" | "delete" }
  | { ok: false; intent: "add" | "delete" | null; errors: { from?: string; to?: string; form?: string } };

const fail = (intent: "add" | "delete" | null, errors: { from?: string; to?: string; form?: string }, status = 400) =>
  data<RedirectsResult>({ ok: false, intent, errors }, { status });

export async function redirectsAction({ db, config }: Services, form: FormData, note: (summary: string) => void) {
  const parsed = ActionSchema.safeParse({
    intent: form.get("intent"),
    from: form.get("from") ?? "",
    to: form.get("to") ?? "",
    id: form.get("id") ?? undefined,
  });
  if (!parsed.success) return fail(null, { form: "Demande invalide." });
  if (parsed.data.intent === "delete") {
    const [gone] = await db.delete(redirects).where(eq(redirects.id, parsed.data.id)).returning();
    if (!gone) return fail("delete", { form: "Cette redirection n'existe plus." }, 404);
    note(`${gone.from_key} → ${gone.to_path} retirée`);
    return data<RedirectsResult>({ ok: true, intent: "delete" });
  }
  const origin = config.site.publicUrl;
  const from = sitePath(parsed.data.from, origin);
  const to = sitePath(parsed.data.to, origin);
  if (!from.ok || !to.ok) {
    return fail("add", { ...(from.ok ? {} : { from: from.error }), ...(to.ok ? {} : { to: to.error }) });
  }
  const key = redirectKey(from.path);
  const existing = await db.select().from(redirects);
  if (existing.some((rule) => rule.from_key === key)) {
    return fail("add", { from: "Une redirection part déjà de cette adresse." });
  }
  const loop = redirectLoop(key, to.path, new Map(existing.map((rule) => [rule.from_key, rule.to_path])));
  if (loop) return fail("add", { to: loop });
  await db.insert(redirects).values({ from_key: key, to_path: to.path });
  note(`${key} → ${to.path}`);
  return data<RedirectsResult>({ ok: true, intent: "add" });
}

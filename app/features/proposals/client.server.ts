// The client's page: its data and its two answers. Reading it marks nothing: the page's own script
// tells the server it is displayed (seen.server.ts), so a mail scanner's GET does not make it 'Vue'.
import { data } from "react-router";
import type { Services } from "../../../server/context";
import { shownTexts } from "../site-texts/store.server";
import { acceptProposal, requestChanges } from "./client-actions.server";
import { drawProposalPdfAhead } from "./pdf-route.server";
import type { ClientActionData } from "./client-answer";
import type { ClientProposalView } from "./client-view";
import { servicePromises, type ServicePromise } from "./promises";
import { getClientProposal } from "./queries.server";
import { CLIENT_MSG, isProposalToken } from "./rules";
import { takeClientPost } from "./throttle.server";
import { typeset } from "~/features/site-texts/page-texts.server";
import { getContactRequestPhone } from "~/features/contact-requests/store.server";
import { typography } from "~/lib/typography";
import { formatDate } from "~/lib/dates";

export type ClientPageData =
  { expired: true } | { expired: false; proposal: ClientProposalView; promises: ServicePromise[] };

/** null: no such proposal (the site's 404). */
export async function clientPageData(
  { db, config }: Pick<Services, "db" | "config">,
  token: string | undefined,
  { now = new Date() }: { now?: Date } = {},
): Promise<ClientPageData | null> {
  if (!isProposalToken(token)) return null;
  const p = await getClientProposal(db, token, now);
  if (!p) return null;
  if (p.expired && p.status !== "acceptee") return { expired: true };
  // The promises as the home page publishes them.
  const promises = servicePromises(typeset("home", await shownTexts(db, "home", config.site)));
  return {
    expired: false,
    promises,
    proposal: {
      token: p.token,
      version: p.version,
      client_name: p.client_name,
      message: typography(p.message),
      machine_name: p.machine_name,
      machine_image: p.machine_image,
      machine_specifications: p.machine_specifications.map(typography),
      machine_advantages: p.machine_advantages.map(typography),
      sections: p.sections,
      items: p.items,
      status: p.status,
      sentOn: formatDate(p.created_at),
      expiresOn: formatDate(p.expiresAt),
      acceptedOn: p.accepted_at ? formatDate(p.accepted_at) : null,
      byPhone: p.contact_request_id ? Boolean(await getContactRequestPhone(db, p.contact_request_id)) : false,
      change_request: p.change_request,
      newerToken: p.newerToken,
    },
  };
}

/** The client's post: throttled per source, then its body read (unreadable: 400) and its intent
 * ('accept' or 'changes'; anything else: 400), each answered in French. */
export async function clientPageAction(services: Services, token: string | undefined, request: Request, ip: string) {
  if (!isProposalToken(token)) throw data(null, { status: 404 });
  const refuse = (message: string, status: number) => data<ClientActionData>({ ok: false, message }, { status });
  if (!takeClientPost(services, ip)) return refuse(CLIENT_MSG.throttled, 429);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return refuse(CLIENT_MSG.unreadable, 400);
  }
  const intent = form.get("intent");
  let result;
  if (intent === "accept") {
    result = await acceptProposal(services, token);
    // The PDF now says it was accepted.
    if (result.ok) drawProposalPdfAhead(services, token);
  } else if (intent === "changes") result = await requestChanges(services, token, form.get("change_request"));
  else return refuse(CLIENT_MSG.unknownIntent, 400);
  const answer: ClientActionData = result.ok
    ? { ok: true, intent, message: result.kind === "accepted" ? CLIENT_MSG.accepted : CLIENT_MSG.changes }
    : { ok: false, intent, message: result.message, ...(result.field ? { field: result.field } : {}) };
  return data(answer, { status: result.ok ? 200 : 400 });
}

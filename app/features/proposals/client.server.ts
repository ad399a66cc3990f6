// The client's page: its data (a first view marks the proposal 'Vue') and its two answers.
import { data } from "react-router";
import type { Services } from "../../../server/context";
import { shownTexts } from "../../../server/data/site-texts";
import { acceptProposal, markViewed, requestChanges } from "./actions.server";
import { frenchDate, type ClientActionData, type ClientProposalView } from "./client-view";
import { servicePromises, type ServicePromise } from "./promises";
import { getClientProposal } from "./queries.server";
import { isProposalToken } from "./rules";

export type ClientPageData =
  { expired: true } | { expired: false; proposal: ClientProposalView; promises: ServicePromise[] };

/** null: no such proposal (the site's 404). */
export async function clientPageData(
  { db, config }: Pick<Services, "db" | "config">,
  token: string | undefined,
  { staff = false, now = new Date() }: { staff?: boolean; now?: Date } = {},
): Promise<ClientPageData | null> {
  if (!isProposalToken(token)) return null;
  const p = await getClientProposal(db, token, now);
  if (!p) return null;
  if (p.expired && p.status !== "acceptee") return { expired: true };
  // The staff opening it from their list is not the client seeing it.
  if (p.status === "envoyee" && !staff) await markViewed(db, p.id, now);
  // The promises as the home page publishes them.
  const promises = servicePromises(await shownTexts(db, "home", config.site));
  return {
    expired: false,
    promises,
    proposal: {
      token: p.token,
      version: p.version,
      client_name: p.client_name,
      machine_name: p.machine_name,
      machine_image: p.machine_image,
      machine_specifications: p.machine_specifications,
      machine_advantages: p.machine_advantages,
      sections: p.sections,
      items: p.items,
      status: p.status === "envoyee" && !staff ? "vue" : p.status,
      sentOn: frenchDate(p.created_at),
      expiresOn: frenchDate(p.expiresAt),
      acceptedOn: p.accepted_at ? frenchDate(p.accepted_at) : null,
      change_request: p.change_request,
      newerToken: p.newerToken,
    },
  };
}

export async function clientPageAction(services: Services, token: string | undefined, form: FormData) {
  if (!isProposalToken(token)) throw data(null, { status: 404 });
  const intent = form.get("intent");
  let result;
  if (intent === "accept") result = await acceptProposal(services, token);
  else if (intent === "changes") result = await requestChanges(services, token, form.get("change_request"));
  else throw data(null, { status: 400 });
  const answer: ClientActionData = result.ok
    ? {
        ok: true,
        message:
          result.kind === "accepted"
            ? "Merci ! Votre acceptation est enregistrée."
            : "Merci ! Nous avons reçu vos modifications.",
      }
    : { ok: false, message: result.message, ...(result.field ? { field: result.field } : {}) };
  return data(answer, { status: result.ok ? 200 : 400 });
}

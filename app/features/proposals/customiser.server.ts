// What the customiser needs for proposals: its send form's choices and starting values (from a
// request's page with ?demande=, or a proposal being revised with ?revision=) and the layout to start
// from. Its two forms are answered by send-actions.server.ts.
import type { Db } from "../../../server/db/client";
import type { ProposalSetup } from "~/features/customiser/customiser";
import { getRequestPrefill, getRevision, getTemplate, listRequestChoices } from "./queries.server";

export async function customiserProposalSetup(
  db: Db,
  machineId: string,
  params: URLSearchParams,
): Promise<ProposalSetup> {
  const [requests, prefill, revision, template] = await Promise.all([
    listRequestChoices(db),
    getRequestPrefill(db, params.get("demande")),
    getRevision(db, params.get("revision"), machineId),
    getTemplate(db, machineId),
  ]);
  if (revision) {
    return {
      requests,
      defaults: {
        client_name: revision.client_name,
        client_email: revision.client_email,
        contact_request_id: revision.contact_request_id,
        message: revision.message,
        previous_id: revision.previousId,
      },
      start: revision.layout,
      template,
      ignoreDraft: true,
    };
  }
  // A linked request not among the latest ones is still offered.
  if (prefill && !requests.some((r) => r.id === prefill.id))
    requests.unshift({ id: prefill.id, label: `${prefill.nom_complet} — ${prefill.courriel}` });
  return {
    requests,
    defaults: {
      client_name: prefill?.nom_complet ?? "",
      client_email: prefill?.courriel ?? "",
      contact_request_id: prefill?.id ?? null,
      message: "",
      previous_id: null,
    },
    start: template,
    template,
    ignoreDraft: false,
  };
}

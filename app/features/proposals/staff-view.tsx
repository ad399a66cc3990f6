// /edit-propositions: every proposal sent, newest first, with its client, machine, date and state;
// each opens as the client sees it (or as its PDF), 'Réviser' reopens it in the customiser (sending it makes a new
// version), 'Renvoyer' emails the same link again.
import { Form, Link, useActionData } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { frenchDate } from "./client-view";
import type { ProposalRow } from "./queries.server";
import { proposalPath, proposalPdfPath, type ProposalState } from "./rules";

const TONES: Record<ProposalState, string> = {
  Envoyée: "bg-ink/8 text-ink",
  Vue: "bg-brass/15 text-brass-ink",
  Acceptée: "bg-success/10 text-success",
  "Modifications demandées": "bg-danger/10 text-danger",
  Expirée: "bg-ink/5 text-stone",
};

export function StaffProposals({ proposals, emailConfigured }: { proposals: ProposalRow[]; emailConfigured: boolean }) {
  const result = useActionData<{ ok: boolean; message: string }>();
  return (
    <AdminPage title="Propositions" intro="Les propositions envoyées aux clients et leur réponse.">
      {result && (
        <p
          role={result.ok ? "status" : "alert"}
          className={`mb-6 rounded-xl px-4 py-3 ${result.ok ? "bg-success/10 text-success" : "bg-danger/10 text-danger"}`}
        >
          {result.message}
        </p>
      )}
      {proposals.length === 0 ? (
        <p className="text-stone">
          Aucune proposition pour l'instant. Préparez-en une dans{" "}
          <Link to="/creer-machine" className="underline">
            Créer ma machine
          </Link>
          .
        </p>
      ) : (
        <ul className="grid gap-3" aria-label="Propositions">
          {proposals.map((p) => (
            <li
              key={p.id}
              data-testid="proposal-row"
              className="flex flex-wrap items-center gap-x-6 gap-y-3 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)]"
            >
              <div className="min-w-0 flex-1">
                <p className="font-semibold text-ink">
                  <Link to={proposalPath(p.token)} className="underline decoration-brass/50 underline-offset-4">
                    {p.client_name}
                  </Link>
                  <span className="font-normal text-stone"> · {p.machine_name}</span>
                  {p.version > 1 && <span className="font-normal text-stone"> · version {p.version}</span>}
                </p>
                <p className="mt-1 text-sm text-stone">
                  Envoyée le <time dateTime={p.created_at.toISOString()}>{frenchDate(p.created_at)}</time> à{" "}
                  {p.client_email}
                  {p.replaced && " · remplacée par une version plus récente"}
                </p>
                {p.change_request && (
                  <p className="mt-1 text-sm whitespace-pre-line text-ink/85">« {p.change_request} »</p>
                )}
              </div>
              <span
                className={`rounded-full px-3 py-1 text-sm font-medium ${TONES[p.state]}`}
                data-testid="proposal-state"
              >
                {p.state}
              </span>
              <div className="flex flex-wrap gap-2">
                {p.state !== "Expirée" && (
                  <a
                    href={proposalPdfPath(p.token)}
                    className={buttonClass("ghost", "sm")}
                    aria-label={`PDF de la proposition de ${p.client_name}`}
                  >
                    PDF
                  </a>
                )}
                {p.machine_id && p.state !== "Acceptée" && (
                  <Link to={`/creer-machine/${p.machine_id}?revision=${p.id}`} className={buttonClass("outline", "sm")}>
                    Réviser
                  </Link>
                )}
                {emailConfigured && p.state !== "Expirée" && !p.replaced && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="resend" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className={buttonClass("ghost", "sm")}>
                      Renvoyer
                    </button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

// /edit-propositions: every proposal sent, newest first, with its client, machine, date and state;
// each opens as the client sees it (or as its PDF), 'Réviser' reopens it in the customiser (sending it makes a new
// version), 'Renvoyer' emails the same link again.
import { Link, useFetcher, type FetcherWithComponents } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { elide } from "~/lib/elision";
import { useRootData } from "~/lib/site-data";
import { useStaffAction } from "~/lib/use-staff-action";
import type { ProposalRow } from "./queries.server";
import { proposalPath, proposalPdfPath, type ProposalState } from "./rules";
import type { ResendResult } from "./list-schema";

const TONES: Record<ProposalState, string> = {
  Envoyée: "bg-ink/8 text-ink",
  Vue: "bg-brass/15 text-brass-ink",
  Acceptée: "bg-success/10 text-success",
  "Modifications demandées": "bg-danger/10 text-danger",
  Expirée: "bg-ink/5 text-stone",
};

/** Without JavaScript no toast shows: the answer to 'Renvoyer' (the page's one-time message after the
 * post) is written at the top of the page instead. */
function AnswerWithoutScript() {
  const flash = useRootData()?.flash;
  if (!flash) return null;
  const ok = flash.type === "success";
  return (
    <noscript>
      <p
        role={ok ? "status" : "alert"}
        className={`mb-6 rounded-xl px-4 py-3 ${ok ? "bg-success/10 text-success" : "bg-danger/10 text-danger"}`}
      >
        {flash.description ?? flash.title}
      </p>
    </noscript>
  );
}

export function StaffProposals({ proposals, emailConfigured }: { proposals: ProposalRow[]; emailConfigured: boolean }) {
  // One fetcher for every row's 'Renvoyer': the list outlives its answer.
  const resend = useFetcher<ResendResult>();
  useStaffAction(resend);
  return (
    <AdminPage title="Propositions" intro="Les propositions envoyées aux clients et leur réponse.">
      <AnswerWithoutScript />
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
            <ProposalCard key={p.id} proposal={p} resend={emailConfigured ? resend : null} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}

/** One proposal: its client, machine, state and dates, the changes asked for, and what the staff can
 * do with it. `resend` is null when no email can go out. */
function ProposalCard({
  proposal: p,
  resend,
}: {
  proposal: ProposalRow;
  resend: FetcherWithComponents<ResendResult> | null;
}) {
  return (
    <li
      id={`proposition-${p.id}`}
      data-testid="proposal-row"
      className="scroll-mt-28 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] target:ring-2 target:ring-brass sm:p-5"
    >
      {/* On a phone the name, the machine and the state each have their line: nothing overlaps. */}
      <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <p className="font-semibold break-words text-ink" data-testid="proposal-client">
            <Link to={proposalPath(p.token)} className="underline decoration-brass/50 underline-offset-4">
              {p.client_name}
            </Link>
          </p>
          <p className="mt-0.5 break-words text-stone" data-testid="proposal-machine">
            {p.machine_name}
            {p.version > 1 && ` · version ${p.version}`}
          </p>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-1 text-sm font-medium whitespace-nowrap ${TONES[p.state]}`}
          data-testid="proposal-state"
        >
          {p.state}
        </span>
      </div>
      <p className="mt-2 text-sm text-stone">
        Envoyée à <span className="[overflow-wrap:anywhere]">{p.client_email}</span>, le{" "}
        <time dateTime={p.created_at.toISOString()}>{formatDate(p.created_at)}</time>
        {p.account && ` par ${p.account}`}
        {p.acceptedWhen && ` · acceptée le ${p.acceptedWhen}`}
        {p.replaced && " · remplacée par une version plus récente"}
      </p>
      {p.change_requests.length > 0 && <ChangeRequests proposal={p} />}
      <div className="mt-3 flex flex-wrap gap-2">
        {p.state !== "Expirée" && (
          <a
            href={proposalPdfPath(p.token)}
            className={buttonClass("ghost", "sm")}
            aria-label={`PDF de la proposition ${elide("de", p.client_name)}`}
          >
            PDF
          </a>
        )}
        {p.state === "Acceptée" &&
          (p.installationId ? (
            <Link to={`/edit-installations/${p.installationId}`} className={buttonClass("outline", "sm")}>
              Voir l'installation
            </Link>
          ) : (
            <Link to={`/edit-installations/nouvelle?proposition=${p.id}`} className={buttonClass("primary", "sm")}>
              Planifier l'installation
            </Link>
          ))}
        {p.machine_id && p.state !== "Acceptée" && (
          <Link to={`/creer-machine/${p.machine_id}?revision=${p.id}`} className={buttonClass("outline", "sm")}>
            Réviser
          </Link>
        )}
        {resend && p.state !== "Expirée" && !p.replaced && (
          <resend.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="id" value={p.id} />
            <button type="submit" className={buttonClass("ghost", "sm")}>
              Renvoyer
            </button>
          </resend.Form>
        )}
      </div>
    </li>
  );
}

/** Every change the client asked for, oldest first, each with when. */
function ChangeRequests({ proposal: p }: { proposal: ProposalRow }) {
  return (
    <section
      aria-label={`Modifications demandées par ${p.client_name}`}
      className="mt-3 rounded-xl bg-sand/60 p-3 sm:p-4"
      data-testid="proposal-changes"
    >
      <p className="text-sm font-semibold text-ink">
        {p.change_requests.length > 1
          ? `Modifications demandées (${p.change_requests.length})`
          : "Modifications demandées"}
      </p>
      <ol className="mt-2 grid gap-2 text-sm">
        {p.change_requests.map((c) => (
          <li key={c.at}>
            <time dateTime={c.at} className="block text-stone">
              {c.when}
            </time>
            <span className="break-words whitespace-pre-line text-ink/85">
              {"«\u00a0"}
              {c.text}
              {"\u00a0»"}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

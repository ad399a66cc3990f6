// 'Service' (/edit-service): the problems and refunds reported at the machines, those to handle first
// (a machine that keeps money or does not vend, and refunds) and the soonest due at the top, each with
// the time left before the promised response; late ones and machines with a recurring fault stand out.
// Made for the owner's phone first: one card per ticket, the whole card a link to its page.
import { AlertTriangle, Camera, Clock, Mail, Phone, Receipt, UserCheck } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { CHIP_ROW, chipClass } from "~/components/chips";
import { StaffSearch } from "~/components/staff-search";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import type { TicketStatus } from "./model";
import type { InboxTicket, ServiceInboxData } from "./staff-queries.server";

export const TICKET_TONES: Record<TicketStatus, string> = {
  nouveau: "bg-brass/15 text-brass-ink",
  "en-cours": "bg-ink/8 text-ink",
  resolu: "bg-success/10 text-success",
};

/** The inbox's address with its view, type and search ('.' for the default). */
function inboxHref(params: { vue?: string | null; type?: string | null; pour?: string | null; q?: string }): string {
  const search = new URLSearchParams();
  if (params.vue && params.vue !== "ouverts") search.set("vue", params.vue);
  if (params.type) search.set("type", params.type);
  if (params.pour) search.set("pour", params.pour);
  if (params.q) search.set("q", params.q);
  const query = search.toString();
  return query ? `?${query}` : ".";
}

export function ServiceInbox(props: ServiceInboxData) {
  const { notified, q, view, kind, whose, views, kinds, whoses, counts, tickets, moreHref, capped } = props;
  const loading = useNavigation().state === "loading";
  const open = counts.nouveau + counts.enCours;
  return (
    <AdminPage
      title="Service"
      intro="Les problèmes et les demandes de remboursement reçus par le code QR des machines."
      actions={
        <Link to="/edit-service/remboursements" className={buttonClass("outline", "md")}>
          <Receipt aria-hidden="true" /> Journal des remboursements
        </Link>
      }
    >
      <p className="mb-4 text-stone" role="status" data-testid="service-summary">
        {open === 0
          ? "Aucun signalement à traiter."
          : typography(
              `${open} à traiter : ${counts.nouveau} nouveau${counts.nouveau > 1 ? "x" : ""}, ${counts.enCours} en cours`,
            )}
        {counts.late > 0 && (
          <span className="font-semibold text-danger">{typography(` · ${counts.late} en retard`)}</span>
        )}
      </p>
      <p className="-mt-2 mb-4 text-sm text-stone">
        {typography(
          notified
            ? `Chaque nouveau signalement est aussi envoyé par courriel à ${notified.join(", ")}.`
            : "L'envoi de courriels n'est pas configuré : les nouveaux signalements n'arrivent qu'ici.",
        )}
      </p>
      <StaffSearch
        id="recherche-service"
        q={q}
        label="Rechercher par référence, client ou code de machine"
        placeholder="Référence, client, code"
        keep={{ vue: view === "ouverts" ? null : view, type: kind, pour: whose }}
      />
      <nav aria-label="Signalements" className="mb-6">
        <ul className={CHIP_ROW}>
          {views.map((v) => (
            <li key={v.value}>
              <Link
                to={inboxHref({ vue: v.value, type: kind, pour: whose, q })}
                aria-current={v.value === view ? "page" : undefined}
                className={chipClass(v.value === view)}
              >
                {v.label}
                {v.value === "ouverts" && open > 0 && <span className="tabular-nums opacity-80">{open}</span>}
              </Link>
            </li>
          ))}
          <li aria-hidden="true" className="mx-1 w-px self-stretch bg-ink/10" />
          {whoses.map((w) => (
            <li key={w.value}>
              <Link
                to={inboxHref({ vue: view, type: kind, pour: w.value === whose ? null : w.value, q })}
                aria-current={w.value === whose ? "true" : undefined}
                className={chipClass(w.value === whose)}
              >
                {w.label}
              </Link>
            </li>
          ))}
          <li aria-hidden="true" className="mx-1 w-px self-stretch bg-ink/10" />
          {kinds.map((k) => (
            <li key={k.value}>
              <Link
                to={inboxHref({ vue: view, type: k.value === kind ? null : k.value, pour: whose, q })}
                aria-current={k.value === kind ? "true" : undefined}
                className={chipClass(k.value === kind)}
              >
                {k.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-busy={loading} className={cn("transition-opacity", loading && "opacity-60")}>
        {tickets.length === 0 ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 p-6 text-stone">
            {typography(
              q || kind || whose || view !== "ouverts"
                ? "Aucun signalement ne correspond : essayez un autre mot ou un autre filtre."
                : "Rien à traiter. Les problèmes et les remboursements signalés aux machines arriveront ici, et par courriel.",
            )}
          </p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Signalements">
            {tickets.map((t) => (
              <TicketCard key={t.id} ticket={t} />
            ))}
          </ul>
        )}
        {moreHref && (
          <div className="mt-6 flex justify-center">
            <Link to={moreHref} preventScrollReset className={buttonClass("outline", "md")}>
              Afficher plus de signalements
            </Link>
          </div>
        )}
        {capped && (
          <p className="mt-4 text-sm text-stone">
            {typography(
              "Les 500 premiers sont affichés : cherchez une référence ou un client pour trouver les autres.",
            )}
          </p>
        )}
      </div>
    </AdminPage>
  );
}

function TicketCard({ ticket: t }: { ticket: InboxTicket }) {
  return (
    <li data-testid="ticket-row">
      <Link
        to={`/edit-service/${t.id}`}
        className={cn(
          "block h-full rounded-[var(--radius-card)] border bg-white p-4 shadow-[var(--shadow-card)] transition-colors hover:border-ink/25 focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none sm:p-5",
          t.due?.late ? "border-danger/40" : "border-ink/8",
        )}
      >
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block font-semibold break-words text-ink">{typography(t.what)}</span>
            <span className="mt-0.5 block break-words text-stone">
              {t.machine.client}
              {t.product && typography(` · ${t.product}`)}
            </span>
            {t.assignee && (
              <span className="mt-0.5 flex items-center gap-1 text-sm font-medium text-ink-3">
                <UserCheck className="size-4 shrink-0 text-brass-ink" aria-hidden="true" />
                <span className="sr-only">{"Responsable\u00a0: "}</span>
                {t.assignee}
              </span>
            )}
          </span>
          <span className={cn("shrink-0 rounded-full px-3 py-1 text-sm font-medium", TICKET_TONES[t.status])}>
            {t.statusLabel}
          </span>
        </span>
        <span className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1.5 text-sm text-stone">
          <span className="font-mono whitespace-nowrap text-ink tabular-nums">{t.code}</span>
          <span className="font-mono whitespace-nowrap tabular-nums">{t.machine.code}</span>
          {t.urgent && (
            <span className="rounded-full bg-danger/10 px-2 py-0.5 font-medium text-danger">Prioritaire</span>
          )}
          {t.due && (
            <span className={cn("inline-flex items-center gap-1", t.due.late && "font-semibold text-danger")}>
              <Clock className="size-4" aria-hidden="true" />
              {typography(t.due.text)}
            </span>
          )}
          {!t.due && <span>{typography(t.received)}</span>}
          {t.photo && (
            <span className="inline-flex items-center gap-1">
              <Camera className="size-4" aria-hidden="true" />
              Photo
            </span>
          )}
          {t.reach && (
            <span className="inline-flex items-center gap-1">
              {t.reach === "courriel" ? (
                <Mail className="size-4" aria-hidden="true" />
              ) : (
                <Phone className="size-4" aria-hidden="true" />
              )}
              {t.reach === "courriel" ? "Courriel laissé" : "Téléphone laissé"}
            </span>
          )}
        </span>
        {t.faults.length > 0 && (
          <span className="mt-2 flex items-start gap-1.5 text-sm font-medium text-danger">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {typography(`Panne répétée : ${t.faults.join(", ")}`)}
          </span>
        )}
      </Link>
    </li>
  );
}

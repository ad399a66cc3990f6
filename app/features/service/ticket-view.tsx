// One ticket (/edit-service/{id}): what was reported (with its photo, if one was joined), at which
// machine and client, whom to answer, the time left before the promised response, its status with its
// forms, and its notes and replies.
import { AlertTriangle, Clock, Expand, Mail, MapPinned, Phone } from "lucide-react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { typography } from "~/lib/typography";
import { telHref } from "~/rules/site";
import { TICKET_TONES } from "./inbox-view";
import type { ticketPageData } from "./staff-queries.server";
import { AssigneeForm, StatusForms, WriteForm } from "./ticket-forms";

type PageData = NonNullable<Awaited<ReturnType<typeof ticketPageData>>>;

const card = "rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";
const link = "underline decoration-brass/50 underline-offset-4 [overflow-wrap:anywhere]";

export function TicketView({ ticket: t, facts, machine, faults, notes, canEmail, mail, assignment }: PageData) {
  return (
    <AdminPage
      title={t.what}
      intro={`${machine.client} · ${machine.machine} (${machine.code}) · ${t.code}`}
      back={{ to: "/edit-service", label: "Retour au service" }}
      actions={
        machine.id && (
          <Link to={`/edit-installations/${machine.id}`} className={buttonClass("outline", "md")}>
            <MapPinned aria-hidden="true" /> Fiche de l'installation
          </Link>
        )
      }
    >
      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,440px)]">
        <div className="flex min-w-0 flex-col gap-6">
          <section aria-labelledby="statut" className={card}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="statut" className="text-lg font-semibold">
                Statut
              </h2>
              <span
                className={cn("rounded-full px-3 py-1 text-sm font-medium", TICKET_TONES[t.status])}
                data-testid="ticket-status"
              >
                {t.statusLabel}
              </span>
            </div>
            <Urgency ticket={t} faults={faults} />
            <StatusForms id={t.id} status={t.status} refundAsked={t.refundAsked} refundMethod={t.refundMethod} />
            <AssigneeForm id={t.id} assignment={assignment} />
          </section>
          <Reported ticket={t} facts={facts} />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <Thread notes={notes} />
          {canEmail ? (
            <WriteForm id={t.id} kind="repondre" to={t.email!} />
          ) : (
            <p className="text-sm text-stone">
              {typography(
                !t.email
                  ? "Cette personne n'a pas laissé de courriel pour une réponse."
                  : mail
                    ? ""
                    : "L'envoi de courriels n'est pas configuré (SMTP_URL) : répondez depuis votre messagerie.",
              )}
            </p>
          )}
          <WriteForm id={t.id} kind="note" />
        </div>
      </div>
    </AdminPage>
  );
}

function Urgency({ ticket: t, faults }: { ticket: PageData["ticket"]; faults: string[] }) {
  return (
    <div className="mt-3 grid gap-1.5 text-sm">
      {t.due && (
        <p className={cn("flex items-center gap-1.5", t.due.late ? "font-semibold text-danger" : "text-stone")}>
          <Clock className="size-4" aria-hidden="true" />
          {typography(t.due.text)}
          {t.urgent && " · Prioritaire"}
        </p>
      )}
      {t.resolved && (
        <p className="text-stone" data-testid="ticket-resolved">
          {typography(`Résolu le ${t.resolved.when}${t.resolved.by ? ` par ${t.resolved.by}` : ""}`)}
          {t.resolved.refund && typography(` · Remboursement : ${t.resolved.refund}`)}
        </p>
      )}
      {faults.length > 0 && (
        <p className="flex items-start gap-1.5 font-medium text-danger">
          <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          {typography(`Panne répétée sur cette machine (3 fois ou plus en 30 jours) : ${faults.join(", ")}`)}
        </p>
      )}
    </div>
  );
}

function Reported({ ticket: t, facts }: { ticket: PageData["ticket"]; facts: PageData["facts"] }) {
  return (
    <section aria-labelledby="signalement" className={card}>
      <h2 id="signalement" className="text-lg font-semibold">
        Signalement
      </h2>
      {t.description && <p className="mt-2 whitespace-pre-line text-ink">{typography(t.description)}</p>}
      {t.photo && <Photo ticketId={t.id} what={t.what} />}
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        {facts.map((f) => (
          <div key={f.label}>
            <dt className="text-sm text-stone">{f.label}</dt>
            <dd className="text-ink">{typography(f.value)}</dd>
          </div>
        ))}
        <div>
          <dt className="text-sm text-stone">Pour répondre</dt>
          <dd className="grid gap-1 text-ink">
            {t.email && (
              <a href={`mailto:${t.email}`} className={cn("inline-flex items-center gap-1.5", link)}>
                <Mail className="size-4 shrink-0" aria-hidden="true" /> {t.email}
              </a>
            )}
            {t.phone && (
              <a href={telHref(t.phone)} className={cn("inline-flex items-center gap-1.5", link)}>
                <Phone className="size-4 shrink-0" aria-hidden="true" /> {typography(t.phone)}
              </a>
            )}
            {!t.email && !t.phone && "Aucune coordonnée laissée"}
          </dd>
        </div>
      </dl>
    </section>
  );
}

/** The photo joined to the ticket (staff only, /edit-service/{id}/photo), with a link to it full size. */
function Photo({ ticketId, what }: { ticketId: string; what: string }) {
  const src = `/edit-service/${ticketId}/photo`;
  return (
    <figure className="mt-4">
      <a href={src} target="_blank" rel="noopener" className="group block w-fit">
        <img
          src={src}
          alt={typography(`Ce que la personne a joint au signalement « ${what} »`)}
          loading="lazy"
          decoding="async"
          className="max-h-80 w-auto max-w-full rounded-xl border border-ink/10 bg-sand/30 object-contain transition-opacity group-hover:opacity-90"
        />
      </a>
      <figcaption className="mt-2">
        <a href={src} target="_blank" rel="noopener" className={cn("inline-flex items-center gap-1.5 text-sm", link)}>
          <Expand className="size-4 shrink-0" aria-hidden="true" /> Ouvrir la photo en grand
        </a>
      </figcaption>
    </figure>
  );
}

function Thread({ notes }: { notes: PageData["notes"] }) {
  return (
    <section aria-labelledby="suivi" className={card}>
      <h2 id="suivi" className="text-lg font-semibold">
        Suivi
      </h2>
      {notes.length === 0 ? (
        <p className="mt-2 text-stone">{typography("Aucune note ni réponse pour l'instant.")}</p>
      ) : (
        <ol className="mt-3 grid gap-3" data-testid="ticket-thread">
          {notes.map((n) => (
            <li key={n.id} className={cn("border-l-2 pl-3", n.kind === "reponse" ? "border-brass" : "border-ink/15")}>
              <p className="text-sm font-medium text-stone">
                {n.kind === "statut" ? (
                  <span className="text-ink">{typography(n.body)}</span>
                ) : n.kind === "reponse" ? (
                  "Réponse envoyée"
                ) : (
                  "Note"
                )}{" "}
                · <time dateTime={n.at}>{typography(n.when)}</time>
                {n.account && ` · ${n.account}`}
              </p>
              {n.kind !== "statut" && <p className="mt-1 whitespace-pre-line text-ink">{typography(n.body)}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

// 'Parc installé' (/edit-installations): every installed or planned machine, those to install first by
// their date, with a search (client, code, address, contact) and a status filter kept in the address.
// Made for the owner's phone first: one card per machine, the whole card a link to its page.
import { CalendarClock, MapPin, Plus, Printer } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { StaffSearch } from "~/components/staff-search";
import { CHIP_ROW, chipClass } from "~/components/chips";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useStaffUser } from "~/lib/site-data";
import { mayOpen } from "~/rules/staff-roles";
import { labelSheetPath } from "./label-paths";
import { typography } from "~/lib/typography";
import type { InstallationStatus } from "./model";
import type { InstallationListRow } from "./staff-queries.server";

export const STATUS_TONES: Record<InstallationStatus, string> = {
  "a-installer": "bg-brass/15 text-brass-ink",
  installee: "bg-success/10 text-success",
  retiree: "bg-ink/6 text-stone",
};

type ListData = {
  q: string;
  status: InstallationStatus | null;
  statuses: { value: InstallationStatus; label: string }[];
  installations: InstallationListRow[];
};

/** The list's address with a search and a status ('.' for everything). */
function listHref(q: string, status: InstallationStatus | null): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (status) params.set("statut", status);
  const query = params.toString();
  return query ? `?${query}` : ".";
}

export function InstallationsList({ q, status, statuses, installations }: ListData) {
  const loading = useNavigation().state === "loading";
  return (
    <AdminPage
      title="Parc installé"
      intro="Les machines installées chez les clients et celles à installer, avec leur code."
      actions={
        <>
          <Link to="/edit-installations/nouvelle" className={buttonClass("primary", "md")}>
            <Plus aria-hidden="true" /> Nouvelle installation
          </Link>
          {/* Searched or filtered: the machines shown; otherwise every installed one; offered only when
              there is one to label. A file: a plain link. */}
          {(q || status ? installations.length > 0 : installations.some((row) => row.status === "installee")) && (
            <a
              href={q || status ? labelSheetPath({ ids: installations.map((row) => row.id) }) : labelSheetPath()}
              className={buttonClass("outline", "md")}
            >
              <Printer aria-hidden="true" />{" "}
              {q || status ? "Étiquettes de cette liste" : "Étiquettes des machines installées"}
            </a>
          )}
        </>
      }
    >
      <StaffSearch
        id="recherche-installations"
        q={q}
        label="Rechercher par client, code, adresse ou personne à joindre"
        placeholder="Client, code, adresse"
        keep={{ statut: status }}
      />

      <nav aria-label="Statut" className="mb-6">
        <ul className={CHIP_ROW}>
          {[{ value: null, label: "Toutes" }, ...statuses].map((s) => (
            <li key={s.label}>
              <Link
                to={listHref(q, s.value)}
                aria-current={s.value === status ? "page" : undefined}
                className={chipClass(s.value === status)}
              >
                {s.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div aria-busy={loading} className={cn("transition-opacity", loading && "opacity-60")}>
        {q && (
          <p className="mb-4 text-sm text-stone" role="status">
            {typography(`${installations.length} installation${installations.length > 1 ? "s" : ""} pour « ${q} »`)} ·{" "}
            <Link to={listHref("", status)} className="underline">
              Effacer la recherche
            </Link>
          </p>
        )}
        {installations.length === 0 ? (
          <EmptyList searching={Boolean(q || status)} />
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2" aria-label="Installations">
            {installations.map((i) => (
              <InstallationCard key={i.id} installation={i} />
            ))}
          </ul>
        )}
      </div>
    </AdminPage>
  );
}

function EmptyList({ searching }: { searching: boolean }) {
  // Propositions are named only to an account that may open them (not Service).
  const proposals = mayOpen(useStaffUser()?.roles ?? [], "/edit-propositions");
  return (
    <div className="rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 p-6 text-stone">
      {searching ? (
        <p>{typography("Aucune installation ne correspond : essayez un autre mot ou un autre statut.")}</p>
      ) : !proposals ? (
        <p>{typography("Aucune installation pour l'instant. Ajoutez-la à la main avec « Nouvelle installation ».")}</p>
      ) : (
        <p>
          {typography("Aucune installation pour l'instant. Planifiez-en une depuis une proposition acceptée, dans ")}
          <Link to="/edit-propositions" className="underline">
            Propositions
          </Link>
          {typography(", ou ajoutez-la à la main.")}
        </p>
      )}
    </div>
  );
}

function InstallationCard({ installation: i }: { installation: InstallationListRow }) {
  return (
    <li data-testid="installation-row">
      <Link
        to={`/edit-installations/${i.id}`}
        className="block h-full rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] transition-colors hover:border-ink/25 focus-visible:ring-2 focus-visible:ring-brass focus-visible:outline-none sm:p-5"
      >
        <span className="flex flex-wrap items-start justify-between gap-2">
          <span className="min-w-0">
            <span className="block font-semibold break-words text-ink">{i.client_name}</span>
            <span className="mt-0.5 block break-words text-stone">{i.machine_name}</span>
          </span>
          <span
            className={cn("shrink-0 rounded-full px-3 py-1 text-sm font-medium", STATUS_TONES[i.status])}
            data-testid="installation-status"
          >
            {i.statusLabel}
          </span>
        </span>
        <span className="mt-3 flex flex-col gap-1 text-sm text-stone">
          <span className="font-mono whitespace-nowrap text-ink tabular-nums">{i.code}</span>
          <span className="flex items-start gap-1.5">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span className="break-words">{i.address}</span>
          </span>
          {i.status === "a-installer" && (
            <span className="flex items-start gap-1.5">
              <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
              <span>{i.plannedWhen ? typography(`Prévue le ${i.plannedWhen}`) : "Date à fixer"}</span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

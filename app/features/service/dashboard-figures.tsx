// The service's section of the statistics dashboard: tickets, response times and refunds of the period,
// each machine's scans (its QR code's page viewed), tickets and refunds, and the refunds of the last six
// months.
import { Link } from "react-router";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import type { ServiceDashboard } from "./dashboard.server";

const card = "rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";

/** 'nov. 2026' from '2026-11'. */
const monthName = (month: string) => {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return formatDate(new Date(Date.UTC(year, m - 1, 15, 12)), "month");
};

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className={card}>
      <p className="text-sm text-stone">{label}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{typography(value)}</p>
      {note && <p className="mt-1 text-sm text-stone">{typography(note)}</p>}
    </div>
  );
}

export function ServiceFigures({ figures: f }: { figures: ServiceDashboard }) {
  return (
    <section aria-labelledby="service-machines" className="space-y-4" data-testid="service-figures">
      <div>
        <h2 id="service-machines" className="text-xl font-semibold">
          Service aux machines
        </h2>
        <p className="mt-1 text-sm text-stone">
          {typography("Les codes QR scannés, les signalements reçus et leur traitement, pour la même période. ")}
          <Link to="/edit-service" className="underline decoration-brass/50 underline-offset-4">
            Ouvrir le service
          </Link>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Figure label="Signalements reçus" value={String(f.tickets)} />
        <Figure
          label="Délai de réponse médian"
          value={f.responseP50 ?? "—"}
          note={f.responseP90 ? `9 sur 10 en ${f.responseP90} ou moins (${f.answered} réponses)` : "Aucune réponse"}
        />
        <Figure label="Remboursements donnés" value={f.refunds} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <div className={card}>
          <h3 className="font-semibold">Par machine</h3>
          {f.machines.length === 0 ? (
            <p className="mt-2 text-sm text-stone">
              {typography("Aucun code QR scanné ni signalement pour cette période.")}
            </p>
          ) : (
            <table className="mt-2 w-full text-sm tabular-nums" data-table="Par machine">
              <thead className="text-left text-stone">
                <tr>
                  <th className="pb-2 font-medium">Machine</th>
                  <th className="pb-2 text-right font-medium">Scans</th>
                  <th className="pb-2 text-right font-medium">Signalements</th>
                  <th className="pb-2 text-right font-medium">Remb.</th>
                </tr>
              </thead>
              <tbody>
                {f.machines.map((m) => (
                  <tr key={m.code} className="border-t border-ink/5">
                    <td className="py-2 pr-2">
                      <span className="block break-words">{m.client}</span>
                      <span className="font-mono text-xs text-stone">{m.code}</span>
                    </td>
                    <td className="py-2 text-right">{m.scans}</td>
                    <td className="py-2 text-right">{m.tickets}</td>
                    <td className="py-2 text-right whitespace-nowrap">{m.refunds}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
        <div className={card}>
          <h3 className="font-semibold">Remboursements par mois</h3>
          <table className="mt-2 w-full text-sm tabular-nums" data-table="Remboursements par mois">
            <tbody>
              {f.months.map((m) => (
                <tr key={m.month} className="border-t border-ink/5 first:border-0">
                  <td className="py-2 first-letter:uppercase">{monthName(m.month)}</td>
                  <td className="py-2 text-right text-stone">{m.count}</td>
                  <td className="py-2 text-right whitespace-nowrap">{m.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

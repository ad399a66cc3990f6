// 'Journal des remboursements' (/edit-service/remboursements): the refunds given over the last 12
// months, their totals per month and machine (a machine that costs more than the others shows), and
// each refund with its amount, how it was given, when and by whom; the same list as a CSV file.
import { Download } from "lucide-react";
import { Link } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import type { refundLogData } from "./staff-queries.server";

type LogData = Awaited<ReturnType<typeof refundLogData>>;

const card = "rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";
const cell = "px-2 py-2 text-left align-top first:pl-0 last:pr-0 sm:px-3";

/** 'novembre 2026' from '2026-11' (the 15th at noon: the same month in every time zone). */
function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return formatDate(new Date(Date.UTC(year, m - 1, 15, 12)), "month");
}

export function RefundLog({ refunds, totals, grandTotal }: LogData) {
  return (
    <AdminPage
      title="Journal des remboursements"
      intro="Les remboursements donnés depuis 12 mois, par mois et par machine."
      back={{ to: "/edit-service", label: "Retour au service" }}
      actions={
        refunds.length > 0 && (
          // A file, not a screen: a plain link.
          <a href="/edit-service/remboursements.csv" className={buttonClass("outline", "md")} download>
            <Download aria-hidden="true" /> Exporter en CSV
          </a>
        )
      }
    >
      {refunds.length === 0 ? (
        <p className="rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 p-6 text-stone">
          {typography(
            "Aucun remboursement noté depuis 12 mois. Un remboursement se note en marquant résolu le signalement qui le demande.",
          )}
        </p>
      ) : (
        <div className="grid gap-6">
          <section aria-labelledby="totaux" className={`${card} min-w-0`}>
            <h2 id="totaux" className="text-lg font-semibold">
              {typography(`Totaux par mois et par machine · ${grandTotal} en tout`)}
            </h2>
            <div className="mt-3">
              <table className="w-full text-sm" data-testid="refund-totals">
                <thead className="text-stone">
                  <tr>
                    <th className={cell}>Mois</th>
                    <th className={cell}>Machine</th>
                    <th className={`${cell} text-right`}>Nombre</th>
                    <th className={`${cell} text-right`}>Total</th>
                  </tr>
                </thead>
                <tbody>
                  {totals.map((t) => (
                    <tr key={`${t.month} ${t.machine.code}`} className="border-t border-ink/8">
                      <td className={`${cell} capitalize`}>{monthName(t.month)}</td>
                      <td className={cell}>
                        <span className="block break-words">{t.machine.client}</span>
                        <span className="font-mono text-stone">{t.machine.code}</span>
                      </td>
                      <td className={`${cell} text-right tabular-nums`}>{t.count}</td>
                      <td className={`${cell} text-right font-medium tabular-nums`}>{t.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <section aria-labelledby="remboursements" className={card}>
            <h2 id="remboursements" className="text-lg font-semibold">
              Remboursements
            </h2>
            <ul className="mt-3 grid gap-3" data-testid="refund-list">
              {refunds.map((r) => (
                <li
                  key={r.id}
                  className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 border-t border-ink/8 pt-3 first:border-0 first:pt-0"
                >
                  <span className="min-w-0">
                    <Link
                      to={`/edit-service/${r.id}`}
                      className="font-medium underline decoration-brass/50 underline-offset-4"
                    >
                      {r.code}
                    </Link>{" "}
                    · {r.machine.client} <span className="font-mono text-sm text-stone">{r.machine.code}</span>
                    <span className="block text-sm text-stone">
                      {typography(`${r.when} · ${r.method}${r.by ? ` · ${r.by}` : ""}`)}
                    </span>
                  </span>
                  <span className="font-semibold tabular-nums">{r.amount}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      )}
    </AdminPage>
  );
}

// 'Journal des remboursements' (/edit-service/remboursements): the refunds given each of the last 12
// months, then for the month chosen its totals per machine (the costliest first: a machine that costs
// more than the others shows) and each refund with its amount, how it was given, when and by whom.
// The CSV file has every refund of the 12 months.
import { Download } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin-page";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { formatDate } from "~/lib/dates";
import { typography } from "~/lib/typography";
import type { refundLogData } from "./staff-queries.server";

type LogData = Awaited<ReturnType<typeof refundLogData>>;

const card = "min-w-0 rounded-[var(--radius-card)] border border-ink/8 bg-white p-4 shadow-[var(--shadow-card)] sm:p-5";
const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`;

/** 'novembre 2026' from '2026-11' (the 15th at noon: the same month in every time zone). */
function monthName(month: string): string {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return formatDate(new Date(Date.UTC(year, m - 1, 15, 12)), "month");
}

export function RefundLog({
  months,
  month,
  yearTotal,
  machines,
  methods,
  otherMachines,
  refunds,
  otherRefunds,
}: LogData) {
  const loading = useNavigation().state === "loading";
  return (
    <AdminPage
      title="Journal des remboursements"
      intro={typography(`Les remboursements donnés depuis 12 mois : ${yearTotal} en tout.`)}
      back={{ to: "/edit-service", label: "Retour au service" }}
      actions={
        // A file, not a screen: a plain link.
        <a href="/edit-service/remboursements.csv" className={buttonClass("outline", "md")} download>
          <Download aria-hidden="true" /> Exporter 12 mois en CSV
        </a>
      }
    >
      <nav aria-label="Mois" className="relative -mx-5 mb-6 overflow-x-auto px-5 sm:mx-0 sm:px-0">
        <ul className="flex w-max gap-2 sm:w-auto sm:flex-wrap" data-testid="refund-months">
          {months.map((m) => (
            <li key={m.value}>
              <Link
                to={`?mois=${m.value}`}
                aria-current={m.value === month.value ? "page" : undefined}
                className={cn(
                  "flex min-h-11 flex-col justify-center rounded-2xl border px-4 py-1.5 text-sm whitespace-nowrap transition-colors",
                  m.value === month.value
                    ? "border-ink bg-ink text-ivory"
                    : "border-ink/12 bg-white text-ink hover:border-ink/35",
                )}
              >
                <span className="font-medium first-letter:uppercase">{monthName(m.value)}</span>
                <span className="tabular-nums opacity-80">{m.count > 0 ? m.amount : "—"}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-busy={loading} className={cn("grid gap-6 transition-opacity", loading && "opacity-60")}>
        {month.count === 0 ? (
          <p className="rounded-[var(--radius-card)] border border-dashed border-ink/15 bg-white/60 p-6 text-stone">
            {typography(
              `Aucun remboursement noté en ${monthName(month.value)}. Un remboursement se note en marquant résolu le signalement qui le demande.`,
            )}
          </p>
        ) : (
          <>
            <section aria-labelledby="par-machine" className={card}>
              <h2 id="par-machine" className="text-lg font-semibold">
                {typography(
                  `${capitalized(monthName(month.value))} : ${plural(month.count, "remboursement", "remboursements")}, ${month.amount}`,
                )}
              </h2>
              <p className="mt-1 text-sm text-stone" data-testid="refund-methods">
                {typography(methods.map((m) => `${m.label} : ${m.count} · ${m.amount}`).join(" ; "))}
              </p>
              <ul className="mt-3 grid gap-2" data-testid="refund-totals">
                {machines.map((t) => (
                  <li
                    key={t.machine.code}
                    className="flex items-baseline justify-between gap-4 border-t border-ink/8 pt-2"
                  >
                    <span className="min-w-0 break-words">
                      {t.machine.client}{" "}
                      <span className="font-mono whitespace-nowrap text-sm text-stone">{t.machine.code}</span>
                    </span>
                    <span className="shrink-0 text-right tabular-nums">
                      <span className="font-semibold">{t.amount}</span>
                      <span className="block text-sm text-stone">{plural(t.count, "fois", "fois")}</span>
                    </span>
                  </li>
                ))}
              </ul>
              {otherMachines > 0 && (
                <p className="mt-3 text-sm text-stone">
                  {typography(`Et ${plural(otherMachines, "autre machine", "autres machines")}, dans le fichier CSV.`)}
                </p>
              )}
            </section>
            <RefundList refunds={refunds} others={otherRefunds} />
          </>
        )}
      </div>
    </AdminPage>
  );
}

function RefundList({ refunds, others }: { refunds: LogData["refunds"]; others: number }) {
  return (
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
              · {r.machine.client}{" "}
              <span className="font-mono whitespace-nowrap text-sm text-stone">{r.machine.code}</span>
              <span className="block text-sm text-stone">
                {typography(`${r.when} · ${r.method}${r.by ? ` · ${r.by}` : ""}`)}
              </span>
            </span>
            <span className="font-semibold tabular-nums">{r.amount}</span>
          </li>
        ))}
      </ul>
      {others > 0 && (
        <p className="mt-3 text-sm text-stone">
          {typography(`Les ${refunds.length} plus récents ; les ${others} autres sont dans le fichier CSV.`)}
        </p>
      )}
    </section>
  );
}
